use anchor_lang::prelude::*;
use anchor_lang::solana_program::bpf_loader_upgradeable;
use txline_interface::ids::DAILY_SCORES_ROOTS_SEED;
use txline_interface::time::slot_of_hour_minute;

use crate::error::OracleError;
use crate::state::DailyScoresRoots;

/// The real oracle's three accounts in its order, then the mock's own program-data account: the
/// real program knows its authority, the mock reads it there (its upgrade authority), so a chain
/// chooses the key that feeds it by how it deploys the mock.
#[derive(Accounts)]
#[instruction(epoch_day: u16)]
pub struct InsertScoresRoot<'info> {
    #[account(mut)]
    pub authority: Signer<'info>,
    #[account(
        init_if_needed,
        payer = authority,
        space = DailyScoresRoots::SPACE,
        seeds = [DAILY_SCORES_ROOTS_SEED, &epoch_day.to_le_bytes()],
        bump,
    )]
    pub daily_scores_roots: AccountLoader<'info, DailyScoresRoots>,
    pub system_program: Program<'info, System>,
    #[account(
        seeds = [crate::ID.as_ref()],
        bump,
        seeds::program = bpf_loader_upgradeable::ID,
        constraint = program_data.upgrade_authority_address == Some(authority.key())
            @ OracleError::Unauthorized,
    )]
    pub program_data: Account<'info, ProgramData>,
}

/// Posts the root of one five-minute slot, signed by the oracle's authority. Posting the same
/// root again is a no-op; replacing a posted root with another is refused, as a real oracle must
/// never equivocate.
pub fn insert_root(
    ctx: Context<InsertScoresRoot>,
    epoch_day: u16,
    hour_of_day: u8,
    minute_of_hour: u8,
    root: [u8; 32],
) -> Result<()> {
    require!(
        hour_of_day < 24 && minute_of_hour < 60,
        OracleError::InvalidTime
    );
    let slot =
        slot_of_hour_minute(hour_of_day, minute_of_hour).ok_or(OracleError::InvalidTimeSlot)?;
    require!(
        root != DailyScoresRoots::UNPOSTED,
        OracleError::InvalidTimeSlot
    );

    let mut roots = match ctx.accounts.daily_scores_roots.load_mut() {
        Ok(roots) => roots,
        Err(_) => ctx.accounts.daily_scores_roots.load_init()?,
    };
    roots.epoch_day = epoch_day;
    let posted = roots.roots[slot];
    require!(
        posted == DailyScoresRoots::UNPOSTED || posted == root,
        OracleError::EquivocationAttempt
    );
    roots.roots[slot] = root;
    Ok(())
}
