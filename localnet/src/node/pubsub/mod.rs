//! The node's own pubsub front on `--ws-port`. Surfpool 1.6.1's WebSocket server answers each
//! subscription from a task that looks at a channel every 50 ms, so a confirmation by
//! `signatureSubscribe` waited ~53 ms for news ready after ~2. The front answers
//! `signatureSubscribe`, `accountSubscribe`, `programSubscribe` and `slotSubscribe` (and their
//! unsubscribes) from the commit feed the moment a commit happens, and relays every other
//! frame to surfpool's server, moved to a loopback port nobody is told about.

mod commit_feed;
mod connection;
mod frames;
mod registry;
mod request;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::JoinHandle;

use surfpool_core::surfnet::locker::SurfnetSvmLocker;
use tokio::sync::oneshot;

pub use commit_feed::{CommitFeed, Committed, Rereads};
pub use registry::{FIRST_FRONT_ID, PubsubLoad};

use super::NodeError;
use connection::Shared;
use registry::Registry;

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

/// Serves the front until dropped.
pub struct PubsubFront {
    shared: Arc<Shared>,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl PubsubFront {
    /// Serves `listener` (bound to `--ws-port`), fed by `feed`, relaying to surfpool's
    /// WebSocket server on `upstream_port`. `chain` is the chain as the node starts: its slot,
    /// and whether it is new (then every signature it ever commits reaches the feed; else older
    /// ones are looked up in surfpool's store).
    pub fn start(
        listener: std::net::TcpListener,
        upstream_port: u16,
        feed: &CommitFeed,
        locker: SurfnetSvmLocker,
        chain: StartingChain,
    ) -> Result<Self, NodeError> {
        let registry = Arc::new(Registry::new(chain.slot, chain.new));
        {
            let registry = Arc::clone(&registry);
            feed.subscribe(move |committed| {
                registry.committed(committed);
                true
            });
        }
        let shared = Arc::new(Shared {
            registry,
            locker,
            upstream_url: format!("ws://127.0.0.1:{upstream_port}"),
            relays: AtomicUsize::new(0),
        });
        let failed = |error: std::io::Error| NodeError::Start(format!("WebSocket front: {error}"));
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
                .spawn(move || runtime.block_on(accept(listener, shared, stopped)))
                .map_err(failed)?
        };
        Ok(Self {
            shared,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The connections, subscriptions and upstream relays the front holds now.
    pub fn load(&self) -> PubsubLoad {
        PubsubLoad {
            relays: self.shared.relays.load(Ordering::Relaxed),
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

/// Accepts clients until told to stop; the runtime (and every connection's task) ends with
/// the thread.
async fn accept(
    listener: std::net::TcpListener,
    shared: Arc<Shared>,
    mut stopped: oneshot::Receiver<()>,
) {
    let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
        eprintln!("the WebSocket front cannot serve its port");
        return;
    };
    loop {
        tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => {
                    tokio::spawn(connection::serve(stream, Arc::clone(&shared)));
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
