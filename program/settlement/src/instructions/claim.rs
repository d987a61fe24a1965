use anchor_lang::prelude::*;

use crate::error::SettlementError;
use crate::instructions::Withdraw;

/// Pays a winning position `stake * pool / winning_total`, rounded down, once the settlement is
/// final.
pub fn claim(ctx: Context<Withdraw>) -> Result<()> {
    let market = &ctx.accounts.market;
    let now = Clock::get()?.unix_timestamp;
    require!(market.is_final(now), SettlementError::NotResolved);
    require!(
        !ctx.accounts.position.claimed,
        SettlementError::AlreadyClaimed
    );
    require!(market.winning_total() > 0, SettlementError::NoWinners);
    require!(
        ctx.accounts.position.outcome == market.outcome,
        SettlementError::NotAWinner
    );
    let payout = market.payout(ctx.accounts.position.amount)?;
    ctx.accounts.pay_out(payout)
}
