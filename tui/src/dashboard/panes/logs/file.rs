//! A log file as the view keeps it: the last lines in a bounded ring, where it is scrolled to,
//! and what the tail task last found of it.

use std::collections::VecDeque;

use crate::dashboard::log_source::LogRead;

/// Lines kept per file; older ones drop off the front.
pub const KEPT_LINES: usize = 5_000;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum LogStatus {
    /// Not looked at yet.
    #[default]
    Waiting,
    Missing,
    Unreadable(String),
    Present,
}

#[derive(Clone, Debug)]
pub struct LogFile {
    /// As shown: `.localnet/faucet.log`.
    pub path: String,
    pub status: LogStatus,
    pub lines: VecDeque<String>,
    /// The number, counted from the file's first line seen, of `lines[0]`: a scrolled view
    /// stays on the same lines while new ones arrive and old ones drop off.
    pub first: u64,
    /// The number of the top line shown; `None` while following the end.
    pub top: Option<u64>,
    /// Columns scrolled sideways (long lines are cut, not wrapped).
    pub shift: u16,
}

impl LogFile {
    pub fn new(path: String) -> Self {
        Self {
            path,
            status: LogStatus::Waiting,
            lines: VecDeque::new(),
            first: 0,
            top: None,
            shift: 0,
        }
    }

    pub fn following(&self) -> bool {
        self.top.is_none()
    }

    pub fn apply(&mut self, read: LogRead) {
        match read {
            LogRead::Missing => {
                self.status = LogStatus::Missing;
                self.clear();
            }
            LogRead::Unreadable(why) => {
                self.status = LogStatus::Unreadable(why);
                self.clear();
            }
            LogRead::Lines { restarted, lines } => {
                self.status = LogStatus::Present;
                if restarted {
                    self.clear();
                }
                let skipped = lines.len().saturating_sub(KEPT_LINES);
                self.first += count(skipped);
                self.lines.extend(lines.into_iter().skip(skipped));
                let dropped = self.lines.len().saturating_sub(KEPT_LINES);
                self.lines.drain(..dropped);
                self.first += count(dropped);
            }
        }
    }

    fn clear(&mut self) {
        self.first += count(self.lines.len());
        self.lines.clear();
        self.top = None;
        self.shift = 0;
    }

    /// The number of the top line when following: the last `height` lines are shown.
    fn last_top(&self, height: usize) -> u64 {
        self.first + count(self.lines.len().saturating_sub(height))
    }

    /// The index in `lines` of the top line shown in a view `height` lines tall.
    pub fn top_index(&self, height: usize) -> usize {
        let last = self.last_top(height);
        let top = self.top.map_or(last, |top| top.clamp(self.first, last));
        usize::try_from(top - self.first).unwrap_or(0)
    }

    /// Moves the view by `delta` lines; up leaves follow mode, reaching the end re-enters it.
    pub fn scroll(&mut self, delta: i64, height: usize) {
        let last = self.last_top(height);
        let current = self.first + count(self.top_index(height));
        let target = if delta < 0 {
            current.saturating_sub(delta.unsigned_abs())
        } else {
            current.saturating_add(delta.unsigned_abs())
        }
        .clamp(self.first, last);
        self.top = (target < last).then_some(target);
    }

    pub fn shift_by(&mut self, columns: i32) {
        // No further than the longest line kept, so something always shows.
        let longest = self
            .lines
            .iter()
            .map(|line| line.chars().count())
            .max()
            .unwrap_or(0);
        let limit = u16::try_from(longest).unwrap_or(u16::MAX);
        let shift = i32::from(self.shift).saturating_add(columns);
        self.shift = u16::try_from(shift.max(0)).unwrap_or(u16::MAX).min(limit);
    }
}

fn count(lines: usize) -> u64 {
    u64::try_from(lines).unwrap_or(u64::MAX)
}
