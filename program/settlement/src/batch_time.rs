//! When a proof may settle a market: its batch published after the market closed, and not after
//! the cluster clock.

use anchor_lang::prelude::*;

use crate::error::SettlementError;

/// A proof's batch must be published after the market closed (otherwise its result was known
/// while stakes were taken: past-posting) and not after the cluster clock (a proof from the
/// future). `ts` is the batch's time in milliseconds; `close_time` and `now` are unix seconds.
pub fn check_batch_time(ts: i64, close_time: i64, now: i64) -> Result<()> {
    match batch_time_fault(ts, close_time, now) {
        Some(fault) => Err(error!(fault)),
        None => Ok(()),
    }
}

/// What is wrong with a batch time, if anything; clients check the same rule before sending.
pub fn batch_time_fault(ts: i64, close_time: i64, now: i64) -> Option<SettlementError> {
    let batch_second = ts.div_euclid(1_000);
    if batch_second < close_time {
        Some(SettlementError::ProofBeforeClose)
    } else if batch_second > now {
        Some(SettlementError::ProofFromFuture)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_batch_counts_from_its_close_time_to_the_clock_inclusive() {
        let (close, now) = (1_000, 2_000);
        assert!(check_batch_time(1_000_000, close, now).is_ok());
        assert!(check_batch_time(2_000_999, close, now).is_ok());
        assert_eq!(
            check_batch_time(999_999, close, now),
            Err(error!(SettlementError::ProofBeforeClose))
        );
        assert_eq!(
            check_batch_time(2_001_000, close, now),
            Err(error!(SettlementError::ProofFromFuture))
        );
    }

    #[test]
    fn timestamps_before_1970_are_before_any_close() {
        assert_eq!(
            check_batch_time(-1, 0, 10),
            Err(error!(SettlementError::ProofBeforeClose))
        );
        assert!(check_batch_time(i64::MAX, 0, i64::MAX).is_ok());
    }
}
