//! TxLINE, the oracle whose proofs settle markets: its soccer stat encoding (`stat_key`), a proof
//! as it publishes one (`proof`), its published JSON shapes (`json`) and the client of its HTTP
//! API (`api`).

pub mod api;
pub mod json;
pub mod proof;
pub mod stat_key;

pub use proof::{ProvenStat, TxlineProof};
