//! Runs natively compiled Anchor programs as builtins of the real Solana runtime.
//!
//! There is no SBF toolchain here, so the programs are compiled for the host. The runtime calls a
//! builtin with its `InvokeContext`; `entry` serializes the instruction's accounts the way the SBF
//! loader would, calls the program's `entry` function, and writes the accounts back. The program
//! reaches the runtime (CPI, sysvars, return data) through solana-sysvar 3.x's syscall stubs,
//! which `syscalls` implements on top of the invoke context of the running instruction.

mod accounts;
mod anchor_log;
mod context;
mod entry;
mod programs;
mod syscalls;

pub use entry::{AnchorEntry, NativeEntry, PlainEntry, run};
pub use programs::{
    Deployment, FalsePredicate, MockOracleBuiltin, SettlementBuiltin, register_programs,
};
pub use solana_program_runtime::solana_sbpf::program::BuiltinFunctionDefinition;

#[doc(hidden)]
pub mod __private {
    pub use solana_program_runtime::declare_process_instruction;
}
