//! The one door into surfpool (surfpool-core and surfpool-types 1.6.1): the only module of the
//! node that names surfpool's types or touches its internals (the SVM behind its lock, its
//! runloop's commands and events, its geyser events, its RPC and WebSocket method runners, its
//! servers' sockets). Everything else speaks in the node's own words: a [`Chain`] to read
//! ([`ChainView`]) or write ([`ChainWriter`]) under the runtime's lock and to ask for a warp or
//! a block, the [`Committed`] stream, the [`RunloopEvent`]s, the methods run in process
//! ([`RpcMethods`], [`PubsubMethods`]), and params read as surfpool reads them.
//!
//! An upgrade of surfpool changes this module, and only this one.

mod blockhashes;
mod chain;
mod commands;
mod commits;
mod events;
pub mod listeners;
mod methods_base;
mod new_chain;
mod params;
mod ports;
mod pubsub_methods;
mod rpc_methods;
mod runloop;
mod slot_time;
mod transactions;
mod view;
mod writer;

pub use blockhashes::{SYNTHETIC_BLOCKHASH_PREFIX, synthetic_blockhash};
pub use chain::Chain;
pub use commits::{BlockMade, CommitEvents, Committed, FINALIZATION_SLOTS, Heard};
pub use events::{ProcessedTransaction, RunloopEvent, RunloopEvents, preflight_refusal};
pub use new_chain::NewChain;
pub use params::{
    AccountSubscribeConfig, AccountWrite, ProgramSubscribeConfig, ResetOptions, SendConfig, Warp,
};
pub use ports::Ports;
pub use pubsub_methods::{PubsubMethods, PubsubMethodsRuntime, PubsubSession};
pub use rpc_methods::{RpcMethods, RpcMethodsRuntime};
pub use runloop::RunningRunloop;
pub use slot_time::SLOT_TIME_MS;
pub use transactions::{decode_bundled_transaction, decode_transaction};
pub use view::ChainView;
pub use writer::ChainWriter;

#[cfg(test)]
pub use rpc_methods::jsonrpc_core_reads;
