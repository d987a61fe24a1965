//! Random market lifecycles checked against an independent model of the contract. The property
//! test (`program/settlement-behaviour/tests/lifecycle_properties.rs`) draws the steps with
//! proptest strategies, the soak binary (`testkit/harness/src/bin/soak.rs`) with [`SplitMix64`] from a seed; both
//! run them with [`run_lifecycle`]. A lifecycle that parts from the model is shrunk ([`shrink`])
//! and written as a timeline file ([`write_timeline`]) from what it sent ([`run_recorded`]).

mod as_timeline;
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
mod sent;
mod shrink;
mod step;

pub use as_timeline::{Unwritable, Written, write_timeline};
pub use model::Plant;
pub use random::{SplitMix64, random_lifecycle};
pub use report::{Run, Tally, Violation};
pub use runner::{run_lifecycle, run_lifecycle_with, run_recorded};
pub use sent::Sent;
pub use shrink::{Shrunk, shrink};
pub use step::{
    CutPick, DatePick, EventPick, Mark, ProofPick, SecondStatPick, StatPick, StatedPick, Step,
    TermsPick,
};
