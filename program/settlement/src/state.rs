//! Accounts. Fixed-size fields come first so that clients can filter `getProgramAccounts` with
//! `memcmp` at stable offsets (see the `*_OFFSET` constants).

use anchor_lang::prelude::*;
use txline_interface::{BinaryExpression, TraderPredicate};

use crate::constants::{OUTCOME_NO, OUTCOME_YES, SETTLEMENT_GRACE_SECS};
use crate::error::SettlementError;
use crate::instructions::MarketTerms;

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
    /// The outcome the current settlement states (the winning one once final).
    pub outcome: u8,
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
            outcome: 0,
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
        + 1
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

    pub fn total_on(&self, outcome: u8) -> u64 {
        if outcome == OUTCOME_YES {
            self.total_yes
        } else {
            self.total_no
        }
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
        let winning_total = self.winning_total();
        require!(winning_total > 0, SettlementError::NoWinners);
        let share = u128::from(stake)
            .checked_mul(u128::from(self.pool()?))
            .and_then(|scaled| scaled.checked_div(u128::from(winning_total)))
            .ok_or(SettlementError::Overflow)?;
        u64::try_from(share).map_err(|_| error!(SettlementError::Overflow))
    }

    pub fn add_stake(&mut self, outcome: u8, amount: u64) -> Result<()> {
        let total = match outcome {
            OUTCOME_YES => &mut self.total_yes,
            OUTCOME_NO => &mut self.total_no,
            _ => return err!(SettlementError::InvalidOutcome),
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
    pub outcome: u8,
    pub amount: u64,
    /// Set once the stake has been paid out, as a win or a refund.
    pub claimed: bool,
    pub bump: u8,
}

impl Position {
    pub const OWNER_OFFSET: usize = 8;
    pub const MARKET_OFFSET: usize = 8 + 32;
}
