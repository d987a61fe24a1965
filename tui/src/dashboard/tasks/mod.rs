//! The dashboard's network and file work, each piece in a tokio task that reports back with an
//! `Message` on the channel the runner reads, so drawing and typing never wait for it.

mod feed;
mod read;
mod runner;
mod tail;
mod timeline;
mod transact;

pub use feed::{Reading, spawn_feed};
pub use read::{Addresses, read};
pub use runner::{Runner, TimelineSlot};
pub use tail::spawn_log_tail;
