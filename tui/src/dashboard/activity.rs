//! The requests of this session, newest first: what the activity panel lists, the progress
//! popup follows and the activity picker offers to inspect.

use crate::dashboard::failure::FailureView;
use crate::dashboard::message::{Done, Stage};

/// How many requests the panel remembers.
pub const ACTIVITY_LIMIT: usize = 50;

/// A transaction or faucet request, in flight or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activity {
    /// `Deposit 2.5 USDC on YES, market 3`.
    pub what: String,
    pub state: ActivityState,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActivityState {
    Running(Stage),
    Done(Done),
    /// The failure in full, for the inspector.
    Failed(Box<FailureView>),
}

/// A request starts: the newest line, checking.
pub fn start(activity: &mut Vec<Activity>, what: String) {
    activity.insert(
        0,
        Activity {
            what,
            state: ActivityState::Running(Stage::Checking),
        },
    );
    activity.truncate(ACTIVITY_LIMIT);
}
