use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};

use anchor_lang::solana_program::account_info::AccountInfo;
use anchor_lang::solana_program::entrypoint::{ProgramResult, deserialize};
use anchor_lang::solana_program::pubkey::Pubkey;
use solana_instruction::error::InstructionError;
use solana_program_runtime::invoke_context::InvokeContext;
use solana_program_runtime::serialization::serialize_parameters;

use super::accounts::commit_account_info;
use super::{context, syscalls};

/// A program's `entry` function as Anchor generates it.
pub type NativeEntry = for<'a> fn(&'a Pubkey, &'a [AccountInfo<'a>], &'a [u8]) -> ProgramResult;

/// Runs one instruction of a native program: the runtime has already logged the invocation and
/// charged the builtin's unit; it logs the result we return.
pub fn run(entry: NativeEntry, invoke_context: &mut InvokeContext) -> Result<(), InstructionError> {
    syscalls::install();
    let top_level = invoke_context.get_stack_height() == 1;
    if top_level {
        context::take_cpi_failure();
    }
    let _entered = context::enter(invoke_context);

    let instruction = invoke_context
        .transaction_context
        .get_current_instruction_context()?;
    let direct_pointers = invoke_context
        .get_feature_set()
        .direct_account_pointers_in_program_input;
    // The same byte layout the SBF loader hands a program; there is no VM, so no address-space
    // tricks.
    let (mut input, _regions, _metadata, _data_offset) =
        serialize_parameters(&instruction, false, false, direct_pointers)?;
    let account_count = instruction.get_number_of_instruction_accounts();

    // SAFETY: `input` was laid out by `serialize_parameters` above and outlives every reference
    // `deserialize` hands out; nothing else reads the buffer until they are dropped.
    let (program_id, accounts, data) = unsafe { deserialize(input.as_slice_mut().as_mut_ptr()) };
    let outcome = catch_unwind(AssertUnwindSafe(|| entry(program_id, &accounts, data)));

    let cpi_failure = if top_level {
        context::take_cpi_failure()
    } else {
        None
    };
    match (cpi_failure, outcome) {
        (Some(error), _) => return Err(error),
        (None, Ok(Ok(()))) => {}
        (None, Ok(Err(error))) => return Err(InstructionError::from(u64::from(error))),
        (None, Err(_panic)) => return Err(InstructionError::ProgramFailedToComplete),
    }
    write_back(invoke_context, &accounts, account_count)
}

/// Commits what the program did to its writable accounts into the transaction.
fn write_back(
    invoke_context: &mut InvokeContext,
    accounts: &[AccountInfo],
    account_count: u16,
) -> Result<(), InstructionError> {
    let instruction = invoke_context
        .transaction_context
        .get_current_instruction_context()?;
    let mut seen = HashSet::new();
    for index in 0..account_count {
        let mut account = instruction.try_borrow_instruction_account(index)?;
        if !account.is_writable() || !seen.insert(*account.get_key()) {
            continue;
        }
        let Some(info) = accounts.iter().find(|info| info.key == account.get_key()) else {
            continue;
        };
        commit_account_info(&mut account, info)?;
    }
    Ok(())
}
