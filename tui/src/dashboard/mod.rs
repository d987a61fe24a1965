//! The dashboard `fulltime` opens without a subcommand: markets, the selected market, the wallet
//! and recent activity, over the same session, `fulltime-client` calls and output types as the
//! command line.
//!
//! Shape (see STYLE.md): every change of state is an [`Action`] handled by [`update`]; [`draw`]
//! renders the state and does no I/O; network work and the following of the log files run in
//! tokio tasks (`tasks/`) that send actions back over a channel; one key table (`keys.rs`) drives
//! key handling, the hint bar and the help overlay.
//!
//! Public for `dashboard-bench`, which loads, draws and follows the chain as the dashboard does,
//! and for the tests that count what a key costs on the wire: the state and its update, drawing,
//! the key table, the feed and the effect runner.

mod action;
mod app;
mod chain;
mod draw;
mod effect;
mod failure;
mod fixtures;
mod forms;
mod history;
mod inspect;
mod keys;
mod logs;
mod position;
mod remote;
mod run;
mod tasks;
mod update;
mod wallets;

pub use action::{Action, Command};
pub use app::{ActivityState, App, Grouping, SessionView};
pub use chain::{Chain, Link};
pub use draw::draw;
pub use history::PoolHistory;
pub use keys::{Mode, action_for};
pub use remote::Remote;
pub(crate) use run::run;
pub use tasks::{Addresses, Reading, Runner, read, spawn_feed};
pub use update::update;

#[cfg(test)]
mod refusal_words;
#[cfg(test)]
mod tests;
