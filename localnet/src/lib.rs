//! The Fulltime programs inside a real Solana runtime: natively compiled, registered as
//! builtins, in-process for tests and benchmarks.

pub mod harness;
pub mod native;
pub mod node;
pub mod process;
