use anchor_lang::prelude::*;
use anchor_lang::solana_program::program::invoke;
use txline_interface::time::FINAL_PERIOD;
use txline_interface::{
    ProofNode, ScoresBatchSummary, StatTerm, ValidateStatArgs, instruction::validate_stat,
    is_txline_program, return_data,
};

use crate::batch_time::check_batch_time;
use crate::constants::MARKET_SEED;
use crate::error::SettlementError;
use crate::event_place::{check_same_event, event_index};
use crate::final_value::check_final_values;
use crate::second_stat_proof::SecondStatProof;
use crate::side::Side;
use crate::state::{Market, SettledProof};
use crate::stated_outcome::StatedOutcome;

/// A TxLINE proof of a match statistic, and of the second one for a two-stat market, as
/// `validate_stat` takes it but for the second stat, which is sent without what it shares with
/// the first (`SecondStatProof`). The predicate and the operation are not part of it: they follow
/// from the market's own terms and the stated outcome, so no settler can choose the question
/// being answered.
#[derive(AnchorSerialize, AnchorDeserialize, Clone, Debug, PartialEq, Eq)]
pub struct SettlementProof {
    pub ts: i64,
    pub fixture_summary: ScoresBatchSummary,
    pub fixture_proof: Vec<ProofNode>,
    pub main_tree_proof: Vec<ProofNode>,
    pub stat: StatTerm,
    pub stat_b: Option<SecondStatProof>,
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

/// Records `stated` as the market's outcome once the oracle confirms it from `proof`. The first
/// settlement opens the dispute window; within it, only a strictly later proof of the same stat
/// replaces the settlement.
pub fn settle(ctx: Context<Settle>, proof: SettlementProof, stated: StatedOutcome) -> Result<()> {
    let market = &mut ctx.accounts.market;
    let now = Clock::get()?.unix_timestamp;
    check_settling_time(market, now)?;
    let stat_b = check_market_terms(market, &proof)?;
    check_final_values(
        std::iter::once(&proof.stat.stat_to_prove)
            .chain(stat_b.map(|stat_b| &stat_b.stat_to_prove)),
    )?;
    check_batch_time(proof.ts, market.close_time, now)?;
    let settled_by = SettledProof {
        ts: proof.ts,
        events_root: proof.fixture_summary.events_sub_tree_root,
        event: event_index(
            proof.fixture_summary.update_stats.update_count,
            &proof.fixture_proof,
        )?,
    };
    let stat_b = stat_b
        .map(|stat_b| stat_b.expand(&proof.stat))
        .transpose()?;
    if let Some(stat_b) = &stat_b {
        check_same_event(&proof.stat, stat_b)?;
    }
    if market.settled {
        require!(
            settled_by.is_later_than(&market.settled_by),
            SettlementError::ProofNotLater
        );
    }

    let oracle = OracleAccounts {
        program: &ctx.accounts.oracle_program,
        daily_scores_roots: &ctx.accounts.daily_scores_roots,
    };
    prove_with_oracle(oracle, market, proof, stat_b, stated)?;
    record_settlement(market, stated, settled_by, now)
}

/// Whether `market` may be settled at `now`: closed, and within its settlement window (or, once
/// settled, its dispute window).
fn check_settling_time(market: &Market, now: i64) -> Result<()> {
    require!(now >= market.close_time, SettlementError::MarketNotClosed);
    if market.settled {
        require!(
            now < market.dispute_ends_at,
            SettlementError::MarketResolved
        );
    } else {
        require!(
            now < market.settlement_deadline()?,
            SettlementError::SettlementWindowClosed
        );
    }
    Ok(())
}

/// Whether `proof` is of `market`'s period, fixture and stats; the second stat's proof, when the
/// market has a second stat.
fn check_market_terms<'a>(
    market: &Market,
    proof: &'a SettlementProof,
) -> Result<Option<&'a SecondStatProof>> {
    // A market made under the retired rule (a period of its own for each half) asks about a value
    // no TxLINE record proves; its stakes are refunded after the grace period.
    require!(
        market.period == FINAL_PERIOD,
        SettlementError::PeriodRetired
    );
    require!(
        proof.fixture_summary.fixture_id == market.fixture_id,
        SettlementError::FixtureMismatch
    );
    require!(
        proof.stat.stat_to_prove.key == market.stat_key,
        SettlementError::StatMismatch
    );
    // Refused here rather than by the oracle, so the error names this market's terms.
    match (market.second_stat, &proof.stat_b) {
        (None, None) => Ok(None),
        (Some(_), None) => err!(SettlementError::MissingSecondStat),
        (None, Some(_)) => err!(SettlementError::UnexpectedSecondStat),
        (Some(second), Some(stat_b)) => {
            require!(
                stat_b.stat_to_prove.key == second.stat_key,
                SettlementError::StatMismatch
            );
            Ok(Some(stat_b))
        }
    }
}

/// The oracle that validates the proof, and the roots account it reads.
struct OracleAccounts<'a, 'info> {
    program: &'a UncheckedAccount<'info>,
    daily_scores_roots: &'a UncheckedAccount<'info>,
}

/// Asks the oracle, by CPI, whether `proof` (with `stat_b` expanded) proves `stated` under
/// `market`'s terms; refused unless it answers that it does.
fn prove_with_oracle(
    oracle: OracleAccounts,
    market: &Market,
    proof: SettlementProof,
    stat_b: Option<StatTerm>,
    stated: StatedOutcome,
) -> Result<()> {
    let oracle_program = oracle.program.key();
    let args = ValidateStatArgs {
        ts: proof.ts,
        fixture_summary: proof.fixture_summary,
        fixture_proof: proof.fixture_proof,
        main_tree_proof: proof.main_tree_proof,
        predicate: stated.predicate_to_prove(market.predicate)?,
        stat_a: proof.stat,
        stat_b,
        op: market.second_stat.map(|second| second.op),
    };
    // Oracle errors abort the whole transaction untranslated; the vault is untouched.
    invoke(
        &validate_stat(oracle_program, oracle.daily_scores_roots.key(), &args),
        &[oracle.daily_scores_roots.to_account_info()],
    )?;

    let (returned_by, data) = return_data::get().ok_or(SettlementError::NoValidationReturn)?;
    require_keys_eq!(
        returned_by,
        oracle_program,
        SettlementError::UnexpectedReturnProgram
    );
    let holds = bool::try_from_slice(&data).map_err(|_| SettlementError::NoValidationReturn)?;
    require!(holds, SettlementError::OutcomeNotProven);
    Ok(())
}

/// Records `stated`, proven by `settled_by`, as `market`'s outcome; the first settlement opens
/// the dispute window at `now`.
fn record_settlement(
    market: &mut Market,
    stated: StatedOutcome,
    settled_by: SettledProof,
    now: i64,
) -> Result<()> {
    if !market.settled {
        market.settled = true;
        market.dispute_ends_at = now
            .checked_add(market.dispute_window)
            .ok_or(SettlementError::Overflow)?;
    }
    market.outcome = Side::from(stated);
    market.settled_by = settled_by;
    Ok(())
}
