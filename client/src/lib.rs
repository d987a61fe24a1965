//! The one typed client of the Fulltime programs: addresses, instructions, accounts and proof
//! fixtures. Everything that talks to the chain (tests, localnet, faucet, TUI) goes through it.

pub mod errors;
pub mod fixture;
pub mod instructions;
pub mod merkle;
pub mod pda;

pub use settlement;
pub use txline_interface;
