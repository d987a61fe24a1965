//! The Fulltime faucet: `POST /api/faucet` mints devnet test USDC to a wallet.
//!
//! [`app`] builds the router from an [`AppState`]; [`serve`] serves it under connection limits
//! until a shutdown signal; the `faucet` binary only parses the configuration, installs
//! tracing, binds and calls [`serve`].

pub mod config;
pub mod cooldown;
pub mod error;
pub mod extract;
pub mod follow;
pub mod landing;
pub mod limits;
pub mod mint;
pub mod peer;
pub mod routes;
pub mod rpc_minter;
pub mod serve;
pub mod shutdown_signal;
pub mod state;
pub mod wallet;

pub use routes::app;
pub use serve::{ConnectionLimits, serve};
pub use state::AppState;
