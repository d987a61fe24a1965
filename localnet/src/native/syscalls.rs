//! The syscalls a native program makes, served by the runtime's current invoke context.
//!
//! Anchor 1.x reaches syscalls off-chain through solana-sysvar **3.x** `program_stubs`; stubs
//! installed into another major version are silently ignored (a CPI then "succeeds" doing
//! nothing), so this implements exactly that trait.

use std::sync::Once;

use anchor_lang::solana_program::account_info::AccountInfo;
use anchor_lang::solana_program::instruction::Instruction;
use anchor_lang::solana_program::program_error::ProgramError;
use anchor_lang::solana_program::pubkey::Pubkey;
use solana_instruction::error::{InstructionError, UNSUPPORTED_SYSVAR};
use solana_program_runtime::invoke_context::InvokeContext;
use solana_program_runtime::solana_sbpf::vm::ContextObject;
use solana_program_runtime::stable_log::{program_data, program_log};
use solana_svm_log_collector::ic_logger_msg;
use solana_svm_timings::ExecuteTimings;
use solana_sysvar::program_stubs::{SyscallStubs, set_syscall_stubs};

use super::accounts::commit_account_info;
use super::context::{record_cpi_failure, with_current};

const SUCCESS: u64 = 0;

struct RuntimeSyscalls;

pub(super) fn install() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        set_syscall_stubs(Box::new(RuntimeSyscalls));
    });
}

impl SyscallStubs for RuntimeSyscalls {
    fn sol_invoke_signed(
        &self,
        instruction: &Instruction,
        account_infos: &[AccountInfo],
        signers_seeds: &[&[&[u8]]],
    ) -> Result<(), ProgramError> {
        with_current(|invoke_context| {
            invoke(invoke_context, instruction, account_infos, signers_seeds).map_err(|error| {
                let program_error =
                    ProgramError::try_from(error.clone()).unwrap_or(ProgramError::Custom(u32::MAX));
                record_cpi_failure(error);
                program_error
            })
        })
        .unwrap_or(Err(ProgramError::UnsupportedSysvar))
    }

    fn sol_get_clock_sysvar(&self, var_addr: *mut u8) -> u64 {
        write_sysvar(var_addr, |invoke_context| {
            invoke_context.environment_config.sysvar_cache().get_clock()
        })
    }

    fn sol_get_rent_sysvar(&self, var_addr: *mut u8) -> u64 {
        write_sysvar(var_addr, |invoke_context| {
            invoke_context.environment_config.sysvar_cache().get_rent()
        })
    }

    fn sol_get_epoch_schedule_sysvar(&self, var_addr: *mut u8) -> u64 {
        write_sysvar(var_addr, |invoke_context| {
            invoke_context
                .environment_config
                .sysvar_cache()
                .get_epoch_schedule()
        })
    }

    /// The generic `sol_get_sysvar`: a byte range of the sysvar's canonical serialization.
    fn sol_get_sysvar(
        &self,
        sysvar_id_addr: *const u8,
        var_addr: *mut u8,
        offset: u64,
        length: u64,
    ) -> u64 {
        // SAFETY: the caller passes the address of a 32-byte sysvar id.
        let sysvar_id = unsafe { *(sysvar_id_addr as *const Pubkey) };
        with_current(|invoke_context| {
            let cache = invoke_context.environment_config.sysvar_cache();
            let Some(bytes) = cache.sysvar_id_to_buffer(&sysvar_id) else {
                return UNSUPPORTED_SYSVAR;
            };
            let range = usize::try_from(offset).ok().and_then(|start| {
                let end = start.checked_add(usize::try_from(length).ok()?)?;
                bytes.get(start..end)
            });
            match range {
                Some(slice) => {
                    // SAFETY: the caller provides `length` writable bytes at `var_addr`.
                    unsafe { std::ptr::copy_nonoverlapping(slice.as_ptr(), var_addr, slice.len()) };
                    SUCCESS
                }
                None => UNSUPPORTED_SYSVAR,
            }
        })
        .unwrap_or(UNSUPPORTED_SYSVAR)
    }

    fn sol_get_return_data(&self) -> Option<(Pubkey, Vec<u8>)> {
        with_current(|invoke_context| {
            let (program_id, data) = invoke_context.transaction_context.get_return_data();
            (*program_id, data.to_vec())
        })
    }

    fn sol_set_return_data(&self, data: &[u8]) {
        with_current(|invoke_context| {
            let caller = invoke_context
                .transaction_context
                .get_current_instruction_context()
                .and_then(|instruction| instruction.get_program_key().copied());
            if let Ok(caller) = caller {
                // Only an oversized buffer fails; the program then sees no data, as it would
                // on-chain where the syscall aborts.
                let _ = invoke_context
                    .transaction_context
                    .set_return_data(caller, data.to_vec());
            }
        });
    }

    fn sol_get_stack_height(&self) -> u64 {
        with_current(|invoke_context| invoke_context.get_stack_height() as u64).unwrap_or(0)
    }

    /// `msg!` through the stubs (also `sol_log_64`, which formats its five words and calls
    /// this); outside a running program, stdout as the default stub does.
    fn sol_log(&self, message: &str) {
        let logged = with_current(|invoke_context| {
            program_log(&invoke_context.get_log_collector(), message);
        });
        if logged.is_none() {
            println!("{message}");
        }
    }

