//! How long the commit feed takes over each commit, and how far behind surfpool it falls.
//! Surfpool sends its commits on a bounded channel while it holds its SVM lock, and waits only
//! when that channel is full: a backlog that never reaches the channel's capacity never held
//! surfpool up. Kept for the bench (`bench --only pubsub`), at the cost of a clock read and an
//! uncontended lock per commit.

use std::collections::VecDeque;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How many of the latest commits' times are kept.
const KEPT: usize = 1 << 16;

#[derive(Default)]
pub struct FeedTiming {
    kept: Mutex<FeedReport>,
}

/// The feed since the last report.
#[derive(Clone, Debug, Default)]
pub struct FeedReport {
    pub commits: u64,
    /// The time each of the latest commits took to reach every listener (the front's registry
    /// and outboxes included), oldest first.
    pub handling: VecDeque<Duration>,
    /// The most commits found waiting in surfpool's channel as one was taken.
    pub deepest_backlog: usize,
    /// The channel's capacity, which surfpool would wait on.
    pub capacity: Option<usize>,
}

impl FeedTiming {
    fn kept(&self) -> MutexGuard<'_, FeedReport> {
        self.kept.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn record(&self, handling: Duration, backlog: usize, capacity: Option<usize>) {
        let mut kept = self.kept();
        kept.commits += 1;
        if kept.handling.len() == KEPT {
            kept.handling.pop_front();
        }
        kept.handling.push_back(handling);
        kept.deepest_backlog = kept.deepest_backlog.max(backlog);
        kept.capacity = capacity;
    }

    /// What was recorded since the last call, forgotten.
    pub fn take(&self) -> FeedReport {
        std::mem::take(&mut *self.kept())
    }
}
