//! Random market lifecycles checked against an independent model of the contract. The property
//! test (`program/settlement-behaviour/tests/lifecycle_properties.rs`) draws the steps with
//! proptest strategies, the soak binary (`testkit/harness/src/bin/soak.rs`) with [`SplitMix64`] from a seed; both
//! run them with [`run_lifecycle`].

mod batch;
mod calendar;
mod cut;
mod model;
mod payout;
pub mod picks;
mod proof_facts;
mod random;
mod report;
mod runner;
mod second_stat;
mod step;

pub use random::{SplitMix64, random_lifecycle};
pub use report::{Run, Tally, Violation};
pub use runner::run_lifecycle;
pub use step::{
    CutPick, DatePick, EventPick, Mark, ProofPick, SecondStatPick, StatPick, StatedPick, Step,
    TermsPick,
};
