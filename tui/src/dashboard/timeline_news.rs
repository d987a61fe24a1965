//! What the timeline pane's work reports back (`tasks/timeline.rs`) and what the pane keeps of
//! it: a timeline set up, a step run, a step undone, the invariants read after a hand action.

use std::path::PathBuf;

use fulltime_desk::output::timeline::{StepRun, TimelineFailure};

/// A step of the timeline as the pane lists it before it runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepHeading {
    pub name: String,
    /// When the step runs, unix seconds.
    pub at: i64,
}

/// Whether the invariants held when last read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvariantsState {
    /// Not read since the timeline was set up or stepped back to its start.
    Unread,
    Held,
    /// The first that does not hold, in words (`the vault holds ... (home-over-1): ...`).
    Broken(String),
    /// A step stopped at an unexpected result before they were read, or reading them failed.
    NotRead(String),
}

#[derive(Clone, Debug)]
pub enum TimelineNews {
    /// The timeline's cast is set up on the node: its name and steps.
    Opened {
        name: String,
        steps: Vec<StepHeading>,
        /// Steps already played on the chain (a bundle's), which run no more: the next is this.
        played: usize,
    },
    /// Step `index` ran; `failure` is its first unexpected result.
    Stepped {
        index: usize,
        run: Box<StepRun>,
        failure: Option<Box<TimelineFailure>>,
    },
    /// The chain is back to before step `next`, which runs next.
    SteppedBack { next: usize },
    /// The invariants, read after something done by hand.
    Checked(InvariantsState),
}

/// What the timeline pane asks the runner to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimelineOrder {
    /// Load the file and set its cast up on the node.
    Open { file: PathBuf, name: String },
    /// Run the next step.
    Next,
    /// Restore the checkpoint kept before the last step run.
    Back,
    /// Run every step up to and including this index.
    RunTo(usize),
}
