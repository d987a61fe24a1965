//! The accept loop: HTTP/1 connections under limits that slow or silent clients cannot outlast,
//! a cap on how many are open, smaller ones on how many one peer address and one network hold,
//! and a shutdown bounded in time.
//!
//! `axum::serve` has none of these: a connection that never finishes its headers stays open
//! for ever, and its graceful shutdown waits for it.

mod activity;
mod connection;
mod peer_slots;
mod refusal;

use std::{future::Future, io, net::SocketAddr, pin::pin, sync::Arc, time::Duration};

use axum::Router;
use peer_slots::PeerSlots;
use refusal::Refusals;
use tokio::{
    net::{TcpListener, TcpStream},
    sync::{OwnedSemaphorePermit, Semaphore, watch},
    task::{JoinError, JoinSet},
};

/// How long connections may take and how many may be open; see the README's "Connections".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// From when a connection waits for a request (the first, or the next on a keep-alive
    /// connection) until its headers are complete: bytes trickling in do not extend it.
    pub header_read_timeout: Duration,
    /// A connection that sends nothing for this long while none of its requests is being
    /// handled is closed.
    pub idle_timeout: Duration,
    /// From a request's headers until its body must have arrived whole; past it the request is
    /// answered 408 and its connection closed.
    pub body_read_timeout: Duration,
    /// Connections open at once. At the cap the server stops accepting: new connections wait
    /// in the kernel's listen backlog, at no cost to the process, until one closes.
    pub max_connections: usize,
    /// Connections one peer address (IPv6: its /64, as the rate limits key it) may hold open
    /// at once, so that no one peer holds every slot of `max_connections`. One more is
    /// answered 429 and closed at once, taking no slot.
    pub max_connections_per_peer: usize,
    /// Connections one network (an IPv4 /24, an IPv6 /48, or all of loopback: this machine)
    /// may hold open at once, however many of its addresses it connects from; one more is
    /// refused as one over its address's cap is.
    pub max_connections_per_network: usize,
    /// After the shutdown signal, how long requests in flight may take to finish; connections
    /// still open then are closed.
    pub shutdown_timeout: Duration,
}

impl Default for ConnectionLimits {
    /// A client sends its headers in milliseconds; 10 s leaves room for a slow link and still
    /// frees a slot held by a slow client quickly. 5 s between requests is what keep-alive
    /// needs (Apache's default). A faucet body is 60 bytes and follows its headers in the same
    /// packet or the next: 5 s is a slow link's worth. 512 connections is far above what the
    /// faucet's few requests a minute use and below the common `ulimit -n` of 1024. 32 per
    /// address is beyond any one honest client (a browser opens 6 per host, the dashboard and
    /// the CLI one) and leaves room for a few users behind one NAT, while one address holds a
    /// sixteenth of the cap at most. 128 per network, a quarter of the cap, is four such
    /// addresses: one machine's loopback or one site cannot hold the server, whatever number of
    /// addresses it has. 8 s of shutdown fits within the 10 s that `docker stop` and `just
    /// down` wait before they kill.
    fn default() -> Self {
        Self {
            header_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(5),
            body_read_timeout: Duration::from_secs(5),
            max_connections: 512,
            max_connections_per_peer: 32,
            max_connections_per_network: 128,
            shutdown_timeout: Duration::from_secs(8),
        }
    }
}

/// Bound on what hyper buffers of a connection, headers included (its default is ~400 KiB): a
/// faucet request is a few hundred bytes, and each open connection may hold this much. Larger
/// headers are answered 431.
pub const MAX_BUFFER_BYTES: usize = 16 * 1024;

/// After an accept error that is not one connection's (out of file descriptors, say), a pause
/// before the next try: connections that end meanwhile free what is missing, and the kernel
/// queues new ones.
const ACCEPT_ERROR_PAUSE: Duration = Duration::from_secs(1);

