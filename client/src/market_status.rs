//! Where a market stands at a given cluster time, by the same rules the program applies.

use settlement::state::Market;

use crate::side::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarketStatus {
    /// Taking deposits.
    Open,
    /// Past its close time, waiting for a proof.
    Closed,
    /// Settled, but a strictly later proof may still replace the settlement until `final_at`
    /// (unix seconds); nothing is paid out before then.
    Provisional { outcome: Side, final_at: i64 },
    /// Settled for good. With an empty winning side every stake is refundable instead of
    /// claimable.
    Resolved { outcome: Side, refundable: bool },
    /// Nobody settled it within the grace period: it can no longer be settled and every stake
    /// is refundable.
    Expired,
}

impl MarketStatus {
    /// The status of `market` when the cluster clock reads `now` (unix seconds).
    pub fn of(market: &Market, now: i64) -> Self {
        if let Some(outcome) = market.settled_outcome() {
            if !market.is_final(now) {
                return Self::Provisional {
                    outcome,
                    final_at: market.dispute_ends_at,
                };
            }
            return Self::Resolved {
                outcome,
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
    use settlement::constants::SETTLEMENT_GRACE_SECS;

    use super::*;
    use crate::sample::market;

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
    fn a_settlement_is_provisional_until_its_dispute_window_ends() {
        let mut market = market(1_000);
        market.settled = true;
        market.outcome = Side::Yes;
        market.dispute_ends_at = 1_100;
        assert_eq!(
            MarketStatus::of(&market, 1_099),
            MarketStatus::Provisional {
                outcome: Side::Yes,
                final_at: 1_100
            }
        );
        assert_eq!(
            MarketStatus::of(&market, 1_100),
            MarketStatus::Resolved {
                outcome: Side::Yes,
                refundable: false
            }
        );
    }

    #[test]
    fn a_resolved_market_is_refundable_when_nobody_won() {
        let mut market = market(1_000);
        market.settled = true;
        market.outcome = Side::Yes;
        assert_eq!(
            MarketStatus::of(&market, 0),
            MarketStatus::Resolved {
                outcome: Side::Yes,
                refundable: false
            }
        );
        market.outcome = Side::No;
        assert_eq!(
            MarketStatus::of(&market, 0),
            MarketStatus::Resolved {
                outcome: Side::No,
                refundable: true
            }
        );
    }
}
