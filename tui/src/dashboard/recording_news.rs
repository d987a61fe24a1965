//! What the app holds of a recording and what the runner tells it: the state the header and the
//! keys read, apart from the handling that changes it, so that the app's own types name it
//! without reaching up into the handling.

use std::path::PathBuf;

/// What the app knows of the recording under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recording {
    /// Asked for; the recorder is reading the chain it starts from.
    Starting,
    /// This many hand actions recorded.
    On { steps: usize },
}

/// What the runner says of the recording.
#[derive(Clone, Debug)]
pub enum RecordingNews {
    /// The recorder started, or why it could not.
    Started(Result<(), String>),
    /// An action became a step (the steps so far), or why it did not.
    Recorded(Result<usize, String>),
    /// The file written, which ends the recording, or why it was not.
    Saved(Result<PathBuf, String>),
}