/// Serves `app` on `listener` until `shutdown` completes, then stops accepting, lets requests
/// in flight finish within `limits.shutdown_timeout`, and closes every connection still open.
///
/// The router sees each request's peer as `ConnectInfo<SocketAddr>`, as with
/// `into_make_service_with_connect_info`, and the deadline of its body as a
/// [`BodyDeadline`](crate::extract::BodyDeadline).
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) {
    tracing::info!(
        header_read_timeout_secs = limits.header_read_timeout.as_secs(),
        idle_timeout_secs = limits.idle_timeout.as_secs(),
        body_read_timeout_secs = limits.body_read_timeout.as_secs(),
        max_connections = limits.max_connections,
        max_connections_per_peer = limits.max_connections_per_peer,
        max_connections_per_network = limits.max_connections_per_network,
        shutdown_timeout_secs = limits.shutdown_timeout.as_secs(),
        "connection limits"
    );
    let mut slots = Slots::new(limits.max_connections);
    let peer_slots = PeerSlots::new(
        limits.max_connections_per_peer,
        limits.max_connections_per_network,
    );
    let refusals = Refusals::new();
    let (stop, stopping) = watch::channel(false);
    let mut connections = JoinSet::new();
    let mut shutdown = pin!(shutdown);
    loop {
        tokio::select! {
            () = &mut shutdown => break,
            Some(ended) = connections.join_next() => log_panic(ended),
            accepted = accept(&listener, &mut slots) => {
                let Some((stream, peer, slot)) = accepted else {
                    continue;
                };
                let peer_slot = match peer_slots.take(peer.ip()) {
                    Ok(peer_slot) => peer_slot,
                    Err(crowded) => {
                        // Refused outside the cap: a peer over its share never holds a slot of
                        // everyone's, even for the moment its refusal takes.
                        drop(slot);
                        if let Some(refusal) = refusals.refuse(stream, crowded) {
                            connections.spawn(refusal);
                        }
                        continue;
                    }
                };
                let app = app.clone();
                let stopping = stopping.clone();
                connections.spawn(async move {
                    connection::serve(stream, peer, app, limits, stopping).await;
                    drop((slot, peer_slot));
                });
            }
        }
    }

    // Closing the listener refuses new connections and those waiting in its backlog.
    drop(listener);
    stop.send_replace(true);
    tracing::info!(
        open = connections.len(),
        deadline_secs = limits.shutdown_timeout.as_secs(),
        "stopped accepting; requests in flight may finish"
    );
    if tokio::time::timeout(limits.shutdown_timeout, all_ended(&mut connections))
        .await
        .is_err()
    {
        tracing::warn!(
            cut = connections.len(),
            "shutdown deadline reached; closing the connections still open"
        );
        connections.shutdown().await;
    }
}

/// The cap on open connections: a permit per connection, held by its task.
struct Slots {
    free: Arc<Semaphore>,
    max: usize,
    /// Whether the cap was reached and is still; the log says when it starts and ends.
    full: bool,
}

impl Slots {
    fn new(max: usize) -> Self {
        Self {
            free: Arc::new(Semaphore::new(max)),
            max,
            full: false,
        }
    }

    /// A free slot, once there is one.
    async fn take(&mut self) -> OwnedSemaphorePermit {
        if let Ok(slot) = Arc::clone(&self.free).try_acquire_owned() {
            if std::mem::take(&mut self.full) {
                tracing::info!("below the connection cap again");
            }
            return slot;
        }
        if !std::mem::replace(&mut self.full, true) {
            tracing::warn!(
                max_connections = self.max,
                "connection cap reached: new connections wait until one closes"
            );
        }
        Arc::clone(&self.free)
            .acquire_owned()
            .await
            .expect("the semaphore of the slots is never closed")
    }
}

/// A connection in a free slot; `None` when accepting failed.
async fn accept(
    listener: &TcpListener,
    slots: &mut Slots,
) -> Option<(TcpStream, SocketAddr, OwnedSemaphorePermit)> {
    let slot = slots.take().await;
    match listener.accept().await {
        Ok((stream, peer)) => Some((stream, peer, slot)),
        Err(error) if ends_one_connection(&error) => {
            tracing::debug!(%error, "a connection failed before it was accepted");
            None
        }
        Err(error) => {
            tracing::warn!(%error, "cannot accept connections; trying again shortly");
            tokio::time::sleep(ACCEPT_ERROR_PAUSE).await;
            None
        }
    }
}

/// Errors that end one connection, not the listener's ability to accept others.
fn ends_one_connection(error: &io::Error) -> bool {
    matches!(
        error.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionReset
    )
}

async fn all_ended(connections: &mut JoinSet<()>) {
    while let Some(ended) = connections.join_next().await {
        log_panic(ended);
    }
}

/// A connection's task ends by itself or, at the shutdown deadline, by being cancelled.
fn log_panic(ended: Result<(), JoinError>) {
    if let Err(error) = ended
        && error.is_panic()
    {
        tracing::error!(%error, "a connection's task panicked");
    }
}
