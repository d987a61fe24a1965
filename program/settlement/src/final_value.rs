//! Which proven values are final, and so may settle a market.
//!
//! TxLINE publishes a fixture's final outcome as one score record whose action is
//! `game_finalised`; that record, and no other, sets its status and its period to 100, whether the
//! match ended in regulation time, extra time, penalties or was abandoned. Every stat of it is
//! hashed with that period (the leaf is `key || value || period`), so the oracle's root vouches
//! for it: a stat of period 100 is a value from the finalised record. A half is named by the stat
//! key (`1001`, participant 1's first-half goals), never by the period, so a market on a half is
//! settled from the finalised record too. A record in play carries its own period and running
//! values, which a later record overtakes: never final.

use anchor_lang::prelude::*;
use txline_interface::ScoreStat;
use txline_interface::time::FINAL_PERIOD;

use crate::error::SettlementError;

/// Whether a market on `period` can ever be settled: only the finalised record's period.
pub fn is_period_ever_final(period: i32) -> bool {
    period == FINAL_PERIOD
}

/// Whether `stat` comes from the fixture's `game_finalised` record.
pub fn is_final_value(stat: &ScoreStat) -> bool {
    stat.period == FINAL_PERIOD
}

/// [`is_final_value`] for every stat a proof carries, as the program refuses it.
pub fn check_final_values<'a>(stats: impl IntoIterator<Item = &'a ScoreStat>) -> Result<()> {
    for stat in stats {
        require!(is_final_value(stat), SettlementError::ValueNotFinal);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stat(key: u32, value: i32, period: i32) -> ScoreStat {
        ScoreStat { key, value, period }
    }

    #[test]
    fn a_stat_of_the_finalised_record_is_final() {
        assert!(is_final_value(&stat(1, 3, 100)));
        // A half is named by its key: participant 1's first-half goals, finalised.
        assert!(is_final_value(&stat(1001, 1, 100)));
        assert!(check_final_values([&stat(1, 3, 100), &stat(2, 1, 100)]).is_ok());
    }

    #[test]
    fn a_stat_of_a_record_in_play_is_not() {
        // 89': the second half's running count, from a record of period 4 (second half in play).
        let running = stat(3002, 1, 4);
        assert!(!is_final_value(&running));
        assert_eq!(
            check_final_values([&stat(1, 2, 100), &running]),
            Err(error!(SettlementError::ValueNotFinal))
        );
        for period in [i32::MIN, -1, 0, 1, 2, 3, 5, 99, 101, i32::MAX] {
            assert!(!is_final_value(&stat(1, 0, period)), "{period}");
        }
    }

    #[test]
    fn only_markets_on_the_finalised_period_can_settle() {
        assert!(is_period_ever_final(100));
        for period in [i32::MIN, -1, 0, 1, 2, 3, 99, 101, i32::MAX] {
            assert!(!is_period_ever_final(period), "{period}");
        }
    }
}
