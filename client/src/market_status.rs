//! Where a market stands at a given cluster time, by the same rules the program applies.

use settlement::constants::OUTCOME_YES;
use settlement::state::Market;

use crate::fixture::Outcome;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarketStatus {
    /// Taking deposits.
    Open,
    /// Past its close time, waiting for a proof.
    Closed,
    /// Settled. With an empty winning side every stake is refundable instead of claimable.
    Resolved { outcome: Outcome, refundable: bool },
    /// Nobody settled it within the grace period: it can no longer be settled and every stake
    /// is refundable.
    Expired,
}

impl MarketStatus {
    /// The status of `market` when the cluster clock reads `now` (unix seconds).
    pub fn of(market: &Market, now: i64) -> Self {
        if market.resolved {
            return Self::Resolved {
                outcome: Outcome::from(market.outcome == OUTCOME_YES),
                refundable: market.winning_total() == 0,
            };
        }
        if now < market.close_time {
            return Self::Open;
        }
        // A deadline past i64::MAX is never reached.
        match market.settlement_deadline() {
            Ok(deadline) if now >= deadline => Self::Expired,
            _ => Self::Closed,
        }
    }
}

#[cfg(test)]
mod tests {
    use anchor_lang::prelude::Pubkey;
    use settlement::constants::SETTLEMENT_GRACE_SECS;
    use txline_interface::{Comparison, TraderPredicate};

    use super::*;

    fn market(close_time: i64) -> Market {
        Market {
            resolved: false,
            outcome: 0,
            id: 0,
            creator: Pubkey::new_unique(),
            vault: Pubkey::new_unique(),
            close_time,
            fixture_id: 1,
            stat_key: 1,
            period: 100,
            predicate: TraderPredicate {
                threshold: 1,
                comparison: Comparison::GreaterThan,
            },
            total_yes: 2,
            total_no: 0,
            bump: 255,
            question: "?".into(),
        }
    }

    #[test]
    fn open_until_close_then_closed_until_the_grace_period_ends() {
        let market = market(1_000);
        assert_eq!(MarketStatus::of(&market, 999), MarketStatus::Open);
        assert_eq!(MarketStatus::of(&market, 1_000), MarketStatus::Closed);
        let deadline = 1_000 + SETTLEMENT_GRACE_SECS;
        assert_eq!(
            MarketStatus::of(&market, deadline - 1),
            MarketStatus::Closed
        );
        assert_eq!(MarketStatus::of(&market, deadline), MarketStatus::Expired);
        assert_eq!(
            MarketStatus::of(&self::market(i64::MAX), i64::MAX),
            MarketStatus::Closed
        );
    }

    #[test]
    fn a_resolved_market_is_refundable_when_nobody_won() {
        let mut market = market(1_000);
        market.resolved = true;
        market.outcome = OUTCOME_YES;
        assert_eq!(
            MarketStatus::of(&market, 0),
            MarketStatus::Resolved {
                outcome: Outcome::Yes,
                refundable: false
            }
        );
        market.outcome = 0;
        assert_eq!(
            MarketStatus::of(&market, 0),
            MarketStatus::Resolved {
                outcome: Outcome::No,
                refundable: true
            }
        );
    }
}
