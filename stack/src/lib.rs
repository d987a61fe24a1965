//! The local stack as one supervised group of processes: `localnet`, the faucet, the local
//! TxLINE API (`txline-api`) and (for `just dev`) the dashboard. One supervisor starts the parts
//! in order, waits for each to answer, records them in `<state-dir>/stack.json`, and stops them
//! all when any of them ends, when it is told to stop, or when it is killed (each part gets the
//! parent-death signal).

pub mod commands;
pub mod error;
pub mod launch;
pub mod options;
pub mod os;
pub mod part;
pub mod watch;

pub use error::StackError;
pub use options::StackOptions;
