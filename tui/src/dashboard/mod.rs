//! The dashboard `fulltime` opens without a subcommand: markets, the selected market, the wallet
//! and recent activity, over the same session, `fulltime-client` calls and output types as the
//! command line.
//!
//! Shape (after ratatui's component template and gitui): components (`panes/`, `popups/`) each own their state, their keys,
//! their update and their draw (`component.rs` says what one is); every change of state is an
//! [`Message`], which the router ([`update`]) keeps in the shared state or hands to the focused
//! component, carrying out what it asks; [`draw`] renders the state and does no I/O; network
//! work and the following of the log files run in tokio tasks (`tasks/`) that send actions back
//! over a channel; one key table (`keys/`) drives key handling, the hint bar and the help.
//!
//! Public for `dashboard-bench`, which loads, draws and follows the chain as the dashboard does,
//! and for the tests that count what a key costs on the wire: the state and its update, drawing,
//! the key table, the feed and the effect runner.

mod activity;
mod app;
mod chain;
mod component;
mod draw;
mod effect;
mod failure;
mod keys;
mod log_source;
mod message;
mod panes;
mod popups;
mod position;
mod proof_files;
mod recording;
mod recording_news;
mod remote;
mod requests;
mod run;
mod session_view;
mod tasks;
mod text_field;
mod theme;
mod timeline_news;
mod update;
mod wallets;

pub use activity::ActivityState;
pub use app::App;
pub use chain::{Chain, Link};
pub use draw::draw;
pub use keys::{Mode, message_for};
pub use message::{Command, Message};
pub use panes::history::PoolHistory;
pub use panes::list::Grouping;
pub use recording::RecorderSlot;
pub use remote::Remote;
pub(crate) use run::run;
pub use session_view::SessionView;
pub use tasks::{Addresses, Reading, Runner, TimelineSlot, read, spawn_feed};
pub use update::update;

#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
