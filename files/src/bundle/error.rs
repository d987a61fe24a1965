//! Why a bundle cannot be opened: its frame (the [`FrameError`] a snapshot's file has too), or
//! what is a bundle's own: the build that saved it and what it carries.

use std::path::PathBuf;

use crate::framed::FrameError;

/// Why a bundle cannot be opened.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum BundleError {
    /// Not a whole bundle file: another format or version, damaged, or not a bundle inside.
    #[error(transparent)]
    Frame(FrameError),
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
    Snapshot(FrameError),
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
