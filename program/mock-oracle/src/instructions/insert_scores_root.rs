use anchor_lang::prelude::*;
use txline_interface::ids::DAILY_SCORES_ROOTS_SEED;
use txline_interface::time::slot_of_hour_minute;

use crate::error::OracleError;
use crate::state::DailyScoresRoots;

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
}

/// Posts the root of one five-minute slot. Posting the same root again is a no-op; replacing a
/// posted root with another is refused, as a real oracle must never equivocate.
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
