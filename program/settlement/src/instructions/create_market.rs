use anchor_lang::prelude::*;
use anchor_spl::token::{Mint, Token, TokenAccount};
use txline_interface::TraderPredicate;

use crate::constants::{
    CONFIG_SEED, MARKET_SEED, MAX_CLOSE_HORIZON_SECS, MAX_DISPUTE_WINDOW_SECS, MAX_QUESTION_CHARS,
    MIN_DISPUTE_WINDOW_SECS, VAULT_SEED,
};
use crate::error::SettlementError;
use crate::final_value::is_period_ever_final;
use crate::state::{Config, Market, SecondStat};
use crate::stated_outcome::is_decidable;

/// Everything a market binds at creation; nothing of it changes afterwards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarketTerms {
    pub question: String,
    pub close_time: i64,
    pub fixture_id: i64,
    pub stat_key: u32,
    pub period: i32,
    pub predicate: TraderPredicate,
    /// Seconds a settlement stays provisional.
    pub dispute_window: i64,
    /// For a two-stat market, the stat combined with `stat_key`.
    pub second_stat: Option<SecondStat>,
}

#[derive(Accounts)]
#[instruction(question: String)]
pub struct CreateMarket<'info> {
    #[account(mut)]
    pub creator: Signer<'info>,
    #[account(mut, seeds = [CONFIG_SEED], bump = config.bump)]
    pub config: Account<'info, Config>,
    #[account(
        init,
        payer = creator,
        space = Market::space(&question),
        seeds = [MARKET_SEED, &config.market_count.to_le_bytes()],
        bump,
    )]
    pub market: Account<'info, Market>,
    #[account(address = config.usdc_mint @ SettlementError::InvalidMint)]
    pub usdc_mint: Account<'info, Mint>,
    #[account(
        init,
        payer = creator,
        seeds = [VAULT_SEED, market.key().as_ref()],
        bump,
        token::mint = usdc_mint,
        token::authority = market,
        token::token_program = token_program,
    )]
    pub vault: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
    pub system_program: Program<'info, System>,
}

pub fn create_market(ctx: Context<CreateMarket>, terms: MarketTerms) -> Result<()> {
    require!(
        terms.question.chars().count() <= MAX_QUESTION_CHARS,
        SettlementError::QuestionTooLong
    );
    require!(
        is_decidable(terms.predicate),
        SettlementError::InvalidPredicate
    );
    // Only the `game_finalised` record's values are final: a market on any other period could
    // never settle.
    require!(
        is_period_ever_final(terms.period),
        SettlementError::PeriodNeverFinal
    );
    let now = Clock::get()?.unix_timestamp;
    require!(terms.close_time > now, SettlementError::InvalidCloseTime);
    let horizon = now
        .checked_add(MAX_CLOSE_HORIZON_SECS)
        .ok_or(SettlementError::Overflow)?;
    require!(
        terms.close_time <= horizon,
        SettlementError::CloseTimeTooFar
    );
    require!(
        (MIN_DISPUTE_WINDOW_SECS..=MAX_DISPUTE_WINDOW_SECS).contains(&terms.dispute_window),
        SettlementError::InvalidDisputeWindow
    );

    let config = &mut ctx.accounts.config;
    let id = config.market_count;
    config.market_count = id.checked_add(1).ok_or(SettlementError::Overflow)?;

    let (creator, vault) = (ctx.accounts.creator.key(), ctx.accounts.vault.key());
    ctx.accounts
        .market
        .set_inner(Market::open(id, creator, vault, terms, ctx.bumps.market));
    Ok(())
}
