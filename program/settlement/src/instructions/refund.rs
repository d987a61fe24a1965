use anchor_lang::prelude::*;

use crate::error::SettlementError;
use crate::instructions::Withdraw;

/// Returns a stake in full when the market has no winners or was never settled in time.
pub fn refund(ctx: Context<Withdraw>) -> Result<()> {
    let now = Clock::get()?.unix_timestamp;
    let market = &ctx.accounts.market;
    // A provisional settlement may still change sides; nothing is paid until it is final.
    require!(
        !market.settled || market.is_final(now),
        SettlementError::NotResolved
    );
    require!(
        market.is_refundable(now)?,
        SettlementError::RefundUnavailable
    );
    let stake = ctx.accounts.position.amount;
    ctx.accounts.pay_out(stake)
}
