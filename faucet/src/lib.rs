//! The Fulltime faucet: `POST /api/faucet` mints devnet test USDC to a wallet.
//!
//! [`app`] builds the router from an [`AppState`]; the `faucet` binary only parses the
//! configuration, binds, installs tracing and shuts down gracefully.

pub mod client;
pub mod config;
pub mod cooldown;
pub mod error;
pub mod extract;
pub mod follow;
pub mod landing;
pub mod limits;
pub mod mint;
pub mod routes;
pub mod rpc_minter;
pub mod state;
pub mod wallet;

pub use routes::app;
pub use state::AppState;
