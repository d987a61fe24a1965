//! Proof files: the JSON files QA testers hand to `fulltime settle --proof PATH`, and the oracle
//! roots file those proofs verify against.
//!
//! A proof file names the market it is meant for, the result that settling that market with it
//! must give, and the proof itself (the argument of the program's `settle`). The file format (its
//! types, its JSON, loading and saving) is `format`'s; beside it is what the client does with a
//! proof file: the market terms it binds (`terms`), what settling with it states (`settle`), what a
//! settler states when it picks the side (`stating`) and the root its proof needs (`roots`).

mod fetched;
mod format;
mod roots;
mod settle;
mod stating;
mod terms;

pub use format::{
    Expected, ExpectedError, OracleRoot, ParseError, ProofComparison, ProofFile, ProofFileError,
    ProofMarket, ProofOp, ProofPredicate, ProofRecord, ProofSecondStat, RootsFile,
};
pub use settle::proven_value;
