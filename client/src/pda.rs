//! Every account address the programs use, derived the way the programs derive them.

use std::sync::LazyLock;

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::bpf_loader_upgradeable;
use anchor_spl::associated_token::get_associated_token_address;
use settlement::constants::{CONFIG_SEED, MARKET_SEED, POSITION_SEED, VAULT_SEED};

pub fn config() -> Pubkey {
    // One address for the program's life: every deposit names it, and deriving it costs curve
    // arithmetic (an on-curve check per bump tried).
    static CONFIG: LazyLock<Pubkey> =
        LazyLock::new(|| Pubkey::find_program_address(&[CONFIG_SEED], &settlement::ID).0);
    *CONFIG
}

/// The settlement program's program-data account, which names its upgrade authority (the only
/// signer `initialize` accepts).
pub fn program_data() -> Pubkey {
    program_data_of(&settlement::ID)
}

/// The program-data account of an upgradeable program: the mock oracle's names the only key
/// that may post roots to it.
pub fn program_data_of(program: &Pubkey) -> Pubkey {
    Pubkey::find_program_address(&[program.as_ref()], &bpf_loader_upgradeable::ID).0
}

pub fn market(id: u64) -> Pubkey {
    Pubkey::find_program_address(&[MARKET_SEED, &id.to_le_bytes()], &settlement::ID).0
}

pub fn vault(market: &Pubkey) -> Pubkey {
    Pubkey::find_program_address(&[VAULT_SEED, market.as_ref()], &settlement::ID).0
}

pub fn position(market: &Pubkey, owner: &Pubkey) -> Pubkey {
    Pubkey::find_program_address(
        &[POSITION_SEED, market.as_ref(), owner.as_ref()],
        &settlement::ID,
    )
    .0
}

/// The wallet's associated token account for `mint`: where the faucet mints and where the
/// client takes deposits from and pays out to.
pub fn token_account(wallet: &Pubkey, mint: &Pubkey) -> Pubkey {
    get_associated_token_address(wallet, mint)
}

/// The oracle's roots account for the UTC day of a millisecond timestamp, under `oracle`.
pub fn daily_scores_roots(oracle: &Pubkey, ts_ms: i64) -> Option<Pubkey> {
    let day = txline_interface::time::epoch_day(ts_ms)?;
    Some(txline_interface::ids::daily_scores_roots_address(oracle, day).0)
}
