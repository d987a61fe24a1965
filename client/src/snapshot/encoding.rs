//! The file around a [`ChainSnapshot`]: `fulltime chain snapshot v1\n`, the Borsh encoding, and
//! the SHA-256 of that encoding.

use std::path::PathBuf;

use borsh::BorshDeserialize;
use sha2::{Digest, Sha256};

use super::ChainSnapshot;

/// The first line of a snapshot file, without its version and newline.
pub const FORMAT_LINE: &str = "fulltime chain snapshot v";
/// The version this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

const CHECKSUM_LEN: usize = 32;

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
    let mut bytes = format!("{FORMAT_LINE}{FORMAT_VERSION}\n").into_bytes();
    bytes.extend_from_slice(&body);
    bytes.extend_from_slice(&Sha256::digest(&body));
    bytes
}

pub fn decode(bytes: &[u8]) -> Result<ChainSnapshot, SnapshotError> {
    let rest = bytes
        .strip_prefix(FORMAT_LINE.as_bytes())
        .ok_or(SnapshotError::NotASnapshot)?;
    let line_end = rest
        .iter()
        .take(16)
        .position(|byte| *byte == b'\n')
        .ok_or(SnapshotError::NotASnapshot)?;
    let version = String::from_utf8_lossy(&rest[..line_end]).into_owned();
    if version != FORMAT_VERSION.to_string() {
        return Err(SnapshotError::Version { found: version });
    }
    let rest = &rest[line_end + 1..];
    let body_len = rest
        .len()
        .checked_sub(CHECKSUM_LEN)
        .ok_or(SnapshotError::Checksum)?;
    let (body, checksum) = rest.split_at(body_len);
    if Sha256::digest(body).as_slice() != checksum {
        return Err(SnapshotError::Checksum);
    }
    ChainSnapshot::try_from_slice(body).map_err(|error| SnapshotError::Decode(error.to_string()))
}
