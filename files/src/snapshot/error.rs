//! A snapshot file that cannot be used, named; what is wrong inside it is the frame's
//! [`FrameError`].

use std::path::PathBuf;

use crate::framed::FrameError;

/// A snapshot file that cannot be used, named.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotFileError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}: {error}", path.display())]
    Invalid { path: PathBuf, error: FrameError },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}
