//! `txline-api`: a local stand-in of TxLINE's HTTP API. It serves the committed match catalog
//! (`fulltime_matches::catalog`) in TxLINE's published shapes (`fulltime_client::txline::json`),
//! behind TxLINE's two credentials, which it keeps in `<state-dir>/txline.toml` for `fulltime`.
//!
//! [`app`] builds the router from an [`AppState`]; [`serve::serve`] serves it until a shutdown
//! signal; the binary only parses the flags, installs tracing, binds, finds its credentials and
//! says where it serves.

pub mod app;
pub mod auth;
pub mod config;
pub mod credentials;
pub mod error;
pub mod extract;
pub mod routes;
pub mod serve;
pub mod shutdown_signal;
pub mod state;

pub use app::app;
pub use state::AppState;
