//! What surfpool's JSON-RPC methods and its WebSocket methods both stand on: a runtime of their
//! own, and surfpool's middleware over the chain, describing the node as its ports say.

use surfpool_core::rpc::SurfpoolMiddleware;
use tokio::runtime::Runtime;

use super::chain::Chain;
use super::ports::Ports;
use crate::node::NodeError;

/// A runtime of `workers` threads named `thread_name`; `what` names it in the error.
pub(super) fn methods_runtime(
    thread_name: &str,
    workers: usize,
    what: &str,
) -> Result<Runtime, NodeError> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(workers)
        .thread_name(thread_name)
        .enable_all()
        .build()
        .map_err(|error| NodeError::Start(format!("no runtime for {what}: {error}")))
}

/// surfpool's middleware over `chain`, the node's addresses as `ports` says.
pub(super) fn middleware(chain: &Chain, ports: Ports) -> SurfpoolMiddleware {
    // No plugin manager listens: its receiver is dropped, so a plugin method's send fails at
    // once instead of waiting.
    let (plugin_commands, _) = crossbeam_channel::unbounded();
    SurfpoolMiddleware::new(
        chain.locker.clone(),
        &chain.commands,
        &ports.rpc_config(),
        &None,
        plugin_commands,
    )
}
