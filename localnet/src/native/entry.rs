use std::cell::RefCell;
use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;

use anchor_lang::solana_program::account_info::AccountInfo;
use anchor_lang::solana_program::entrypoint::{ProgramResult, deserialize};
use anchor_lang::solana_program::program_error::ProgramError;
use anchor_lang::solana_program::pubkey::Pubkey;
use solana_instruction::error::InstructionError;
use solana_program_runtime::invoke_context::InvokeContext;
use solana_program_runtime::serialization::serialize_parameters;
use solana_svm_log_collector::LogCollector;

use super::accounts::commit_account_info;
use super::{anchor_log, context, syscalls};

/// A program's entry: `process_instruction` as a program written without Anchor defines it.
pub type PlainEntry = for<'a> fn(&'a Pubkey, &'a [AccountInfo<'a>], &'a [u8]) -> ProgramResult;
/// An Anchor program's dispatch, returning its error with the origin Anchor logs.
pub type AnchorEntry =
    for<'a> fn(&'a Pubkey, &'a [AccountInfo<'a>], &'a [u8]) -> anchor_lang::Result<()>;

/// What the adapter runs.
#[derive(Clone, Copy)]
pub enum NativeEntry {
    /// What the program logs goes through the syscall stubs.
    Plain(PlainEntry),
    /// The adapter logs what Anchor's `entry` logs on-chain: the instruction's name before it
    /// runs, its error after. Off-chain Anchor would print them to stdout.
    Anchor {
        try_entry: AnchorEntry,
        instruction_name: fn(&[u8]) -> Option<&'static str>,
    },
}

/// A program's failure: its error, and for an Anchor program the error as Anchor would log it.
struct Failure {
    error: ProgramError,
    anchor: Option<anchor_lang::error::Error>,
}

impl NativeEntry {
    fn call<'a>(
        self,
        program_id: &'a Pubkey,
        accounts: &'a [AccountInfo<'a>],
        data: &'a [u8],
        logs: &Option<Rc<RefCell<LogCollector>>>,
    ) -> Result<(), Failure> {
        match self {
            Self::Plain(entry) => entry(program_id, accounts, data).map_err(|error| Failure {
                error,
                anchor: None,
            }),
            Self::Anchor {
                try_entry,
                instruction_name,
            } => {
                if let Some(name) = instruction_name(data) {
                    anchor_log::instruction(logs, name);
                }
                try_entry(program_id, accounts, data).map_err(|error| Failure {
                    error: program_error(&error),
                    anchor: Some(error),
                })
            }
        }
    }
}

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
    let logs = invoke_context.get_log_collector();
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        entry.call(program_id, &accounts, data, &logs)
    }));

    let cpi_failure = if top_level {
        context::take_cpi_failure()
    } else {
        None
    };
    match (cpi_failure, outcome) {
        // On-chain the failed CPI aborted the program where it stood: nothing more is logged.
        (Some(error), _) => return Err(error),
        (None, Ok(Ok(()))) => {}
        (None, Ok(Err(failure))) => {
            if let (Some(error), false) = (&failure.anchor, context::cpi_failed()) {
                anchor_log::error(&logs, error);
            }
            return Err(InstructionError::from(u64::from(failure.error)));
        }
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

/// The program error an Anchor error stands for, as Anchor converts it; the error itself is kept
/// for its log.
fn program_error(error: &anchor_lang::error::Error) -> ProgramError {
    match error {
        anchor_lang::error::Error::AnchorError(error) => {
            ProgramError::Custom(error.error_code_number)
        }
        anchor_lang::error::Error::ProgramError(error) => error.program_error.clone(),
    }
}
