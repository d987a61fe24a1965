//! What the mock does with a predicate that does not hold.
//!
//! The published IDL lists `PredicateFailed`, so the real `validate_stat` may raise it instead of
//! returning `false`, and nobody can check which offline. The settlement program must work
//! either way, so the mock does both: by default it returns `false`; built with the
//! `fail-false-predicates` feature, or run natively through
//! `native::try_entry_failing_false_predicates`, it raises `PredicateFailed`. The native switch
//! lets one process run both kinds side by side.

/// Whether a false predicate raises `PredicateFailed` instead of returning `false`.
pub fn fails() -> bool {
    cfg!(feature = "fail-false-predicates") || native::fails()
}

#[cfg(not(target_os = "solana"))]
pub(crate) use native::failing_false_predicates;

#[cfg(not(target_os = "solana"))]
mod native {
    use std::cell::Cell;

    std::thread_local! {
        // A native runtime runs a whole transaction, CPIs included, on one thread.
        static FAIL_FALSE_PREDICATES: Cell<bool> = const { Cell::new(false) };
    }

    pub fn fails() -> bool {
        FAIL_FALSE_PREDICATES.get()
    }

    /// Restores the previous mode even if the program panics.
    struct Restore(bool);

    impl Drop for Restore {
        fn drop(&mut self) {
            FAIL_FALSE_PREDICATES.set(self.0);
        }
    }

    /// Runs `run` with false predicates raising `PredicateFailed`.
    pub fn failing_false_predicates<T>(run: impl FnOnce() -> T) -> T {
        let _restore = Restore(FAIL_FALSE_PREDICATES.replace(true));
        run()
    }
}

#[cfg(target_os = "solana")]
mod native {
    pub fn fails() -> bool {
        false
    }
}
