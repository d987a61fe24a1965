use anchor_lang::prelude::*;

use crate::error::SettlementError;
use crate::instructions::Withdraw;

/// Pays a winning position `stake * pool / winning_total`, rounded down.
pub fn claim(ctx: Context<Withdraw>) -> Result<()> {
    let market = &ctx.accounts.market;
    require!(market.resolved, SettlementError::NotResolved);
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
