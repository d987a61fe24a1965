//! The dashboard `fulltime` opens without a subcommand: markets, the selected market, the wallet
//! and recent activity, over the same `fulltime-client` and output helpers as the command line.
//!
//! Shape (see STYLE.md): every change of state is an [`action::Action`] handled by
//! [`update::update`]; [`draw::draw`] renders the state and does no I/O; network work and the
//! following of the log files run in tokio tasks (`tasks/`) that send actions back over a
//! channel; one key table (`keys.rs`) drives key handling, the hint bar and the help overlay.

mod action;
mod app;
mod args;
pub mod bench;
mod chain;
mod draw;
mod effect;
mod failure;
mod fixtures;
mod forms;
mod keys;
mod logs;
mod position;
mod remote;
mod run;
mod tasks;
mod update;

pub use args::{DashboardArgs, DashboardOptions};
pub use run::run;

#[cfg(test)]
mod tests;
