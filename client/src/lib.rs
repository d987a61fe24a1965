//! The one typed client of the Fulltime programs: addresses, instructions, accounts and proof
//! files, the domain's words as types (a market's [`side::Side`]) and the JSON views of the
//! programs' types ([`view`]). Everything that talks to the chain (tests, localnet, faucet, TUI)
//! goes through it.

pub mod amount;
pub mod bundle;
pub mod cluster;
pub mod compute_budget;
pub mod errors;
pub mod faucet;
pub mod idl_roles;
pub mod instructions;
pub mod keypair;
#[cfg(test)]
mod loopback;
pub mod market_status;
pub mod merkle;
pub mod odds;
pub mod payable;
pub mod pda;
pub mod program_data;
pub mod program_names;
pub mod proof_file;
pub mod rpc;
#[cfg(test)]
mod sample;
pub mod side;
pub mod snapshot;
pub mod terminal_text;
pub mod time;
pub mod txline;
pub mod unreachable;
pub mod validate;
pub mod view;

pub use settlement;
pub use txline_interface;
