//! Why an action could not be recorded, or a recording not saved.

use std::path::PathBuf;

use fulltime_matches::timeline::{TimelineError, WriteError};

use crate::error::Error;

#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// Reading the chain failed.
    #[error(transparent)]
    Chain(#[from] Error),
    #[error(
        "the clock went back from {previous} to {clock}: a recording follows one chain forward (stepping back drops it)"
    )]
    ClockWentBack { previous: i64, clock: i64 },
    #[error(
        "the action failed with `{0}`, which is no error of the client's catalog: a timeline can only expect a program's error by name"
    )]
    UnnamedFailure(String),
    #[error("wallet `{0}` is not in the recording: add it to the wallet book before recording")]
    UnknownWallet(String),
    #[error("{0} is no step of a timeline")]
    NotAStep(&'static str),
    #[error("market {0} is not in the recording: it did not exist when the recording started")]
    UnknownMarket(u64),
    #[error("no proof case has a kickoff to count the recording's times from")]
    NoMatch,
    #[error("{0} SOL is more than a wallet can hold")]
    TooMuchSol(u64),
    #[error(transparent)]
    Write(#[from] WriteError),
    #[error("the written timeline does not load back the same: {0}")]
    NotLoadedBack(String),
    #[error("write {}: {source}", path.display())]
    Save {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl From<TimelineError> for RecordError {
    fn from(error: TimelineError) -> Self {
        Self::NotLoadedBack(error.to_string())
    }
}
