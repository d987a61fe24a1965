//! Raw instructions of `txoracle`, built by hand so that the same code targets the devnet program,
//! the mainnet program or the mock.

use anchor_lang::prelude::*;
use anchor_lang::solana_program::instruction::Instruction;

use crate::types::ValidateStatArgs;

pub const VALIDATE_STAT_DISCRIMINATOR: [u8; 8] = [107, 197, 232, 90, 191, 136, 105, 185];
pub const INSERT_SCORES_ROOT_DISCRIMINATOR: [u8; 8] = [137, 39, 242, 97, 131, 204, 100, 133];

/// `validate_stat` against `oracle_program`, reading the given daily roots account.
pub fn validate_stat(
    oracle_program: Pubkey,
    daily_scores_roots: Pubkey,
    args: &ValidateStatArgs,
) -> Instruction {
    let mut data = VALIDATE_STAT_DISCRIMINATOR.to_vec();
    // Writing into a Vec cannot fail.
    args.serialize(&mut data).expect("serialize into Vec");
    Instruction {
        program_id: oracle_program,
        accounts: vec![AccountMeta::new_readonly(daily_scores_roots, false)],
        data,
    }
}
