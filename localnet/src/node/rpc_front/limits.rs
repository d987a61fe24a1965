//! How much the JSON-RPC front gives one client: bounds that a slow, silent or greedy client
//! cannot outlast, each with why it is what it is (the README's "The node's fronts" lists them).

use std::time::Duration;

/// The JSON-RPC front's bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RpcLimits {
    /// Connections open at once (`--rpc-max-connections`). At the cap the front stops
    /// accepting: new connections wait in the kernel's listen backlog, at no cost to the
    /// node, until one closes.
    pub max_connections: usize,
    /// From when a connection waits for a request (its first, or the next on a keep-alive
    /// connection) until the request's headers are complete; bytes trickling in do not extend
    /// it. So it is also how long an idle keep-alive connection is kept.
    pub header_read_timeout: Duration,
    /// From a request's headers until its whole body has arrived.
    pub body_read_timeout: Duration,
    /// A request's body, in bytes.
    pub max_body: usize,
    /// Calls in one JSON-RPC batch.
    pub max_batch: usize,
}

impl Default for RpcLimits {
    /// 512 connections is far above what the project's tools open (a client's pipeline keeps
    /// 128 requests in flight, a browser 6 connections a host) and keeps the node, whose other
    /// parts need descriptors too (the WebSocket front, the kept chain's files), below the
    /// common `ulimit -n` of 1024. A tool sends its headers in microseconds on the loopback: 10
    /// s frees a slot held by a silent client soon, and a keep-alive client just reconnects.
    /// 15 MiB is surfpool's own body limit, so the front refuses nothing surfpool would take
    /// (`surfnet_setAccount` writes accounts of up to ~7 MiB as hex); it arrives in
    /// milliseconds on the loopback, so 10 s is ample. 1,000 calls a batch is far above any
    /// client's batches (web3.js sends one batch per `getParsedTransactions` page) and bounds
    /// what one request holds the front for.
    fn default() -> Self {
        Self {
            max_connections: 512,
            header_read_timeout: Duration::from_secs(10),
            body_read_timeout: Duration::from_secs(10),
            max_body: 15 * 1024 * 1024,
            max_batch: 1_000,
        }
    }
}

/// After an accept error that is not one connection's (out of file descriptors, say), a pause
/// before the next try: connections that end meanwhile free what is missing, and the kernel
/// queues new ones. Without it the accept loop spins on the error.
pub const ACCEPT_ERROR_PAUSE: Duration = Duration::from_secs(1);