    fn sol_remaining_compute_units(&self) -> u64 {
        with_current(|invoke_context| invoke_context.get_remaining()).unwrap_or(0)
    }

    /// A validator writes the units left in the meter; a native program is charged one unit
    /// however much it does, so the figure says nothing about the program (see the README).
    fn sol_log_compute_units(&self) {
        with_current(|invoke_context| {
            ic_logger_msg!(
                &invoke_context.get_log_collector(),
                "Program consumption: {} units remaining",
                invoke_context.get_remaining()
            );
        });
    }

    /// Anchor events (`emit!` through `sol_log_data`): `Program data: <base64> ...`.
    fn sol_log_data(&self, fields: &[&[u8]]) {
        with_current(|invoke_context| {
            program_data(&invoke_context.get_log_collector(), fields);
        });
    }
}

/// Copies a typed sysvar to `var_addr`, which points at a value of the same `repr(C)` type.
fn write_sysvar<T: Clone>(
    var_addr: *mut u8,
    fetch: impl FnOnce(&InvokeContext) -> Result<std::sync::Arc<T>, InstructionError>,
) -> u64 {
    with_current(|invoke_context| match fetch(invoke_context) {
        Ok(sysvar) => {
            // SAFETY: the program asked for this sysvar type at this address.
            unsafe { std::ptr::write(var_addr.cast::<T>(), T::clone(&sysvar)) };
            SUCCESS
        }
        Err(_) => UNSUPPORTED_SYSVAR,
    })
    .unwrap_or(UNSUPPORTED_SYSVAR)
}

/// A cross-program invocation: the caller's view of the accounts goes into the transaction, the
/// callee runs, and its changes come back into the caller's `AccountInfo`s.
fn invoke(
    invoke_context: &mut InvokeContext,
    instruction: &Instruction,
    account_infos: &[AccountInfo],
    signers_seeds: &[&[&[u8]]],
) -> Result<(), InstructionError> {
    let caller = *invoke_context
        .transaction_context
        .get_current_instruction_context()?
        .get_program_key()?;
    let signers = signers_seeds
        .iter()
        .map(|seeds| Pubkey::create_program_address(seeds, &caller))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| InstructionError::InvalidSeeds)?;
    invoke_context.prepare_next_cpi_instruction(instruction.clone(), &signers)?;

    let writable = sync_caller_accounts(invoke_context, account_infos)?;
    let mut units = 0;
    invoke_context.process_instruction(&mut units, &mut ExecuteTimings::default())?;
    sync_callee_accounts(invoke_context, account_infos, &writable)
}

/// Writes the caller's current account state into the transaction before the callee runs.
/// Returns, for each writable account of the callee, its transaction index and `AccountInfo`.
fn sync_caller_accounts(
    invoke_context: &mut InvokeContext,
    account_infos: &[AccountInfo],
) -> Result<Vec<(u16, usize)>, InstructionError> {
    let transaction = &invoke_context.transaction_context;
    let caller = transaction.get_current_instruction_context()?;
    let callee = transaction.get_next_instruction_context()?;
    let mut writable = Vec::new();
    for callee_account in callee.instruction_accounts() {
        let index_in_transaction = callee_account.index_in_transaction;
        let key = transaction.get_key_of_account_at_index(index_in_transaction)?;
        let info_index = account_infos
            .iter()
            .position(|info| info.key == key)
            .ok_or(InstructionError::MissingAccount)?;
        let info = &account_infos[info_index];
        let index_in_caller = caller.get_index_of_account_in_instruction(index_in_transaction)?;
        let mut account = caller.try_borrow_instruction_account(index_in_caller)?;
        commit_account_info(&mut account, info)?;
        if callee_account.is_writable() {
            writable.push((index_in_transaction, info_index));
        }
    }
    Ok(writable)
}

/// Copies what the callee did to its writable accounts back into the caller's `AccountInfo`s.
fn sync_callee_accounts(
    invoke_context: &mut InvokeContext,
    account_infos: &[AccountInfo],
    writable: &[(u16, usize)],
) -> Result<(), InstructionError> {
    let caller = invoke_context
        .transaction_context
        .get_current_instruction_context()?;
    for &(index_in_transaction, info_index) in writable {
        let index_in_caller = caller.get_index_of_account_in_instruction(index_in_transaction)?;
        let account = caller.try_borrow_instruction_account(index_in_caller)?;
        let info = &account_infos[info_index];
        **info
            .try_borrow_mut_lamports()
            .map_err(|_| InstructionError::AccountBorrowFailed)? = account.get_lamports();
        if info.owner != account.get_owner() {
            // The system program's `assign` and `create_account` change owners.
            info.assign(account.get_owner());
        }
        let new_data = account.get_data();
        if info.data_len() != new_data.len() {
            info.resize(new_data.len())
                .map_err(|_| InstructionError::InvalidRealloc)?;
        }
        info.try_borrow_mut_data()
            .map_err(|_| InstructionError::AccountBorrowFailed)?
            .copy_from_slice(new_data);
    }
    Ok(())
}
