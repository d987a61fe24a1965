//! The file around a [`ChainSnapshot`]: `fulltime chain snapshot v1\n`, the Borsh encoding, and
//! the SHA-256 of that encoding (the frame of `crate::checksummed_file`).

use std::path::PathBuf;

use borsh::BorshDeserialize;

use super::ChainSnapshot;
use crate::checksummed_file::{FrameError, frame, unframe};

/// The first line of a snapshot file, without its version and newline.
pub const FORMAT_LINE: &str = "fulltime chain snapshot v";
/// The version this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum SnapshotError {
    #[error(
        "not a Fulltime chain snapshot (it does not start with `{FORMAT_LINE}{FORMAT_VERSION}`)"
    )]
    NotASnapshot,
    #[error("a snapshot of format version {found}; this build reads version {FORMAT_VERSION}")]
    Version { found: String },
    #[error("corrupt or truncated: its checksum does not match its contents")]
    Checksum,
    #[error("corrupt: {0}")]
    Decode(String),
}

/// A snapshot file that cannot be used, named.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotFileError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {error}", path.display())]
    Invalid { path: PathBuf, error: SnapshotError },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

pub fn encode(snapshot: &ChainSnapshot) -> Vec<u8> {
    let body = borsh::to_vec(snapshot).expect("a snapshot serializes into memory");
    frame(FORMAT_LINE, FORMAT_VERSION, &body)
}

pub fn decode(bytes: &[u8]) -> Result<ChainSnapshot, SnapshotError> {
    let body = unframe(bytes, FORMAT_LINE, FORMAT_VERSION).map_err(|error| match error {
        FrameError::OtherFormat => SnapshotError::NotASnapshot,
        FrameError::Version { found } => SnapshotError::Version { found },
        FrameError::Checksum => SnapshotError::Checksum,
    })?;
    ChainSnapshot::try_from_slice(body).map_err(|error| SnapshotError::Decode(error.to_string()))
}
