//! Fulltime settlement: prediction markets on a match statistic, settled by a TxLINE proof.
//!
//! Anyone creates a market binding a fixture, a stat and a predicate; users stake test USDC on
//! YES (1) or NO (0) until the close time; anyone settles with a Merkle proof that the TxLINE
//! oracle validates by CPI; winners claim a pro-rata share of the pool. Stakes are refunded when
//! the winning side is empty or when nobody settles within the grace period.

use anchor_lang::prelude::*;

pub mod constants;
pub mod error;
pub mod instructions;
pub mod state;

use instructions::*;
use txline_interface::TraderPredicate;

pub use error::SettlementError;
pub use instructions::{MarketTerms, SettlementProof};

declare_id!("E5jNnqsCsntgThdQuYWLKiMir1f3LNgHkKkTXHqsE3MH");

#[program]
pub mod settlement {
    use super::*;

    pub fn initialize(ctx: Context<Initialize>) -> Result<()> {
        instructions::initialize(ctx)
    }

    pub fn create_market(
        ctx: Context<CreateMarket>,
        question: String,
        close_time: i64,
        fixture_id: i64,
        stat_key: u32,
        period: i32,
        predicate: TraderPredicate,
    ) -> Result<()> {
        let terms = MarketTerms {
            question,
            close_time,
            fixture_id,
            stat_key,
            period,
            predicate,
        };
        instructions::create_market(ctx, terms)
    }

    pub fn deposit(ctx: Context<Deposit>, outcome: u8, amount: u64) -> Result<()> {
        instructions::deposit(ctx, outcome, amount)
    }

    pub fn settle(ctx: Context<Settle>, proof: SettlementProof) -> Result<()> {
        instructions::settle(ctx, proof)
    }

    pub fn claim(ctx: Context<Withdraw>) -> Result<()> {
        instructions::claim(ctx)
    }

    pub fn refund(ctx: Context<Withdraw>) -> Result<()> {
        instructions::refund(ctx)
    }
}
