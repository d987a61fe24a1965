//! Off-chain only: what the local runtimes need to run the mock natively and log what it logs
//! on-chain (see the settlement program's `native` module): Anchor's dispatch with its error
//! unlogged, in both false-predicate modes, and the instruction names Anchor logs.

use anchor_lang::Discriminator;
use anchor_lang::prelude::{AccountInfo, Pubkey};

use crate::instruction;

/// Anchor's dispatch of one instruction, its error unlogged.
pub fn try_entry<'info>(
    program_id: &'info Pubkey,
    accounts: &'info [AccountInfo<'info>],
    data: &'info [u8],
) -> anchor_lang::Result<()> {
    crate::try_entry(program_id, accounts, data)
}

/// [`try_entry`], raising `PredicateFailed` for a false predicate.
pub fn try_entry_failing_false_predicates<'info>(
    program_id: &'info Pubkey,
    accounts: &'info [AccountInfo<'info>],
    data: &'info [u8],
) -> anchor_lang::Result<()> {
    crate::false_predicate::failing_false_predicates(|| try_entry(program_id, accounts, data))
}

/// The name Anchor logs for the instruction `data` calls (`Instruction: ValidateStat`).
pub fn instruction_name(data: &[u8]) -> Option<&'static str> {
    [
        (
            instruction::InsertScoresRoot::DISCRIMINATOR,
            "InsertScoresRoot",
        ),
        (instruction::ValidateStat::DISCRIMINATOR, "ValidateStat"),
    ]
    .into_iter()
    .find_map(|(discriminator, name)| data.starts_with(discriminator).then_some(name))
}
