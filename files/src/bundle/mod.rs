//! A bundle: one file that hands the exact moment of a local chain to someone else. It holds the
//! chain's snapshot (a snapshot file's bytes, so every rule a snapshot obeys applies: data only,
//! never code or authority), the wallet book's test keys, the committed proof files, optionally a
//! timeline and the step it is at, and the build it was saved by. `fulltime bundle save` writes
//! one from a running node; `localnet --bundle` (and `just dev --bundle`) opens the stack at that
//! moment, writing what is not chain into `<state-dir>/bundle/` ([`opened`]).
//!
//! The file is the [frame](crate::framed) around the Borsh encoding of [`Bundle`]: damage is
//! found before anything in it is used, then the build, then everything inside
//! ([`Bundle::read`]). `fulltime bundle save` itself is the client's (`bundle`): it reads the
//! chain from a running node.

mod build;
mod error;
pub mod opened;

use std::path::{Path, PathBuf};

use borsh::{BorshDeserialize, BorshSerialize};
use solana_keypair::Keypair;

use crate::file_name::is_plain_file_name;
use crate::framed::FramedFile;
use crate::snapshot::ChainSnapshot;
use crate::wallet_book::WalletName;
use crate::whole_file::write_atomically;

pub use build::BundleBuild;
pub use error::{BundleError, BundleFileError};

/// The bundle file's frame: `fulltime bundle v1\n`, the Borsh encoding, its SHA-256.
pub static BUNDLE_FILE: FramedFile = FramedFile {
    format_line: "fulltime bundle v",
    version: 1,
    name: "bundle",
    short_name: "bundle",
    damaged: "damaged",
};

/// The extension of bundle files.
pub const EXTENSION: &str = "bundle";
/// Where `fulltime bundle save NAME` writes, under the state directory.
pub const BUNDLES_DIR: &str = "bundles";

/// A bundle as one value; see the module's documentation for the file around it.
#[derive(Clone, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct Bundle {
    /// The build that saved it; only the same build opens it.
    pub build: BundleBuild,
    /// When it was saved, unix seconds of the wall clock.
    pub saved_at: i64,
    /// The bytes of a snapshot file ([`crate::snapshot`]), checked as one when opened.
    pub snapshot: Vec<u8>,
    /// The wallet book of the state directory it was saved from, by name.
    pub wallets: Vec<BundleWallet>,
    /// The proof files, each by its file name (`arsenal-home-goals-over-1.json`, `roots.json`).
    pub proof_files: Vec<BundleFile>,
    pub timeline: Option<BundleTimeline>,
}

/// A wallet of the wallet book.
#[derive(Clone, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct BundleWallet {
    pub name: String,
    /// The 64 bytes of a solana CLI keypair file.
    pub keypair: Vec<u8>,
}

/// A text file, by its name.
#[derive(Clone, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct BundleFile {
    pub name: String,
    pub text: String,
}

/// The timeline being played, and where in it the chain is.
#[derive(Clone, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct BundleTimeline {
    /// The timeline file's name, as it was saved from (`pro-rata-payouts.toml`).
    pub file_name: String,
    pub text: String,
    /// The name of the step the chain is at.
    pub step: String,
    /// What the timeline's names stand for on this chain, so that it goes on from the step:
    /// its wallets' names in the wallet book, and its market labels' ids. Empty when it was
    /// saved without being played (`fulltime bundle save --timeline`).
    pub cast: BundleCast,
}

/// The timeline's wallets (its name, then the wallet book's) and markets (label, id).
#[derive(Clone, Debug, Default, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct BundleCast {
    pub wallets: Vec<(String, String)>,
    pub markets: Vec<(String, u64)>,
}

/// A bundle read and checked whole: its chain decoded, its wallets' names and keys valid, its
/// files' names safe to write.
#[derive(Debug)]
pub struct CheckedBundle {
    pub saved_at: i64,
    pub chain: ChainSnapshot,
    pub wallets: Vec<(WalletName, Keypair)>,
    pub proof_files: Vec<BundleFile>,
    pub timeline: Option<BundleTimeline>,
}

impl Bundle {
    /// Reads the file at `path` and checks it in order: format, checksum (nothing of a damaged
    /// file is used), this build, then the snapshot inside (its own format and checksum), the
    /// wallets and the file names. The snapshot's accounts are the node's to check.
    pub fn read(path: &Path) -> Result<CheckedBundle, BundleFileError> {
        let bytes = std::fs::read(path).map_err(|source| BundleFileError::Read {
            path: path.to_owned(),
            source,
        })?;
        let invalid = |error| BundleFileError::Invalid {
            path: path.to_owned(),
            error,
        };
        let bundle: Self = BUNDLE_FILE
            .decode(&bytes)
            .map_err(|error| invalid(BundleError::Frame(error)))?;
        bundle
            .build
            .check(&BundleBuild::current())
            .map_err(invalid)?;
        bundle.checked().map_err(invalid)
    }

    /// Writes the file at `path` whole or not at all, readable by its owner only: it holds
    /// secret keys.
    pub fn write(&self, path: &Path) -> Result<u64, BundleFileError> {
        let bytes = BUNDLE_FILE.encode(self);
        write_atomically(path, &bytes).map_err(|source| BundleFileError::Write {
            path: path.to_owned(),
            source,
        })?;
        Ok(bytes.len() as u64)
    }

    fn checked(self) -> Result<CheckedBundle, BundleError> {
        let chain = ChainSnapshot::from_bytes(&self.snapshot).map_err(BundleError::Snapshot)?;
        let mut wallets = Vec::with_capacity(self.wallets.len());
        for wallet in self.wallets {
            let name: WalletName = wallet.name.parse().map_err(|_| BundleError::Wallet {
                name: wallet.name.clone(),
                reason: "not a wallet book name".into(),
            })?;
            let keypair = Keypair::try_from(wallet.keypair.as_slice()).map_err(|error| {
                BundleError::Wallet {
                    name: wallet.name.clone(),
                    reason: format!("not a keypair: {error}"),
                }
            })?;
            wallets.push((name, keypair));
        }
        // The timeline's file name is only told (`bundle.json`); these become paths.
        for file in &self.proof_files {
            check_file_name(&file.name)?;
        }
        Ok(CheckedBundle {
            saved_at: self.saved_at,
            chain,
            wallets,
            proof_files: self.proof_files,
            timeline: self.timeline,
        })
    }
}

/// A file name a bundle may carry ([`is_plain_file_name`]), so that it is written as one file
/// where it is meant to go and nowhere else.
pub fn check_file_name(name: &str) -> Result<(), BundleError> {
    if !is_plain_file_name(name) {
        return Err(BundleError::FileName {
            name: name.to_owned(),
        });
    }
    Ok(())
}

/// `<state_dir>/bundles/<name>.bundle`.
pub fn named_path(state_dir: &Path, name: &str) -> PathBuf {
    state_dir
        .join(BUNDLES_DIR)
        .join(format!("{name}.{EXTENSION}"))
}

#[cfg(test)]
mod tests;
