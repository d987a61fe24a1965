//! An in-process chain for tests and benchmarks: the real runtime (LiteSVM) with SPL Token, the
//! settlement program and the mock oracle, loaded natively by the node's adapter, a 6-decimal test
//! USDC mint and an initialized config, booted by one call to [`TestChain::new`]; and the model of
//! the contract that random lifecycles on it are checked against ([`lifecycle`]). The settlement
//! program's behaviour tests and the `soak` and `bench` binaries run on it.

mod batch;
mod chain;
mod failure;
pub mod lifecycle;

pub use batch::{
    SlotRoot, batch_proofs, mixed_event_proofs, record_proof, resplit, second_stat_term,
    single_stat_proof, two_stat_proof, with_second_stat,
};
pub use chain::{GENESIS_UNIX_TIME, Sent, TestChain};
pub use failure::TxFailure;
