//! What a wallet's position is owed at a cluster time, by the rules the program's `claim` and
//! `refund` apply: what `fulltime claim --all` and the dashboard's claim-all key pay out, and
//! what they report as still waiting.

use settlement::state::{Market, Position};

use crate::market_status::MarketStatus;
use crate::side::Side;

/// Where one position stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owed {
    /// A winning position of a resolved market: `claim` pays this share of the pool.
    Claim { payout: u64 },
    /// A refundable market (nobody won, or nobody settled in time): `refund` pays the stake.
    Refund { stake: u64 },
    /// Nothing can be paid yet; `until` is when that may change (unix seconds): the close time
    /// of an open market, the end of the grace period of a closed one (after which it is
    /// refundable if nobody settled it), the end of a provisional settlement's dispute window.
    Waiting { status: MarketStatus, until: i64 },
    /// The market resolved for the other side.
    Lost { outcome: Side },
    /// Claimed or refunded already.
    Paid,
}

impl Owed {
    /// What the position is owed at `now`.
    pub fn of(market: &Market, position: &Position, now: i64) -> Self {
        if position.claimed {
            return Self::Paid;
        }
        let status = MarketStatus::of(market, now);
        match status {
            MarketStatus::Open => Self::Waiting {
                status,
                until: market.close_time,
            },
            // A deadline past i64::MAX is never reached.
            MarketStatus::Closed => Self::Waiting {
                status,
                until: market.settlement_deadline().unwrap_or(i64::MAX),
            },
            MarketStatus::Provisional { final_at, .. } => Self::Waiting {
                status,
                until: final_at,
            },
            MarketStatus::Expired
            | MarketStatus::Resolved {
                refundable: true, ..
            } => Self::Refund {
                stake: position.amount,
            },
            MarketStatus::Resolved { outcome, .. } if position.outcome != outcome => {
                Self::Lost { outcome }
            }
            // A stake the market counted is at most its side's total, so its share is at most
            // the pool; only accounts that disagree overflow, shown as 0 for the program to
            // refuse (Overflow).
            MarketStatus::Resolved { .. } => Self::Claim {
                payout: market.payout(position.amount).unwrap_or(0),
            },
        }
    }

    /// What paying it out now would pay: `Some` for a claim or a refund.
    pub fn payable(&self) -> Option<u64> {
        match *self {
            Self::Claim { payout } => Some(payout),
            Self::Refund { stake } => Some(stake),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use anchor_lang::prelude::Pubkey;
    use settlement::constants::SETTLEMENT_GRACE_SECS;

    use super::*;
    use crate::sample;

    const CLOSE: i64 = 1_000;

    /// YES 3 USDC and NO 1 USDC, closing at `CLOSE`.
    fn market() -> Market {
        Market {
            total_yes: 3_000_000,
            total_no: 1_000_000,
            ..sample::market(CLOSE)
        }
    }

    fn settled(side: Side, final_at: i64) -> Market {
        Market {
            settled: true,
            outcome: side,
            dispute_ends_at: final_at,
            ..market()
        }
    }

    fn position(side: Side, amount: u64) -> Position {
        Position {
            owner: Pubkey::default(),
            market: Pubkey::default(),
            outcome: side,
            amount,
            claimed: false,
            bump: 254,
        }
    }

    #[test]
    fn a_winner_is_owed_its_share_and_a_loser_nothing_once_final() {
        let market = settled(Side::Yes, 2_000);
        let winner = position(Side::Yes, 1_500_000);
        let loser = position(Side::No, 1_000_000);
        // 1.5 of 3 USDC on YES takes half the 4 USDC pool.
        assert_eq!(
            Owed::of(&market, &winner, 2_000),
            Owed::Claim { payout: 2_000_000 }
        );
        assert_eq!(
            Owed::of(&market, &loser, 2_000),
            Owed::Lost { outcome: Side::Yes }
        );
        assert_eq!(Owed::of(&market, &winner, 2_000).payable(), Some(2_000_000));
        assert_eq!(Owed::of(&market, &loser, 2_000).payable(), None);

        let mut paid = winner;
        paid.claimed = true;
        assert_eq!(Owed::of(&market, &paid, 2_000), Owed::Paid);
    }

    #[test]
    fn nothing_is_paid_while_a_market_is_open_closed_or_provisional() {
        let position = position(Side::Yes, 1_000_000);
        let waiting = |market: &Market, now| match Owed::of(market, &position, now) {
            Owed::Waiting { until, .. } => until,
            owed => panic!("{owed:?} at {now}"),
        };
        assert_eq!(waiting(&market(), CLOSE - 1), CLOSE);
        assert_eq!(waiting(&market(), CLOSE), CLOSE + SETTLEMENT_GRACE_SECS);
        assert_eq!(waiting(&settled(Side::Yes, 2_000), 1_999), 2_000);
    }

    #[test]
    fn stakes_come_back_when_nobody_won_or_nobody_settled_in_time() {
        let position = position(Side::Yes, 1_000_000);
        assert_eq!(
            Owed::of(&market(), &position, CLOSE + SETTLEMENT_GRACE_SECS),
            Owed::Refund { stake: 1_000_000 }
        );
        let mut nobody_won = settled(Side::No, 2_000);
        nobody_won.total_no = 0;
        assert_eq!(
            Owed::of(&nobody_won, &position, 2_000),
            Owed::Refund { stake: 1_000_000 }
        );
    }
}
