//! `fulltime warp`: the cluster clock before and after.

use std::fmt;

use serde::Serialize;

use super::{Summary, TransactionLink};
use crate::input::format_time;

#[derive(Clone, Debug, Serialize)]
pub struct ClockWarp {
    pub before: i64,
    pub after: i64,
    pub before_utc: String,
    pub after_utc: String,
}

impl ClockWarp {
    pub fn new(before: i64, after: i64) -> Self {
        Self {
            before,
            after,
            before_utc: format_time(before),
            after_utc: format_time(after),
        }
    }
}

/// `Cluster clock: 2026-11-20T00:00:00Z -> 2026-11-20T00:11:00Z`
impl fmt::Display for ClockWarp {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "Cluster clock: {} -> {}",
            self.before_utc, self.after_utc
        )
    }
}

/// `Cluster clock moved to 2026-11-20T00:11:00Z`: the dashboard's line for a warp.
impl Summary for ClockWarp {
    fn summary(&self) -> String {
        format!("Cluster clock moved to {}", self.after_utc)
    }

    /// A cheat-code request, not a transaction.
    fn transaction(&self) -> Option<&TransactionLink> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::samples::json_of;

    #[test]
    fn shows_the_clock_before_and_after() {
        let warp = ClockWarp::new(1_795_132_800, 1_795_133_460);
        assert_eq!(
            warp.to_string(),
            "Cluster clock: 2026-11-20T00:00:00Z -> 2026-11-20T00:11:00Z"
        );
        assert_eq!(json_of(&warp)["after"], 1_795_133_460);
    }
}
