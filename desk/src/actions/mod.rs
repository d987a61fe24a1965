//! The action layer: each thing a user does that changes the chain or the machine is one
//! [`Order`], carried out by one [`run`] as an [`Actor`] (agave's `process_command`). The
//! command line builds orders from arguments, the dashboard from keys, the timeline engine from a
//! file; each face only presents the [`Receipt`](crate::output::receipt::Receipt) or the error.
//! An action runs its pre-checks, all skipped by the order's one `force`; refuses with a typed
//! [`Refusal`], worded in `crate::error::refusal` for both faces; sends; and returns its
//! receipt. What the chain looked like before is taken from the caller when it holds it (the
//! dashboard's feed), else read in one request (the command line), and what the program's own
//! arithmetic says comes after is computed rather than read back.
//!
//! `order.rs` is the list and its dispatch; a file per action or close group: `create.rs`,
//! `deposit.rs`, `settle.rs`, `payout.rs` (claim and refund), `claim_all.rs`, `warp.rs`,
//! `faucet.rs`, `snapshot.rs` (save), `bundle.rs` (save), `wallet_new.rs`; `actor.rs` is who
//! acts (session, wallet, progress) and its signing wallet.

mod actor;
mod bundle;
mod claim_all;
pub mod create;
pub mod deposit;
mod faucet;
mod order;
pub mod payout;
pub mod settle;
mod snapshot;
mod wallet_new;
mod warp;

pub use crate::error::Refusal;
pub use actor::{Actor, Signing};
pub use bundle::{BundleOrder, timeline_at};
pub use create::CreateOrder;
pub use deposit::DepositOrder;
pub use order::{Order, run};
pub use payout::PayoutOrder;
pub use settle::{RecordSettleOrder, SettleOrder};
pub use snapshot::save_snapshot_into;
pub use wallet_new::WalletOrder;

// Each action typed, for the desk's own work that is no face's order (a timeline's set-up).
pub(crate) use bundle::save_bundle;
pub(crate) use claim_all::claim_all;
pub(crate) use create::create_market;
pub(crate) use deposit::deposit;
pub(crate) use faucet::faucet;
pub(crate) use payout::pay_out;
pub(crate) use settle::{settle, settle_by_record};
pub(crate) use snapshot::save_snapshot;
pub(crate) use wallet_new::make_wallet;
pub(crate) use warp::{warp, warp_connected};

#[cfg(test)]
pub(crate) mod tests;
