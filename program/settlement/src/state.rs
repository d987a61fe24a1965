//! Accounts. Fixed-size fields come first so that clients can filter `getProgramAccounts` with
//! `memcmp` at stable offsets (see the `*_OFFSET` constants).

use anchor_lang::prelude::*;
use txline_interface::TraderPredicate;

use crate::constants::{OUTCOME_NO, OUTCOME_YES, SETTLEMENT_GRACE_SECS};
use crate::error::SettlementError;

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

#[account]
#[derive(Debug)]
pub struct Market {
    pub resolved: bool,
    /// The winning outcome once resolved.
    pub outcome: u8,
    pub id: u64,
    pub creator: Pubkey,
    pub vault: Pubkey,
    /// Unix seconds; deposits are accepted strictly before it.
    pub close_time: i64,
    pub fixture_id: i64,
    pub stat_key: u32,
    pub period: i32,
    pub predicate: TraderPredicate,
    pub total_yes: u64,
    pub total_no: u64,
    pub bump: u8,
    pub question: String,
}

impl Market {
    pub const RESOLVED_OFFSET: usize = 8;
    /// Everything but the question's bytes, discriminator included.
    pub const FIXED_SPACE: usize = 8 + 1 + 1 + 8 + 32 + 32 + 8 + 8 + 4 + 4 + 5 + 8 + 8 + 1 + 4;

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

    /// Past this moment nobody can settle and every stake of an unresolved market is refundable.
    pub fn settlement_deadline(&self) -> Result<i64> {
        self.close_time
            .checked_add(SETTLEMENT_GRACE_SECS)
            .ok_or_else(|| error!(SettlementError::Overflow))
    }

    /// A stake comes back when the winning side is empty, or when the market was not settled in
    /// time.
    pub fn is_refundable(&self, now: i64) -> Result<bool> {
        Ok(if self.resolved {
            self.winning_total() == 0
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
