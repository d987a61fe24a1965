//! The part of the TxLINE `txoracle` program that Fulltime depends on, written once and shared by
//! the settlement program (which calls it), the mock oracle (which implements it) and the client
//! (which builds proofs for it). Layouts follow the published IDLs in `idl/reference/`;
//! `docs/txline.md` says what the project takes from TxLINE.

pub mod error;
pub mod ids;
pub mod instruction;
pub mod proof;
pub mod return_data;
pub mod time;
pub mod types;

pub use error::OracleError;
pub use ids::{DEVNET_PROGRAM_ID, MAINNET_PROGRAM_ID, is_txline_program};
pub use types::*;
