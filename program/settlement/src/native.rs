//! Off-chain only: what the local runtimes need to run this program natively and log what it
//! logs on-chain. Anchor's generated `entry` logs its errors with `msg!`, which off-chain prints
//! to stdout instead of the transaction's logs; the native adapter (`localnet/src/native/`) calls
//! [`try_entry`] instead, gets the error with its origin, and logs it as Anchor would, into the
//! transaction, after the `Instruction: <name>` line that [`instruction_name`] gives.

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

/// The name Anchor logs for the instruction `data` calls (`Instruction: Deposit`).
pub fn instruction_name(data: &[u8]) -> Option<&'static str> {
    [
        (instruction::Initialize::DISCRIMINATOR, "Initialize"),
        (instruction::CreateMarket::DISCRIMINATOR, "CreateMarket"),
        (instruction::Deposit::DISCRIMINATOR, "Deposit"),
        (instruction::Settle::DISCRIMINATOR, "Settle"),
        (instruction::Claim::DISCRIMINATOR, "Claim"),
        (instruction::Refund::DISCRIMINATOR, "Refund"),
    ]
    .into_iter()
    .find_map(|(discriminator, name)| data.starts_with(discriminator).then_some(name))
}
