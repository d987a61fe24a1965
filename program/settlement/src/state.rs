//! Accounts. Fixed-size fields come first so that clients can filter `getProgramAccounts` with
//! `memcmp` at stable offsets (see the `*_OFFSET` constants).

use anchor_lang::prelude::*;
use txline_interface::{BinaryExpression, TraderPredicate};

use crate::constants::SETTLEMENT_GRACE_SECS;
use crate::error::SettlementError;
use crate::instructions::MarketTerms;
use crate::side::Side;

/// The program's one configuration: who set it up and which mint is test USDC.
#[account]
#[derive(InitSpace)]
pub struct Config {
    pub admin: Pubkey,
    pub usdc_mint: Pubkey,
    /// Markets created so far; the next market's id.
    pub market_count: u64,
    pub bump: u8,
}

/// A market's life: open until `close_time`; then settleable until the grace period ends; a
/// settlement is provisional until `dispute_ends_at`, and a strictly later proof of the same stat
/// may replace it until then; after it the market is resolved, and claims (or refunds) open.
/// Resolution is not stored: it is `settled` and the clock at or past `dispute_ends_at`.
#[account]
#[derive(Debug)]
pub struct Market {
    /// A settlement is recorded: provisional before `dispute_ends_at`, final from then on.
    pub settled: bool,
    /// The side the current settlement states (the winning one once final); NO, and meaningless,
    /// before any settlement.
    pub outcome: Side,
    pub id: u64,
    pub creator: Pubkey,
    pub vault: Pubkey,
    /// Unix seconds; deposits are accepted strictly before it, settlements from it on.
    pub close_time: i64,
    /// Seconds a settlement stays provisional, bounded at creation.
    pub dispute_window: i64,
    /// Unix seconds at which the first settlement becomes final; 0 before any settlement.
    /// Replacing a settlement does not move it, so a market's deadlines are fixed once settled.
    pub dispute_ends_at: i64,
    /// The proof the current settlement rests on.
    pub settled_by: SettledProof,
    pub fixture_id: i64,
    pub stat_key: u32,
    pub period: i32,
    pub predicate: TraderPredicate,
    pub total_yes: u64,
    pub total_no: u64,
    pub bump: u8,
    /// A second stat of the same event combined with the first (`stat_key`): the predicate then
    /// asks about `first op second`. Kept beside the question, after every fixed-size field.
    pub second_stat: Option<SecondStat>,
    pub question: String,
}

/// The second stat of a two-stat market ("home goals + away goals") and how it combines with
/// the first. Its period is the market's.
#[derive(AnchorSerialize, AnchorDeserialize, Clone, Copy, Debug, PartialEq, Eq, InitSpace)]
pub struct SecondStat {
    pub stat_key: u32,
    pub op: BinaryExpression,
}

impl Market {
    /// A market as `create_market` opens it: its terms bound, nothing staked, not settled.
    pub fn open(id: u64, creator: Pubkey, vault: Pubkey, terms: MarketTerms, bump: u8) -> Self {
        Self {
            settled: false,
            outcome: Side::No,
            id,
            creator,
            vault,
            close_time: terms.close_time,
            dispute_window: terms.dispute_window,
            dispute_ends_at: 0,
            settled_by: SettledProof::default(),
            fixture_id: terms.fixture_id,
            stat_key: terms.stat_key,
            period: terms.period,
            predicate: terms.predicate,
            total_yes: 0,
            total_no: 0,
            bump,
            second_stat: terms.second_stat,
            question: terms.question,
        }
    }

    pub const SETTLED_OFFSET: usize = 8;
    /// Everything but the question's bytes, discriminator included.
    pub const FIXED_SPACE: usize = 8
        + 1
        + Side::INIT_SPACE
        + 8
        + 32
        + 32
        + 8
        + 8
        + 8
        + SettledProof::INIT_SPACE
        + 8
        + 4
        + 4
        + 5
        + 8
        + 8
        + 1
        + 1
        + SecondStat::INIT_SPACE
        + 4;

    pub fn space(question: &str) -> usize {
        Self::FIXED_SPACE + question.len()
    }

    pub fn total_on(&self, side: Side) -> u64 {
        match side {
            Side::Yes => self.total_yes,
            Side::No => self.total_no,
        }
    }

    /// The side the current settlement states; `None` before any settlement.
    pub fn settled_outcome(&self) -> Option<Side> {
        self.settled.then_some(self.outcome)
    }

    pub fn pool(&self) -> Result<u64> {
        self.total_yes
            .checked_add(self.total_no)
            .ok_or_else(|| error!(SettlementError::Overflow))
    }

    pub fn winning_total(&self) -> u64 {
        self.total_on(self.outcome)
    }

    /// Past this moment nobody can settle and every stake of an unsettled market is refundable.
    pub fn settlement_deadline(&self) -> Result<i64> {
        self.close_time
            .checked_add(SETTLEMENT_GRACE_SECS)
            .ok_or_else(|| error!(SettlementError::Overflow))
    }

    /// Whether the market is resolved: a settlement is recorded and its dispute window is over.
    pub fn is_final(&self, now: i64) -> bool {
        self.settled && now >= self.dispute_ends_at
    }

