use anchor_lang::prelude::*;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

use crate::constants::{CONFIG_SEED, MARKET_SEED, MIN_DEPOSIT, POSITION_SEED};
use crate::error::SettlementError;
use crate::side::Side;
use crate::state::{Config, Market, Position};

#[derive(Accounts)]
pub struct Deposit<'info> {
    #[account(mut)]
    pub depositor: Signer<'info>,
    #[account(seeds = [CONFIG_SEED], bump = config.bump)]
    pub config: Account<'info, Config>,
    #[account(mut, seeds = [MARKET_SEED, &market.id.to_le_bytes()], bump = market.bump)]
    pub market: Account<'info, Market>,
    #[account(
        init_if_needed,
        payer = depositor,
        space = 8 + Position::INIT_SPACE,
        seeds = [POSITION_SEED, market.key().as_ref(), depositor.key().as_ref()],
        bump,
    )]
    pub position: Account<'info, Position>,
    #[account(mut, address = market.vault @ SettlementError::InvalidVault)]
    pub vault: Account<'info, TokenAccount>,
    #[account(
        mut,
        constraint = depositor_token.mint == config.usdc_mint @ SettlementError::InvalidMint,
        constraint = depositor_token.owner == depositor.key() @ SettlementError::InvalidOwner,
    )]
    pub depositor_token: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
    pub system_program: Program<'info, System>,
}

/// Stakes `amount` on the side whose byte is `outcome`. A position keeps the side of its first
/// deposit.
pub fn deposit(ctx: Context<Deposit>, outcome: u8, amount: u64) -> Result<()> {
    let side = Side::try_from(outcome).map_err(|_| SettlementError::InvalidOutcome)?;
    require!(amount >= MIN_DEPOSIT, SettlementError::BelowMinimum);
    let market = &mut ctx.accounts.market;
    require!(!market.settled, SettlementError::MarketResolved);
    let now = Clock::get()?.unix_timestamp;
    require!(now < market.close_time, SettlementError::MarketClosed);

    let position = &mut ctx.accounts.position;
    if position.amount == 0 {
        position.set_inner(Position {
            owner: ctx.accounts.depositor.key(),
            market: market.key(),
            outcome: side,
            amount: 0,
            claimed: false,
            bump: ctx.bumps.position,
        });
    }
    require!(position.outcome == side, SettlementError::OutcomeLocked);
    position.amount = position
        .amount
        .checked_add(amount)
        .ok_or(SettlementError::Overflow)?;
    market.add_stake(side, amount)?;

    token::transfer(
        CpiContext::new(
            ctx.accounts.token_program.key(),
            Transfer {
                from: ctx.accounts.depositor_token.to_account_info(),
                to: ctx.accounts.vault.to_account_info(),
                authority: ctx.accounts.depositor.to_account_info(),
            },
        ),
        amount,
    )
}
