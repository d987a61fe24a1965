//! The file around a [`Bundle`]: `fulltime bundle v1\n`, the Borsh encoding, and the SHA-256 of
//! that encoding (the frame of `crate::checksummed_file`).

use std::path::PathBuf;

use borsh::BorshDeserialize;

use super::Bundle;
use crate::checksummed_file::{FrameError, frame, unframe};
use crate::snapshot::SnapshotError;

/// The first line of a bundle file, without its version and newline.
pub const FORMAT_LINE: &str = "fulltime bundle v";
/// The version this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// Why a bundle cannot be opened.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum BundleError {
    #[error("not a Fulltime bundle (it does not start with `{FORMAT_LINE}{FORMAT_VERSION}`)")]
    NotABundle,
    #[error("a bundle of format version {found}; this build reads version {FORMAT_VERSION}")]
    Version { found: String },
    #[error("damaged or truncated: its checksum does not match its contents")]
    Checksum,
    #[error("damaged: {0}")]
    Decode(String),
    #[error(
        "it comes from another build: saved by Fulltime {saved_version} (build fingerprint \
         {saved}), and this is {current_version} ({current}); open it with the build it was \
         saved by"
    )]
    OtherBuild {
        saved_version: String,
        saved: String,
        current_version: String,
        current: String,
    },
    #[error("its chain snapshot: {0}")]
    Snapshot(SnapshotError),
    #[error("its wallet `{name}`: {reason}")]
    Wallet { name: String, reason: String },
    #[error(
        "it names a file `{name}`: a bundle's files are named with letters, digits, `-`, `_` \
         and `.`"
    )]
    FileName { name: String },
}

/// A bundle file that cannot be used, named.
#[derive(Debug, thiserror::Error)]
pub enum BundleFileError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {error}", path.display())]
    Invalid { path: PathBuf, error: BundleError },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

pub fn encode(bundle: &Bundle) -> Vec<u8> {
    let body = borsh::to_vec(bundle).expect("a bundle serializes into memory");
    frame(FORMAT_LINE, FORMAT_VERSION, &body)
}

pub fn decode(bytes: &[u8]) -> Result<Bundle, BundleError> {
    let body = unframe(bytes, FORMAT_LINE, FORMAT_VERSION).map_err(|error| match error {
        FrameError::OtherFormat => BundleError::NotABundle,
        FrameError::Version { found } => BundleError::Version { found },
        FrameError::Checksum => BundleError::Checksum,
    })?;
    Bundle::try_from_slice(body).map_err(|error| BundleError::Decode(error.to_string()))
}
