//! The node's own pubsub front on `--ws-port`. Surfpool 1.6.1's WebSocket server answers each
//! subscription from a task that looks at a channel every 50 ms, so a confirmation by
//! `signatureSubscribe` waited ~53 ms for news ready after ~2. The front answers
//! `signatureSubscribe`, `accountSubscribe`, `programSubscribe` and `slotSubscribe` (and their
//! unsubscribes) from the commit feed the moment a commit happens, and relays every other
//! frame to surfpool's own WebSocket methods, run in process (`surfpool::PubsubMethods`;
//! surfpool's server is closed).
//!
//! Everything a client can make it hold is bounded (`limits`): connections, subscriptions per
//! connection, handshake time, message size, and what a connection leaves unread, so that no
//! client can freeze the node or hold up the commit feed (and surfpool behind it).

mod commit_feed;
mod connection;
mod delivery;
mod feed_timing;
mod frames;
mod handshake;
mod limits;
mod outbox;
mod registry;
mod relay;
mod request;
mod shared;
mod signature_record;
mod subscribers;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::JoinHandle;

use tokio::sync::{Semaphore, oneshot};

pub use commit_feed::{CommitFeed, Rereads};
pub use feed_timing::FeedReport;
pub use limits::PubsubLimits;
pub use registry::{FIRST_FRONT_ID, PubsubLoad};

use super::NodeError;
use super::loopback::LoopbackPolicy;
use super::surfpool::{Chain, Ports, PubsubMethods, PubsubMethodsRuntime};
use handshake::{RefusalLog, Turned};
use limits::REFUSALS_AT_ONCE;
use registry::Registry;
use shared::Shared;

/// Worker threads of the front's runtime: enough for a writer and a reader at once on the
/// two-core machines this runs on.
const WORKER_THREADS: usize = 2;

const ACCEPT_RETRY: std::time::Duration = std::time::Duration::from_millis(50);

/// The chain as the node starts serving it.
pub struct StartingChain {
    pub slot: u64,
    /// Made at this start (not resumed, nor loaded from a snapshot).
    pub new: bool,
}

/// What the front takes: its bounds, and the web pages (`--allow-origin`) whose handshakes it
/// accepts.
#[derive(Clone, Debug, Default)]
pub struct PubsubOptions {
    pub limits: PubsubLimits,
    pub allow_origins: Vec<String>,
}

/// Serves the front until dropped.
pub struct PubsubFront {
    shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
    /// Stopped after the front (fields drop in order, after `Drop::drop`).
    _surfpool_runtime: PubsubMethodsRuntime,
}

/// What surfpool's WebSocket methods run over.
pub struct SurfpoolParts {
    pub chain: Chain,
    /// surfpool's own server's ports, as its methods are told them.
    pub ports: Ports,
}

impl PubsubFront {
    /// Serves `listener` (bound to `--ws-port`), fed by `feed`, relaying to surfpool's own
    /// WebSocket methods, run in process over `surfpool` (the chain, surfpool's ports).
    /// `chain` is the chain as the node starts: its slot, and whether it is new (then every
    /// signature it ever commits reaches the feed; else older ones are looked up in surfpool's
    /// store). It takes what `options` allows.
    pub fn start(
        listener: std::net::TcpListener,
        feed: &CommitFeed,
        surfpool: SurfpoolParts,
        chain: StartingChain,
        options: &PubsubOptions,
    ) -> Result<Self, NodeError> {
        let failed = |error: std::io::Error| NodeError::Start(format!("WebSocket front: {error}"));
        let port = listener.local_addr().map_err(failed)?.port();
        let gate = Gate {
            policy: LoopbackPolicy::new([port], &options.allow_origins),
            max_connections: options.limits.max_connections,
            connections: Arc::new(Semaphore::new(options.limits.max_connections)),
            refusals: Arc::new(Semaphore::new(REFUSALS_AT_ONCE)),
            refusal_log: RefusalLog::default(),
        };
        let registry = Arc::new(Registry::new(
            chain.slot,
            chain.new,
            options.limits.max_subscriptions,
        ));
        {
            let registry = Arc::clone(&registry);
            feed.subscribe(move |committed| {
                registry.committed(committed);
                true
            });
        }
        let (surfpool_pubsub, surfpool_runtime) =
            PubsubMethods::start(&surfpool.chain, surfpool.ports)?;
        let shared = Arc::new(Shared {
            registry,
            chain: surfpool.chain,
            surfpool: surfpool_pubsub,
            relays: AtomicUsize::new(0),
        });
        listener.set_nonblocking(true).map_err(failed)?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(WORKER_THREADS)
            .thread_name("pubsub")
            .enable_all()
            .build()
            .map_err(failed)?;
        let (stop, stopped) = oneshot::channel();
        let thread = {
            let shared = Arc::clone(&shared);
            std::thread::Builder::new()
                .name("pubsub-accept".into())
                .spawn(move || runtime.block_on(accept(listener, shared, gate, stopped)))
                .map_err(failed)?
        };
        Ok(Self {
            shared,
            stop: Some(stop),
            thread: Some(thread),
            _surfpool_runtime: surfpool_runtime,
        })
    }

    /// The connections, subscriptions and sessions with surfpool the front holds now.
    pub fn load(&self) -> PubsubLoad {
        PubsubLoad {
            relays: self.shared.relays.load(Ordering::Relaxed),
            surfpool_sessions: self.shared.surfpool.live_sessions(),
            ..self.shared.registry.load()
        }
    }
}

impl Drop for PubsubFront {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Who gets past the handshake: the loopback policy, and a permit of the connections the front
/// holds at most.
struct Gate {
    policy: LoopbackPolicy,
    max_connections: usize,
    connections: Arc<Semaphore>,
    /// Connections past the bound being told so; past these, dropped unanswered.
    refusals: Arc<Semaphore>,
    refusal_log: RefusalLog,
}

/// Accepts clients until told to stop; the runtime (and every connection's task) ends with
/// the thread.
async fn accept(
    listener: std::net::TcpListener,
    shared: Arc<Shared>,
    gate: Gate,
    mut stopped: oneshot::Receiver<()>,
) {
    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
        eprintln!("the WebSocket front cannot serve its port");
        return;
    };
    let gate = Arc::new(gate);
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    tokio::spawn(admit(stream, peer, Arc::clone(&gate), Arc::clone(&shared)));
                }
                Err(error) => {
                    // Out of file descriptors, say: wait rather than spin.
                    eprintln!("WebSocket front: {error}");
                    tokio::time::sleep(ACCEPT_RETRY).await;
                }
            },
            _ = &mut stopped => return,
        }
    }
}

/// Serves a client that gets past the gate; one past the front's connections is answered 503
/// (when not too many are being answered so already) and dropped.
async fn admit(
    stream: tokio::net::TcpStream,
    peer: std::net::SocketAddr,
    gate: Arc<Gate>,
    shared: Arc<Shared>,
) {
    let _ = stream.set_nodelay(true);
    let Ok(_permit) = Arc::clone(&gate.connections).try_acquire_owned() else {
        if let Ok(_refusal) = Arc::clone(&gate.refusals).try_acquire_owned() {
            let full = Turned::Full {
                max: gate.max_connections,
            };
            handshake::accept(stream, peer, &gate.policy, Some(full), &gate.refusal_log).await;
        }
        return;
    };
    if let Some(socket) =
        handshake::accept(stream, peer, &gate.policy, None, &gate.refusal_log).await
    {
        connection::serve(socket, peer, shared).await;
    }
}
