//! An in-process chain for tests and benchmarks: the real runtime (LiteSVM) with SPL Token, the
//! settlement program and the mock oracle, a 6-decimal test USDC mint and an initialized config,
//! booted by one call to [`TestChain::new`].

mod chain;
mod failure;
mod single_stat;

pub use chain::{GENESIS_UNIX_TIME, Sent, TestChain};
pub use failure::TxFailure;
pub use single_stat::{SlotRoot, single_stat_proof};
