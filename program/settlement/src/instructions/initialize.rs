use anchor_lang::prelude::*;
use anchor_lang::solana_program::bpf_loader_upgradeable;
use anchor_spl::token::Mint;

use crate::constants::{CONFIG_SEED, USDC_DECIMALS};
use crate::error::SettlementError;
use crate::state::Config;

#[derive(Accounts)]
pub struct Initialize<'info> {
    #[account(mut)]
    pub admin: Signer<'info>,
    #[account(
        init,
        payer = admin,
        space = 8 + Config::INIT_SPACE,
        seeds = [CONFIG_SEED],
        bump,
    )]
    pub config: Account<'info, Config>,
    #[account(constraint = usdc_mint.decimals == USDC_DECIMALS @ SettlementError::InvalidMint)]
    pub usdc_mint: Account<'info, Mint>,
    /// The program's own program-data account, which names its upgrade authority: `anchor
    /// deploy` writes it on devnet, and the local runtimes write it when they load the program.
    #[account(
        seeds = [crate::ID.as_ref()],
        bump,
        seeds::program = bpf_loader_upgradeable::ID,
        constraint = program_data.upgrade_authority_address == Some(admin.key())
            @ SettlementError::NotUpgradeAuthority,
    )]
    pub program_data: Account<'info, ProgramData>,
    pub system_program: Program<'info, System>,
}

/// Sets the test USDC mint once, signed by the program's upgrade authority, so nobody can take
/// the config first; its address is fixed, so a second call fails.
pub fn initialize(ctx: Context<Initialize>) -> Result<()> {
    ctx.accounts.config.set_inner(Config {
        admin: ctx.accounts.admin.key(),
        usdc_mint: ctx.accounts.usdc_mint.key(),
        market_count: 0,
        bump: ctx.bumps.config,
    });
    Ok(())
}
