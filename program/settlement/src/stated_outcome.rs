//! The outcome a settler states, and the predicate the oracle must confirm for it.
//!
//! The real oracle may raise `PredicateFailed` for a predicate that does not hold instead of
//! returning `false`, so the program only ever asks about a predicate that holds: the market's
//! own for YES, its complement for NO. A NO is stated with the side of the threshold the value
//! fell on, because the complement of `eq t` is two predicates, `lt t` or `gt t`.

use anchor_lang::prelude::*;
use txline_interface::{Comparison, TraderPredicate};

use crate::error::SettlementError;

#[derive(AnchorSerialize, AnchorDeserialize, Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatedOutcome {
    /// The market's predicate holds.
    Yes,
    /// It does not, and the value is below the threshold (`gt t` and `eq t` markets).
    NoBelow,
    /// It does not, and the value is above the threshold (`lt t` and `eq t` markets).
    NoAbove,
}

impl StatedOutcome {
    /// The predicate that holds exactly when this outcome is the market's answer:
    /// `gt t` -> `lt t+1`, `lt t` -> `gt t-1`, `eq t` -> `lt t` or `gt t`.
    pub fn predicate_to_prove(self, market: TraderPredicate) -> Result<TraderPredicate> {
        let TraderPredicate {
            threshold,
            comparison,
        } = market;
        let (threshold, comparison) = match (self, comparison) {
            (Self::Yes, _) => (threshold, comparison),
            (Self::NoBelow, Comparison::GreaterThan) => (
                threshold.checked_add(1).ok_or(SettlementError::Overflow)?,
                Comparison::LessThan,
            ),
            (Self::NoBelow, Comparison::EqualTo) => (threshold, Comparison::LessThan),
            (Self::NoAbove, Comparison::LessThan) => (
                threshold.checked_sub(1).ok_or(SettlementError::Overflow)?,
                Comparison::GreaterThan,
            ),
            (Self::NoAbove, Comparison::EqualTo) => (threshold, Comparison::GreaterThan),
            (Self::NoBelow, Comparison::LessThan) | (Self::NoAbove, Comparison::GreaterThan) => {
                return err!(SettlementError::InvalidOutcome);
            }
        };
        Ok(TraderPredicate {
            threshold,
            comparison,
        })
    }

    /// The outcome a proven `value` gives a market with `predicate`.
    pub fn of_value(predicate: TraderPredicate, value: i32) -> Self {
        if predicate.holds_for(value) {
            return Self::Yes;
        }
        match predicate.comparison {
            // Not above the threshold: at or below it.
            Comparison::GreaterThan => Self::NoBelow,
            Comparison::LessThan => Self::NoAbove,
            Comparison::EqualTo if value < predicate.threshold => Self::NoBelow,
            Comparison::EqualTo => Self::NoAbove,
        }
    }
}

/// Whether some i32 value satisfies the predicate and some other does not, so that both YES
/// and NO can be proven: `gt i32::MAX` and `lt i32::MIN` can never hold.
pub fn is_decidable(predicate: TraderPredicate) -> bool {
    match predicate.comparison {
        Comparison::GreaterThan => predicate.threshold < i32::MAX,
        Comparison::LessThan => predicate.threshold > i32::MIN,
        Comparison::EqualTo => true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::side::Side;

    fn predicate(comparison: Comparison, threshold: i32) -> TraderPredicate {
        TraderPredicate {
            threshold,
            comparison,
        }
    }

    /// For every decidable predicate and value around its threshold, the outcome the value gives
    /// is proven by a predicate that holds for that value, and no other outcome's predicate does.
    #[test]
    fn exactly_one_stated_outcome_is_provable_for_each_value() {
        let outcomes = [
            StatedOutcome::Yes,
            StatedOutcome::NoBelow,
            StatedOutcome::NoAbove,
        ];
        for comparison in [
            Comparison::GreaterThan,
            Comparison::LessThan,
            Comparison::EqualTo,
        ] {
            for threshold in [i32::MIN, -3, 0, 1, 2, i32::MAX] {
                let market = predicate(comparison, threshold);
                if !is_decidable(market) {
                    continue;
                }
                let values = [
                    threshold.saturating_sub(2),
                    threshold.saturating_sub(1),
                    threshold,
                    threshold.saturating_add(1),
                    threshold.saturating_add(2),
                ];
                for value in values {
                    let provable: Vec<_> = outcomes
                        .iter()
                        .filter(|stated| {
                            stated
                                .predicate_to_prove(market)
                                .is_ok_and(|asked| asked.holds_for(value))
                        })
                        .collect();
                    assert_eq!(
                        provable,
                        vec![&StatedOutcome::of_value(market, value)],
                        "{market:?} at {value}"
                    );
                    assert_eq!(
                        Side::from(StatedOutcome::of_value(market, value)),
                        Side::from(market.holds_for(value))
                    );
                }
            }
        }
    }

    #[test]
    fn predicates_that_can_never_hold_are_undecidable() {
        assert!(!is_decidable(predicate(Comparison::GreaterThan, i32::MAX)));
        assert!(!is_decidable(predicate(Comparison::LessThan, i32::MIN)));
        assert!(is_decidable(predicate(Comparison::GreaterThan, i32::MIN)));
        assert!(is_decidable(predicate(Comparison::LessThan, i32::MAX)));
        assert!(is_decidable(predicate(Comparison::EqualTo, i32::MAX)));
    }
}
