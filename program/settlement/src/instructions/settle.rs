use anchor_lang::prelude::*;
use anchor_lang::solana_program::program::invoke;
use txline_interface::{
    ProofNode, ScoresBatchSummary, StatTerm, ValidateStatArgs, instruction::validate_stat,
    is_txline_program, return_data,
};

use crate::constants::{MARKET_SEED, OUTCOME_NO, OUTCOME_YES};
use crate::error::SettlementError;
use crate::state::Market;

/// A TxLINE proof of one match statistic. The predicate is not part of it: the market's own is
/// used, so no settler can choose the question being answered.
#[derive(AnchorSerialize, AnchorDeserialize, Clone, Debug, PartialEq, Eq)]
pub struct SettlementProof {
    pub ts: i64,
    pub fixture_summary: ScoresBatchSummary,
    pub fixture_proof: Vec<ProofNode>,
    pub main_tree_proof: Vec<ProofNode>,
    pub stat: StatTerm,
}

#[derive(Accounts)]
pub struct Settle<'info> {
    #[account(mut, seeds = [MARKET_SEED, &market.id.to_le_bytes()], bump = market.bump)]
    pub market: Account<'info, Market>,
    /// CHECK: must be one of the two TxLINE programs; it validates the proof.
    #[account(constraint = is_txline_program(oracle_program.key) @ SettlementError::InvalidOracleProgram)]
    pub oracle_program: UncheckedAccount<'info>,
    /// CHECK: the oracle checks its address, owner and contents.
    pub daily_scores_roots: UncheckedAccount<'info>,
}

pub fn settle(ctx: Context<Settle>, proof: SettlementProof) -> Result<()> {
    let market = &mut ctx.accounts.market;
    require!(!market.resolved, SettlementError::MarketResolved);
    let now = Clock::get()?.unix_timestamp;
    require!(
        now < market.settlement_deadline()?,
        SettlementError::SettlementWindowClosed
    );
    require!(
        proof.fixture_summary.fixture_id == market.fixture_id,
        SettlementError::FixtureMismatch
    );
    let stat = &proof.stat.stat_to_prove;
    require!(
        stat.key == market.stat_key && stat.period == market.period,
        SettlementError::StatMismatch
    );

    let oracle = ctx.accounts.oracle_program.key();
    let args = ValidateStatArgs {
        ts: proof.ts,
        fixture_summary: proof.fixture_summary,
        fixture_proof: proof.fixture_proof,
        main_tree_proof: proof.main_tree_proof,
        predicate: market.predicate,
        stat_a: proof.stat,
        stat_b: None,
        op: None,
    };
    // Oracle errors abort the whole transaction untranslated; the vault is untouched.
    invoke(
        &validate_stat(oracle, ctx.accounts.daily_scores_roots.key(), &args),
        &[ctx.accounts.daily_scores_roots.to_account_info()],
    )?;

    let (returned_by, data) = return_data::get().ok_or(SettlementError::NoValidationReturn)?;
    require_keys_eq!(
        returned_by,
        oracle,
        SettlementError::UnexpectedReturnProgram
    );
    let holds = bool::try_from_slice(&data).map_err(|_| SettlementError::NoValidationReturn)?;

    market.resolved = true;
    market.outcome = if holds { OUTCOME_YES } else { OUTCOME_NO };
    Ok(())
}
