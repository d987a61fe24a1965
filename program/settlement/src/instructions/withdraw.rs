use anchor_lang::prelude::*;
use anchor_spl::token::{self, Token, TokenAccount, Transfer};

use crate::constants::MARKET_SEED;
use crate::error::SettlementError;
use crate::state::{Market, Position};

/// The accounts of both ways money leaves a vault: a winner's claim and a refund.
#[derive(Accounts)]
pub struct Withdraw<'info> {
    pub owner: Signer<'info>,
    #[account(seeds = [MARKET_SEED, &market.id.to_le_bytes()], bump = market.bump)]
    pub market: Account<'info, Market>,
    #[account(
        mut,
        constraint = position.owner == owner.key() @ SettlementError::PositionMismatch,
        constraint = position.market == market.key() @ SettlementError::PositionMismatch,
    )]
    pub position: Account<'info, Position>,
    #[account(mut, address = market.vault @ SettlementError::InvalidVault)]
    pub vault: Account<'info, TokenAccount>,
    #[account(
        mut,
        constraint = owner_token.mint == vault.mint @ SettlementError::InvalidMint,
        constraint = owner_token.owner == owner.key() @ SettlementError::InvalidOwner,
    )]
    pub owner_token: Account<'info, TokenAccount>,
    pub token_program: Program<'info, Token>,
}

impl Withdraw<'_> {
    /// Marks the position paid and moves `amount` from the vault to the owner, signed by the
    /// market.
    pub fn pay_out(&mut self, amount: u64) -> Result<()> {
        require!(!self.position.claimed, SettlementError::AlreadyClaimed);
        self.position.claimed = true;

        let id = self.market.id.to_le_bytes();
        let seeds: &[&[u8]] = &[MARKET_SEED, &id, &[self.market.bump]];
        token::transfer(
            CpiContext::new_with_signer(
                self.token_program.key(),
                Transfer {
                    from: self.vault.to_account_info(),
                    to: self.owner_token.to_account_info(),
                    authority: self.market.to_account_info(),
                },
                &[seeds],
            ),
            amount,
        )
    }
}