    /// A stake comes back when the final winning side is empty, or when the market was not
    /// settled in time.
    pub fn is_refundable(&self, now: i64) -> Result<bool> {
        Ok(if self.settled {
            self.is_final(now) && self.winning_total() == 0
        } else {
            now >= self.settlement_deadline()?
        })
    }

    /// A winning position's share of the pool, rounded down; the dust stays in the vault.
    pub fn payout(&self, stake: u64) -> Result<u64> {
        self.payout_if(self.outcome, stake)
    }

    /// What `stake` on `side` would be paid were `side` the final answer with the pools as they
    /// stand: its share of the pool, rounded down.
    pub fn payout_if(&self, side: Side, stake: u64) -> Result<u64> {
        let winning_total = self.total_on(side);
        require!(winning_total > 0, SettlementError::NoWinners);
        let share = u128::from(stake)
            .checked_mul(u128::from(self.pool()?))
            .and_then(|scaled| scaled.checked_div(u128::from(winning_total)))
            .ok_or(SettlementError::Overflow)?;
        u64::try_from(share).map_err(|_| error!(SettlementError::Overflow))
    }

    pub fn add_stake(&mut self, side: Side, amount: u64) -> Result<()> {
        let total = match side {
            Side::Yes => &mut self.total_yes,
            Side::No => &mut self.total_no,
        };
        *total = total.checked_add(amount).ok_or(SettlementError::Overflow)?;
        Ok(())
    }
}

/// Which proof a settlement rests on, so that only a strictly later one can replace it.
#[derive(
    AnchorSerialize, AnchorDeserialize, Clone, Copy, Debug, Default, PartialEq, Eq, InitSpace,
)]
pub struct SettledProof {
    /// The batch's timestamp (`ts`, milliseconds).
    pub ts: i64,
    /// The batch's events tree for the fixture.
    pub events_root: [u8; 32],
    /// The proven event's place among the batch's events, 0 for the first (see `event_place`).
    pub event: u32,
}

impl SettledProof {
    /// A later batch, or a later event of the same batch.
    pub fn is_later_than(&self, earlier: &Self) -> bool {
        self.ts > earlier.ts
            || (self.ts == earlier.ts
                && self.events_root == earlier.events_root
                && self.event > earlier.event)
    }
}

/// One wallet's stake in one market.
#[account]
#[derive(InitSpace, Debug)]
pub struct Position {
    pub owner: Pubkey,
    pub market: Pubkey,
    /// The side of the position's first deposit, which every later one must share.
    pub outcome: Side,
    pub amount: u64,
    /// Set once the stake has been paid out, as a win or a refund.
    pub claimed: bool,
    pub bump: u8,
}

impl Position {
    pub const OWNER_OFFSET: usize = 8;
    pub const MARKET_OFFSET: usize = 8 + 32;
}

#[cfg(test)]
mod tests {
    use txline_interface::Comparison;

    use super::*;

    /// YES 3 USDC and NO 1 USDC, not settled.
    fn market() -> Market {
        let terms = MarketTerms {
            question: "Will it?".into(),
            close_time: 1_000,
            fixture_id: 1,
            stat_key: 1,
            period: 100,
            predicate: TraderPredicate {
                threshold: 1,
                comparison: Comparison::GreaterThan,
            },
            dispute_window: 60,
            second_stat: None,
        };
        Market {
            total_yes: 3_000_000,
            total_no: 1_000_000,
            ..Market::open(0, Pubkey::default(), Pubkey::default(), terms, 255)
        }
    }

    #[test]
    fn either_side_is_priced_without_settling_the_market() {
        let mut market = market();
        assert_eq!(market.payout_if(Side::Yes, 1_500_000).ok(), Some(2_000_000));
        assert_eq!(market.payout_if(Side::No, 1_000_000).ok(), Some(4_000_000));
        assert!(!market.settled);
        market.total_no = 0;
        assert_eq!(
            market.payout_if(Side::No, 1_000_000),
            Err(SettlementError::NoWinners.into())
        );
        for side in [Side::Yes, Side::No] {
            (market.settled, market.outcome) = (true, side);
            assert_eq!(market.payout(1_000_000), market.payout_if(side, 1_000_000));
            assert_eq!(market.settled_outcome(), Some(side));
        }
    }

    #[test]
    fn the_outcome_is_stored_as_one_byte_where_the_byte_was() {
        let mut market = market();
        (market.settled, market.outcome) = (true, Side::Yes);
        let mut data = Vec::new();
        market.try_serialize(&mut data).expect("serializes");
        assert_eq!(
            data[Market::SETTLED_OFFSET..Market::SETTLED_OFFSET + 2],
            [1, Side::Yes.byte()]
        );
        let position = Position {
            owner: Pubkey::new_unique(),
            market: Pubkey::new_unique(),
            outcome: Side::No,
            amount: 7,
            claimed: false,
            bump: 254,
        };
        let mut data = Vec::new();
        position.try_serialize(&mut data).expect("serializes");
        // Owner, market, then the side's byte and the amount.
        assert_eq!(data.len(), 8 + Position::INIT_SPACE);
        assert_eq!(data[Position::MARKET_OFFSET + 32], Side::No.byte());
        assert_eq!(
            data[Position::MARKET_OFFSET + 33..][..8],
            7u64.to_le_bytes()
        );
    }
}
