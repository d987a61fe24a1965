//! A whole local chain in one file: every account a fresh `localnet` does not write itself, the
//! clock, the slot, the test USDC mint and the keys of `env.json`, and the program build it came
//! from. `localnet` keeps its own chain in this format (`<state-dir>/chain.snapshot`) and starts
//! from any such file (`--snapshot`); `fulltime snapshot save` writes one from a running node
//! (the client's `snapshot`).
//!
//! The file is the [frame](crate::framed) around the Borsh encoding of [`ChainSnapshot`], so that
//! a truncated or damaged file is refused as such instead of loading part of a chain.

mod build;
mod carried;
mod error;

use std::path::{Path, PathBuf};

use anchor_lang::prelude::Pubkey;
use borsh::{BorshDeserialize, BorshSerialize};

use crate::framed::{FrameError, FramedFile};
use crate::whole_file::write_atomically;

pub(crate) use build::IDLS;
pub use build::{BuildMismatch, ProgramBuild};
pub use carried::{NodeWritten, belongs_in_snapshot, node_written};
pub use error::SnapshotFileError;

/// The snapshot file's frame: `fulltime chain snapshot v1\n`, the Borsh encoding, its SHA-256.
pub static SNAPSHOT_FILE: FramedFile = FramedFile {
    format_line: "fulltime chain snapshot v",
    version: 1,
    name: "chain snapshot",
    short_name: "snapshot",
    damaged: "corrupt",
};

/// The extension of snapshot files.
pub const EXTENSION: &str = "snapshot";
/// Where `fulltime snapshot save` writes, under the state directory.
pub const SNAPSHOTS_DIR: &str = "snapshots";

/// A chain as one value; see the module's documentation for the file around it.
#[derive(Clone, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct ChainSnapshot {
    /// The programs the accounts were written by.
    pub build: ProgramBuild,
    /// When the file was written, unix seconds of the wall clock.
    pub saved_at: i64,
    /// When the chain was made (its first start, or its load from a snapshot), unix seconds of
    /// the wall clock.
    pub started: i64,
    pub clock: ChainClock,
    /// The test USDC mint.
    pub mint: Pubkey,
    pub keys: Vec<SnapshotKey>,
    /// Sorted by address.
    pub accounts: Vec<SnapshotAccount>,
}

/// Where the chain is in time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct ChainClock {
    /// The cluster clock, unix milliseconds (the Clock sysvar holds its seconds).
    pub unix_ms: u64,
    pub slot: u64,
    pub block_height: u64,
    pub transaction_count: u64,
}

impl ChainClock {
    /// The Clock sysvar's `unix_timestamp`.
    pub fn unix_timestamp(&self) -> i64 {
        i64::try_from(self.unix_ms / 1_000).unwrap_or(i64::MAX)
    }

    /// The later of two readings of one chain: neither the clock nor the slot goes back.
    pub fn latest(self, other: Self) -> Self {
        Self {
            unix_ms: self.unix_ms.max(other.unix_ms),
            slot: self.slot.max(other.slot),
            block_height: self.block_height.max(other.block_height),
            transaction_count: self.transaction_count.max(other.transaction_count),
        }
    }
}

/// What a key does on the chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub enum KeyRole {
    /// The test USDC mint's authority, the settlement program's upgrade authority on `localnet`,
    /// the faucet's key.
    MintAuthority,
    /// The mock oracle's upgrade authority, the only key it takes roots from.
    OracleAuthority,
    /// The wallet the chain was bootstrapped for.
    Wallet,
}

impl KeyRole {
    pub const ALL: [Self; 3] = [Self::MintAuthority, Self::OracleAuthority, Self::Wallet];

    pub fn label(self) -> &'static str {
        match self {
            Self::MintAuthority => "mint authority",
            Self::OracleAuthority => "oracle authority",
            Self::Wallet => "wallet",
        }
    }
}

/// One key of `env.json`: always its address; its keypair file's path where the file is on this
/// machine (the chain a node keeps); its secret key only where the key belongs to the chain
/// alone (a snapshot, for keys the node made in its state directory).
#[derive(Clone, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct SnapshotKey {
    pub role: KeyRole,
    pub pubkey: Pubkey,
    pub path: Option<String>,
    /// The 64 bytes of a solana CLI keypair file.
    pub secret: Option<Vec<u8>>,
}

#[derive(Clone, Debug, PartialEq, Eq, BorshSerialize, BorshDeserialize)]
pub struct SnapshotAccount {
    pub address: Pubkey,
    pub lamports: u64,
    pub owner: Pubkey,
    pub executable: bool,
    pub rent_epoch: u64,
    pub data: Vec<u8>,
}

impl ChainSnapshot {
    /// The key of `role`, if the snapshot names one.
    pub fn key(&self, role: KeyRole) -> Option<&SnapshotKey> {
        self.keys.iter().find(|key| key.role == role)
    }

    /// The accounts owned by `owner`.
    pub fn owned_by<'a>(&'a self, owner: &'a Pubkey) -> impl Iterator<Item = &'a SnapshotAccount> {
        self.accounts
            .iter()
            .filter(move |account| account.owner == *owner)
    }

    /// Reads and checks the file at `path` (format, version, checksum); the build is the
    /// caller's to check ([`ProgramBuild::check`]).
    pub fn read(path: &Path) -> Result<Self, SnapshotFileError> {
        let bytes = std::fs::read(path).map_err(|source| SnapshotFileError::Read {
            path: path.to_owned(),
            source,
        })?;
        Self::from_bytes(&bytes).map_err(|error| SnapshotFileError::Invalid {
            path: path.to_owned(),
            error,
        })
    }

    /// A snapshot file's bytes, checked as [`Self::read`] checks a file (a bundle holds them).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, FrameError> {
        SNAPSHOT_FILE.decode(bytes)
    }

    /// The bytes of its file.
    pub fn to_bytes(&self) -> Vec<u8> {
        SNAPSHOT_FILE.encode(self)
    }

    /// Writes the file at `path` whole or not at all (a temporary file renamed over it), readable
    /// by its owner only: it may hold secret keys.
    pub fn write(&self, path: &Path) -> Result<u64, SnapshotFileError> {
        let bytes = self.to_bytes();
        write_atomically(path, &bytes).map_err(|source| SnapshotFileError::Write {
            path: path.to_owned(),
            source,
        })?;
        Ok(bytes.len() as u64)
    }
}

/// `<state_dir>/snapshots/<name>.snapshot`.
pub fn named_path(state_dir: &Path, name: &str) -> PathBuf {
    state_dir
        .join(SNAPSHOTS_DIR)
        .join(format!("{name}.{EXTENSION}"))
}

#[cfg(test)]
pub(crate) mod tests;
