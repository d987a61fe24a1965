use anchor_lang::prelude::*;

/// `txoracle` on devnet; the mock oracle is declared at this id.
pub const DEVNET_PROGRAM_ID: Pubkey = pubkey!("6pW64gN1s2uqjHkn1unFeEjAwJkPGHoppGvS715wyP2J");

/// `txoracle` on mainnet.
pub const MAINNET_PROGRAM_ID: Pubkey = pubkey!("9ExbZjAapQww1vfcisDmrngPinHTEfpjYRWMunJgcKaA");

/// The only programs the settlement program accepts as oracle.
pub fn is_txline_program(program_id: &Pubkey) -> bool {
    *program_id == DEVNET_PROGRAM_ID || *program_id == MAINNET_PROGRAM_ID
}

/// Seed prefix of the per-day account holding the 288 five-minute score roots.
pub const DAILY_SCORES_ROOTS_SEED: &[u8] = b"daily_scores_roots";

/// The daily roots account of `epoch_day` under the given oracle program.
pub fn daily_scores_roots_address(oracle_program: &Pubkey, epoch_day: u16) -> (Pubkey, u8) {
    Pubkey::find_program_address(
        &[DAILY_SCORES_ROOTS_SEED, &epoch_day.to_le_bytes()],
        oracle_program,
    )
}
