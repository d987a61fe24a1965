//! A snapshot as the chain client makes and names one (the file format is
//! `fulltime_files::snapshot`): a running node's chain read over JSON-RPC (`fulltime snapshot
//! save`), `<state-dir>/snapshots/` by name, and the bounds in time a loaded chain's clock must be
//! within, which are the client's rules of time.

mod bounds;
mod directory;
mod export;
mod save;

pub use bounds::{ChainClockBounds, ClockBoundError, LATEST_SLOT, LATEST_UNIX_MS};
pub use directory::{Listed, Saved, Summary, check_name, list, save_named, save_named_into};
pub use export::{EXPORT_METHOD, export_accounts, read_clock};
pub use save::{SaveError, capture, now_unix};
