//! The invoke context of the instruction running on this thread, for the syscall stubs.
//!
//! The stubs are process-global trait objects without parameters for the runtime, so the current
//! `InvokeContext` is published per thread while a native program runs. Tests run in parallel
//! threads, each with its own.

use std::cell::Cell;
use std::ptr;

use solana_instruction::error::InstructionError;
use solana_program_runtime::invoke_context::InvokeContext;

thread_local! {
    static CURRENT: Cell<*mut InvokeContext<'static, 'static>> = const { Cell::new(ptr::null_mut()) };
    /// The first CPI failure of the running top-level program. On-chain a failed CPI aborts the
    /// transaction at once; natively the caller gets control back, so the adapter fails the
    /// instruction with this error whatever the caller did with it.
    static CPI_FAILURE: Cell<Option<InstructionError>> = const { Cell::new(None) };
}

/// Publishes `invoke_context` until the guard drops; nested CPIs stack their own guards.
pub(super) struct Entered {
    previous: *mut InvokeContext<'static, 'static>,
}

pub(super) fn enter(invoke_context: &mut InvokeContext) -> Entered {
    let erased = (invoke_context as *mut InvokeContext).cast::<InvokeContext<'static, 'static>>();
    Entered {
        previous: CURRENT.replace(erased),
    }
}

impl Drop for Entered {
    fn drop(&mut self) {
        CURRENT.set(self.previous);
    }
}

/// Runs `f` on the current invoke context, or returns `None` outside a native program.
pub(super) fn with_current<R>(f: impl FnOnce(&mut InvokeContext) -> R) -> Option<R> {
    let current = CURRENT.get();
    if current.is_null() {
        return None;
    }
    // SAFETY: the pointer was published by `enter` from a live `&mut InvokeContext` whose
    // program is running further up this thread's stack; the guard unpublishes it before that
    // borrow ends. The runtime is single-threaded per transaction and does not touch the context
    // while the program runs, which is the same discipline solana-program-test relies on.
    Some(f(unsafe { &mut *current }))
}

pub(super) fn record_cpi_failure(error: InstructionError) {
    let first = CPI_FAILURE.take().unwrap_or(error);
    CPI_FAILURE.set(Some(first));
}

pub(super) fn take_cpi_failure() -> Option<InstructionError> {
    CPI_FAILURE.take()
}

/// Whether a CPI of the running top-level program has failed, leaving it recorded.
pub(super) fn cpi_failed() -> bool {
    let failure = CPI_FAILURE.take();
    let failed = failure.is_some();
    CPI_FAILURE.set(failure);
    failed
}
