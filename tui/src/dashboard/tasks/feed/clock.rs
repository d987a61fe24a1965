//! The cluster clock between readings of it.
//!
//! No node pushes the clock: surfpool sets the Clock sysvar without notifying account
//! subscribers. Between two readings it is counted on from the last one with the wall clock, as
//! localnet's own clock runs. What the node does push are slots, and a warp shows in them: on
//! localnet every wall-clock tick moves the slot by about a hundred (one per 10 ms), which the
//! next announced slot reveals as skipped slots, and a warp moves it by one per 10 ms of the
//! jump. A skip several times the usual size means the clock was moved, and must be read again.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use fulltime_client::rpc::ClockReading;

/// How many recent skips make the usual one.
const SKIPS_KEPT: usize = 8;
/// A skip this many times the usual one is a warp.
const JUMP_FACTOR: u64 = 5;
/// Below this many slots a skip is never taken for a warp (a real cluster skips a few slots
/// now and then).
const JUMP_MIN: u64 = 32;

pub struct ClusterClock {
    /// The last reading's time, and when it was taken.
    unix: i64,
    read_at: Instant,
    /// The newest slot known, announced or read.
    last_slot: u64,
    /// The slots skipped between announced slots lately, oldest first.
    skips: VecDeque<u64>,
}

impl ClusterClock {
    pub fn new(reading: ClockReading, at: Instant) -> Self {
        Self {
            unix: reading.unix_timestamp,
            read_at: at,
            last_slot: reading.slot,
            skips: VecDeque::new(),
        }
    }

    /// Starts counting from a new reading.
    pub fn anchor(&mut self, reading: ClockReading, at: Instant) {
        self.unix = reading.unix_timestamp;
        self.read_at = at;
        self.last_slot = self.last_slot.max(reading.slot);
    }

    /// The cluster time (unix seconds) at `at`.
    pub fn now(&self, at: Instant) -> i64 {
        let elapsed = at.saturating_duration_since(self.read_at).as_secs();
        self.unix
            .saturating_add(i64::try_from(elapsed).unwrap_or(i64::MAX))
    }

    /// When [`ClusterClock::now`] next moves on after `at`.
    pub fn next_second(&self, at: Instant) -> Instant {
        let elapsed = at.saturating_duration_since(self.read_at).as_secs();
        self.read_at + Duration::from_secs(elapsed.saturating_add(1))
    }

    /// Notes a slot the node announced; `true` when the slots jumped as a warp moves them, so the
    /// clock must be read again.
    pub fn on_slot(&mut self, slot: u64) -> bool {
        let Some(skipped) = slot.checked_sub(self.last_slot.saturating_add(1)) else {
            // Older than what is known: a late announcement.
            return false;
        };
        self.last_slot = slot;
        if skipped == 0 {
            return false;
        }
        if self
            .usual_skip()
            .is_some_and(|usual| skipped > usual.saturating_mul(JUMP_FACTOR).max(JUMP_MIN))
        {
            return true;
        }
        if self.skips.len() == SKIPS_KEPT {
            self.skips.pop_front();
        }
        self.skips.push_back(skipped);
        false
    }

    /// The lower median of the recent skips: one odd skip does not move it.
    fn usual_skip(&self) -> Option<u64> {
        let mut skips: Vec<u64> = self.skips.iter().copied().collect();
        skips.sort_unstable();
        skips.get(skips.len().saturating_sub(1) / 2).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reading(slot: u64, unix_timestamp: i64) -> ClockReading {
        ClockReading {
            slot,
            unix_timestamp,
        }
    }

    #[test]
    fn counts_on_from_the_last_reading() {
        let start = Instant::now();
        let mut clock = ClusterClock::new(reading(10, 1_000), start);
        assert_eq!(clock.now(start), 1_000);
        assert_eq!(clock.now(start + Duration::from_millis(2_500)), 1_002);
        assert_eq!(
            clock.next_second(start + Duration::from_millis(2_500)),
            start + Duration::from_secs(3)
        );
        clock.anchor(reading(20, 5_000), start + Duration::from_secs(3));
        assert_eq!(clock.now(start + Duration::from_secs(4)), 5_001);
    }

    #[test]
    fn the_ticks_of_localnet_are_no_warp_and_a_jump_is() {
        let mut clock = ClusterClock::new(reading(1_000, 0), Instant::now());
        // Each wall-clock tick: one announced slot, then about a hundred skipped.
        let mut slot = 1_001;
        assert!(!clock.on_slot(slot), "no skip yet");
        for skipped in [99, 100, 98, 150, 99, 101] {
            slot += skipped + 1;
            assert!(!clock.on_slot(slot), "a tick of {skipped}");
            // Transactions in between: one slot each, none skipped.
            for _ in 0..3 {
                slot += 1;
                assert!(!clock.on_slot(slot));
            }
        }
        // A warp of an hour: 360,000 slots at 10 ms.
        slot += 360_000;
        assert!(clock.on_slot(slot), "a warp");
        assert!(!clock.on_slot(slot + 100), "ticks go on after it");
        assert!(!clock.on_slot(slot - 5), "a late announcement");
    }

    #[test]
    fn a_first_skip_is_learned_not_judged() {
        let mut clock = ClusterClock::new(reading(0, 0), Instant::now());
        assert!(!clock.on_slot(500));
        assert!(!clock.on_slot(501 + 100));
        assert!(clock.on_slot(602 + 10_000));
    }

    #[test]
    fn a_reading_moves_the_known_slot_on() {
        let start = Instant::now();
        let mut clock = ClusterClock::new(reading(0, 0), start);
        for slot in [101, 202, 303] {
            assert!(!clock.on_slot(slot));
        }
        // A warp read before its slots are announced: the announcement is not a jump.
        clock.anchor(reading(50_000, 3_600), start);
        assert!(!clock.on_slot(50_001));
    }
}
