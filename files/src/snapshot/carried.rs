//! What a snapshot carries: data, never code or authority. Programs, their loaders' accounts,
//! sysvars and feature gates are written by the node itself on every start; an account of those
//! kinds in a snapshot could replace a program or its upgrade authority, so a saved snapshot
//! leaves them out and a loaded one that holds one is refused whole.

use std::fmt;

use anchor_lang::prelude::{Pubkey, pubkey};

/// The owners of the accounts a start writes itself, and what each is.
const NODE_OWNERS: [(Pubkey, &str); 7] = [
    (
        pubkey!("NativeLoader1111111111111111111111111111111"),
        "the native loader",
    ),
    (
        pubkey!("BPFLoader1111111111111111111111111111111111"),
        "BPF loader v1",
    ),
    (
        pubkey!("BPFLoader2111111111111111111111111111111111"),
        "BPF loader v2",
    ),
    (
        pubkey!("BPFLoaderUpgradeab1e11111111111111111111111"),
        "the upgradeable BPF loader",
    ),
    (
        pubkey!("LoaderV411111111111111111111111111111111111"),
        "loader v4",
    ),
    (
        pubkey!("Sysvar1111111111111111111111111111111111111"),
        "the sysvar program",
    ),
    (
        pubkey!("Feature111111111111111111111111111111111111"),
        "the feature program",
    ),
];

/// Why an account is of a kind the node writes itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NodeWritten {
    /// Owned by a loader, the sysvar or the feature program.
    Owned { owner: Pubkey, by: &'static str },
    /// A program, whoever owns it.
    Executable,
}

impl fmt::Display for NodeWritten {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Owned { owner, by } => write!(f, "owned by {by} ({owner})"),
            Self::Executable => f.write_str("executable (a program)"),
        }
    }
}

/// Whether an account owned by `owner` is of a kind the node writes itself, and which.
pub fn node_written(owner: &Pubkey, executable: bool) -> Option<NodeWritten> {
    if let Some((owner, by)) = NODE_OWNERS.iter().find(|(known, _)| known == owner) {
        return Some(NodeWritten::Owned { owner: *owner, by });
    }
    executable.then_some(NodeWritten::Executable)
}

/// Whether an account belongs in a snapshot: it exists, and is data ([`node_written`] says
/// nothing against it).
pub fn belongs_in_snapshot(owner: &Pubkey, executable: bool, lamports: u64) -> bool {
    lamports > 0 && node_written(owner, executable).is_none()
}
