//! Fulltime settlement: prediction markets on a match statistic, settled by a TxLINE proof.
//!
//! Anyone creates a market binding a fixture, a stat and a predicate; users stake test USDC on
//! YES (1) or NO (0) until the close time; after it, anyone settles with a Merkle proof that the
//! TxLINE oracle validates by CPI. A settlement is provisional for the market's dispute window,
//! in which a strictly later proof of the same stat replaces it; then winners claim a pro-rata
//! share of the pool. Stakes are refunded when the winning side is empty or when nobody settles
//! within the grace period.

use anchor_lang::prelude::*;

pub mod batch_time;
pub mod constants;
pub mod error;
pub mod event_place;
pub mod final_value;
pub mod instructions;
#[cfg(not(target_os = "solana"))]
pub mod native;
pub mod second_stat_proof;
pub mod side;
pub mod state;
pub mod stated_outcome;

use instructions::*;
use state::SecondStat;
use txline_interface::TraderPredicate;

pub use error::SettlementError;
pub use instructions::{MarketTerms, SettlementProof};
pub use second_stat_proof::SecondStatProof;
pub use side::Side;
pub use stated_outcome::StatedOutcome;

declare_id!("E5jNnqsCsntgThdQuYWLKiMir1f3LNgHkKkTXHqsE3MH");

#[program]
pub mod settlement {
    use super::*;

    pub fn initialize(ctx: Context<Initialize>) -> Result<()> {
        instructions::initialize(ctx)
    }

    // Anchor takes each argument of an instruction separately; they are gathered right below.
    #[allow(clippy::too_many_arguments)]
    pub fn create_market(
        ctx: Context<CreateMarket>,
        question: String,
        close_time: i64,
        fixture_id: i64,
        stat_key: u32,
        period: i32,
        predicate: TraderPredicate,
        dispute_window: i64,
        second_stat: Option<SecondStat>,
    ) -> Result<()> {
        let terms = MarketTerms {
            question,
            close_time,
            fixture_id,
            stat_key,
            period,
            predicate,
            dispute_window,
            second_stat,
        };
        instructions::create_market(ctx, terms)
    }

    pub fn deposit(ctx: Context<Deposit>, outcome: u8, amount: u64) -> Result<()> {
        instructions::deposit(ctx, outcome, amount)
    }

    pub fn settle(
        ctx: Context<Settle>,
        proof: SettlementProof,
        stated: StatedOutcome,
    ) -> Result<()> {
        instructions::settle(ctx, proof, stated)
    }

    pub fn claim(ctx: Context<Withdraw>) -> Result<()> {
        instructions::claim(ctx)
    }

    pub fn refund(ctx: Context<Withdraw>) -> Result<()> {
        instructions::refund(ctx)
    }
}
