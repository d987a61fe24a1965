//! How far in time a loaded chain may be. A snapshot, a bundle's snapshot, the kept chain and
//! its clock file are files anyone may hand over or edit; a clock or slot near `u64::MAX` would
//! load and then overflow the runtime's arithmetic on the first block (surfpool adds the slot
//! time and one slot per block, unchecked), so each is refused on load, naming the value and
//! the limit, before anything is served.

use fulltime_files::snapshot::ChainClock;

use crate::time::{LATEST_CLUSTER_TIME, format_time};

/// The latest slot, block height and transaction count a loaded chain may hold: 2^53, the
/// largest integer a JSON number keeps exactly in JavaScript (Anchor's TypeScript client reads
/// slots as numbers), and far below where a block's `+ 1` overflows. A chain making a block
/// every millisecond takes 285,000 years to reach it.
pub const LATEST_SLOT: u64 = 1 << 53;

/// The latest clock a loaded chain may hold, unix milliseconds: the last millisecond of
/// [`LATEST_CLUSTER_TIME`].
pub const LATEST_UNIX_MS: u64 = LATEST_CLUSTER_TIME as u64 * 1_000 + 999;

/// A reading of the chain's clock no node runs from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockBoundError {
    #[error(
        "its clock is {unix_ms} unix milliseconds, past the latest a chain may be at, \
         {LATEST_UNIX_MS} ({})",
        format_time(LATEST_CLUSTER_TIME)
    )]
    Clock { unix_ms: u64 },
    #[error("its {what} is {value}, past the latest a chain may hold, {LATEST_SLOT}")]
    Count { what: &'static str, value: u64 },
}

/// The bounds, on a clock read from a file (the format holds any clock; the limits are the
/// client's rules of time).
pub trait ChainClockBounds {
    /// Whether a node can run from this clock: its time and its counts within their bounds.
    fn check_bounds(&self) -> Result<(), ClockBoundError>;
}

impl ChainClockBounds for ChainClock {
    fn check_bounds(&self) -> Result<(), ClockBoundError> {
        if self.unix_ms > LATEST_UNIX_MS {
            return Err(ClockBoundError::Clock {
                unix_ms: self.unix_ms,
            });
        }
        for (what, value) in [
            ("slot", self.slot),
            ("block height", self.block_height),
            ("transaction count", self.transaction_count),
        ] {
            if value > LATEST_SLOT {
                return Err(ClockBoundError::Count { what, value });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLOCK: ChainClock = ChainClock {
        unix_ms: 1_778_940_000_000,
        slot: 5_000,
        block_height: 40,
        transaction_count: 39,
    };

    #[test]
    fn a_clock_at_the_bounds_loads_and_one_past_them_is_named() {
        assert_eq!(CLOCK.check_bounds(), Ok(()));
        let at_bounds = ChainClock {
            unix_ms: LATEST_UNIX_MS,
            slot: LATEST_SLOT,
            block_height: LATEST_SLOT,
            transaction_count: LATEST_SLOT,
        };
        assert_eq!(at_bounds.check_bounds(), Ok(()));
        let past = |clock: ChainClock| clock.check_bounds().expect_err("past a bound").to_string();
        assert_eq!(
            past(ChainClock {
                unix_ms: u64::MAX,
                ..CLOCK
            }),
            "its clock is 18446744073709551615 unix milliseconds, past the latest a chain may \
             be at, 253402300799999 (9999-12-31T23:59:59Z)"
        );
        assert_eq!(
            past(ChainClock {
                unix_ms: LATEST_UNIX_MS + 1,
                ..CLOCK
            }),
            "its clock is 253402300800000 unix milliseconds, past the latest a chain may be at, \
             253402300799999 (9999-12-31T23:59:59Z)"
        );
        for (clock, named) in [
            (
                ChainClock {
                    slot: u64::MAX,
                    ..CLOCK
                },
                "its slot is 18446744073709551615, past the latest a chain may hold, \
                 9007199254740992",
            ),
            (
                ChainClock {
                    block_height: LATEST_SLOT + 1,
                    ..CLOCK
                },
                "its block height is 9007199254740993, past the latest a chain may hold, \
                 9007199254740992",
            ),
            (
                ChainClock {
                    transaction_count: u64::MAX - 1,
                    ..CLOCK
                },
                "its transaction count is 18446744073709551614, past the latest a chain may \
                 hold, 9007199254740992",
            ),
        ] {
            assert_eq!(past(clock), named);
        }
    }
}
