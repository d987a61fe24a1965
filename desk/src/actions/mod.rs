//! The action layer: each thing a user does that changes the chain or the machine is one
//! function here (agave's `process_command`), which the command line's runners and the
//! dashboard's effect runner call and whose result they only present. An action runs its
//! pre-checks, all skipped by the order's one `force`; refuses with a typed [`Refusal`], worded in
//! `crate::error::refusal` for both faces; sends; and returns its receipt, a type of
//! `crate::output::receipt`. What the chain looked like before is taken from the caller when it
//! holds it (the dashboard's feed), else read in one request (the command line), and what the
//! program's own arithmetic says comes after is computed rather than read back.
//!
//! A file per action or close group: `create.rs`, `deposit.rs`, `settle.rs`, `payout.rs` (claim
//! and refund), `claim_all.rs`, `warp.rs`, `faucet.rs`, `snapshot.rs` (save), `bundle.rs` (save), `wallet_new.rs`;
//! `actor.rs` is who acts (client, wallet, progress).

mod actor;
mod bundle;
mod claim_all;
pub mod create;
pub mod deposit;
mod faucet;
pub mod payout;
pub mod settle;
mod snapshot;
mod wallet_new;
mod warp;

pub use crate::error::Refusal;
pub use actor::Actor;
pub use bundle::{BundleOrder, save_bundle, timeline_at};
pub use claim_all::claim_all;
pub use create::{CreateOrder, create_market};
pub use deposit::{DepositOrder, deposit};
pub use faucet::faucet;
pub use payout::{PayoutOrder, pay_out};
pub use settle::{RecordSettleOrder, SettleOrder, settle, settle_by_record};
pub use snapshot::{save_snapshot, save_snapshot_into};
pub use wallet_new::make_wallet;
pub use warp::warp;

#[cfg(test)]
pub(crate) mod tests;
