//! The dashboard's network work, each piece in a tokio task that reports back with an `Action`
//! on the channel the runner reads, so drawing and typing never wait for the network.

mod poll;
mod transact;

pub use poll::{Addresses, read, spawn_poller};
pub use transact::{Runner, spawn_effect};
