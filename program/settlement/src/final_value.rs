//! Which proven values are final, and so may settle a market.
//!
//! In the oracle's model the event that finishes a match carries the half-time score (period 1)
//! and the full-time stats (period 100); the events before it, in play, carry values still
//! running (the second half's goals at 89'), which a later event overtakes. So a value is final
//! exactly when it is proven from an event that carries a full-time stat. A period-100 stat marks
//! its own event; a value of another period needs a *full-time mark*: one period-100 stat of the
//! same event, proven up to that event's stat root, which the fixture path has pinned to one
//! event of the batch. The program hashes the mark itself, as it does a second stat.

use anchor_lang::prelude::*;
use txline_interface::StatTerm;
use txline_interface::proof::{Hash32, root_from_path, stat_leaf};
use txline_interface::time::{FINAL_PERIOD, FIRST_HALF_PERIOD};

use crate::error::SettlementError;

/// The periods an event that finishes a match carries: the only ones a market may ask about.
pub const FINAL_EVENT_PERIODS: [i32; 2] = [FIRST_HALF_PERIOD, FINAL_PERIOD];

/// Whether some final event carries values of `period`.
pub fn is_period_ever_final(period: i32) -> bool {
    FINAL_EVENT_PERIODS.contains(&period)
}

/// Whether `stat` is proven from an event that finishes the match. A `mark` given is checked
/// even for a full-time stat, which needs none: input is never ignored.
pub fn is_final_value(stat: &StatTerm, mark: Option<&StatTerm>) -> bool {
    match mark {
        Some(mark) => is_full_time_mark_of(mark, stat.event_stat_root),
        None => stat.stat_to_prove.period == FINAL_PERIOD,
    }
}

/// [`is_final_value`] as the program refuses it.
pub fn check_final_value(stat: &StatTerm, mark: Option<&StatTerm>) -> Result<()> {
    require!(is_final_value(stat, mark), SettlementError::ValueNotFinal);
    Ok(())
}

/// A period-100 stat whose path hashes up to the event root `event_stat_root`, which it names.
fn is_full_time_mark_of(mark: &StatTerm, event_stat_root: Hash32) -> bool {
    mark.stat_to_prove.period == FINAL_PERIOD
        && mark.event_stat_root == event_stat_root
        && root_from_path(stat_leaf(&mark.stat_to_prove), &mark.stat_proof) == event_stat_root
}

#[cfg(test)]
mod tests {
    use txline_interface::proof::parent;
    use txline_interface::{ProofNode, ScoreStat};

    use super::*;

    fn stat(key: u32, value: i32, period: i32) -> ScoreStat {
        ScoreStat { key, value, period }
    }

    /// The terms of the stats of one event (its stats tree of two leaves), in order.
    fn event(first: ScoreStat, second: ScoreStat) -> [StatTerm; 2] {
        let (left, right) = (stat_leaf(&first), stat_leaf(&second));
        let root = parent(
            &left,
            &ProofNode {
                hash: right,
                is_right_sibling: true,
            },
        );
        let term = |stat_to_prove, hash, is_right_sibling| StatTerm {
            stat_to_prove,
            event_stat_root: root,
            stat_proof: vec![ProofNode {
                hash,
                is_right_sibling,
            }],
        };
        [term(first, right, true), term(second, left, false)]
    }

    #[test]
    fn a_full_time_stat_is_final_by_itself() {
        let [home, _] = event(stat(1, 2, 100), stat(2, 1, 100));
        assert!(is_final_value(&home, None));
    }

    #[test]
    fn a_half_time_score_is_final_with_a_full_time_mark_of_its_event() {
        let [half_time, mark] = event(stat(1, 1, 1), stat(1, 3, 100));
        assert!(is_final_value(&half_time, Some(&mark)));
        assert!(check_final_value(&half_time, Some(&mark)).is_ok());
        assert_eq!(
            check_final_value(&half_time, None),
            Err(error!(SettlementError::ValueNotFinal))
        );
    }

    #[test]
    fn an_in_play_value_has_no_mark_to_give() {
        // 89': the second half's running count, and another running value of the same event.
        let [running, other] = event(stat(2, 1, 2), stat(1, 2, 1));
        assert!(!is_final_value(&running, None));
        assert!(!is_final_value(&running, Some(&other)), "not period 100");
        // The period-100 stat of another event (full time), with its own valid path.
        let [_, full_time] = event(stat(1, 2, 1), stat(2, 2, 100));
        assert!(!is_final_value(&running, Some(&full_time)));
        // The same, naming the in-play event's root without a path to it.
        let named = StatTerm {
            event_stat_root: running.event_stat_root,
            ..full_time
        };
        assert!(!is_final_value(&running, Some(&named)));
    }

    #[test]
    fn a_mark_given_for_a_full_time_stat_is_checked_all_the_same() {
        let [home, away] = event(stat(1, 2, 100), stat(2, 1, 100));
        assert!(is_final_value(&home, Some(&away)));
        let mut forged = away;
        forged.stat_to_prove.value += 1;
        assert!(!is_final_value(&home, Some(&forged)));
    }

    #[test]
    fn only_the_first_half_and_full_time_are_ever_final() {
        assert!(is_period_ever_final(1));
        assert!(is_period_ever_final(100));
        for period in [i32::MIN, -1, 0, 2, 3, 99, 101, i32::MAX] {
            assert!(!is_period_ever_final(period), "{period}");
        }
    }
}
