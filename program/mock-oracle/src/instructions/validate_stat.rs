use anchor_lang::prelude::*;
use anchor_lang::system_program;
use txline_interface::ids::daily_scores_roots_address;
use txline_interface::proof::{root_from_path, stat_leaf, summary_leaf};
use txline_interface::time::{epoch_day, slot_of_day};
use txline_interface::{StatTerm, ValidateStatArgs};

use crate::error::OracleError;
use crate::state::DailyScoresRoots;

#[derive(Accounts)]
pub struct ValidateStat<'info> {
    /// CHECK: address, owner and discriminator are checked in the handler so that each failure
    /// carries the oracle's own error.
    pub daily_scores_merkle_roots: UncheckedAccount<'info>,
}

/// Proves `stat_a` (optionally combined with `stat_b`) against the root posted for the batch's
/// five-minute slot, then answers whether the predicate holds.
pub fn validate(ctx: Context<ValidateStat>, args: ValidateStatArgs) -> Result<bool> {
    let summary = &args.fixture_summary;
    require!(
        args.ts == summary.update_stats.min_timestamp,
        OracleError::TimestampMismatch
    );
    let day = epoch_day(args.ts).ok_or(OracleError::InvalidTime)?;
    require!(
        slot_of_day(summary.update_stats.max_timestamp) == slot_of_day(args.ts)
            && summary.update_stats.max_timestamp >= args.ts,
        OracleError::TimeSlotMismatch
    );

    let roots_info = ctx.accounts.daily_scores_merkle_roots.to_account_info();
    // The program's own id, not the compiled one: the same code runs at either TxLINE id.
    let oracle = ctx.program_id;
    let (expected_roots, _) = daily_scores_roots_address(oracle, day);
    require_keys_eq!(roots_info.key(), expected_roots, OracleError::InvalidPda);
    let root = posted_root(oracle, &roots_info, day, slot_of_day(args.ts))?;

    require!(
        root_from_path(summary_leaf(summary), &args.main_tree_proof) == root,
        OracleError::InvalidMainTreeProof
    );
    let stat_a = proven_value(&args.stat_a)?;
    require!(
        root_from_path(args.stat_a.event_stat_root, &args.fixture_proof)
            == summary.events_sub_tree_root,
        OracleError::InvalidFixtureSubTreeProof
    );

    let value = match (&args.stat_b, args.op) {
        (None, None) => stat_a,
        (Some(_), None) => return err!(OracleError::UnexpectedSecondStat),
        (None, Some(_)) => return err!(OracleError::MissingSecondStat),
        (Some(stat_b), Some(op)) => {
            require!(
                stat_b.event_stat_root == args.stat_a.event_stat_root,
                OracleError::InvalidStatCombination
            );
            let stat_b = proven_value(stat_b)?;
            op.apply(stat_a, stat_b).ok_or(OracleError::Overflow)?
        }
    };

    let holds = args.predicate.holds_for(value);
    if !holds && crate::false_predicate::fails() {
        return err!(OracleError::PredicateFailed);
    }
    // On-chain Anchor sets the return data from the handler's result; natively that call is a
    // no-op, so the mock sets it through the runtime's syscall stubs itself.
    #[cfg(not(target_os = "solana"))]
    txline_interface::return_data::set(&[u8::from(holds)]);
    Ok(holds)
}

/// The root posted for `slot` of `day`. A roots account that was never created means that no
/// root has been posted for that day.
fn posted_root(
    oracle: &Pubkey,
    roots_info: &AccountInfo,
    day: u16,
    slot: usize,
) -> Result<[u8; 32]> {
    if roots_info.owner == &system_program::ID && roots_info.data_is_empty() {
        return err!(OracleError::RootNotAvailable);
    }
    require_keys_eq!(*roots_info.owner, *oracle, OracleError::InvalidOwner);
    let data = roots_info.try_borrow_data()?;
    require!(
        data.len() >= 8 && data[..8] == *DailyScoresRoots::DISCRIMINATOR,
        OracleError::AccountDiscriminatorMismatch
    );
    let roots: &DailyScoresRoots = bytemuck::try_from_bytes(
        data.get(8..DailyScoresRoots::SPACE)
            .ok_or(OracleError::SliceError)?,
    )
    .map_err(|_| OracleError::SliceError)?;
    require!(roots.epoch_day == day, OracleError::TimeSlotMismatch);
    let root = roots.roots[slot];
    require!(
        root != DailyScoresRoots::UNPOSTED,
        OracleError::RootNotAvailable
    );
    Ok(root)
}

/// The stat's value once its leaf is proven to hash up to the event's stat root.
fn proven_value(term: &StatTerm) -> Result<i32> {
    require!(
        root_from_path(stat_leaf(&term.stat_to_prove), &term.stat_proof) == term.event_stat_root,
        OracleError::InvalidStatProof
    );
    Ok(term.stat_to_prove.value)
}
