//! surfpool's own WebSocket methods, called in process: the handler and middleware its
//! WebSocket server runs, on a runtime of their own, each client given a pubsub session of its
//! own, with no server in between. Nothing but the front reaches them: surfpool's server is
//! closed once it opens (`listeners`), as its JSON-RPC server is.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

use futures_util::Stream;
use jsonrpc_pubsub::{PubSubHandler, Session};
use surfpool_core::jsonrpc_core::MetaIoHandler;
use surfpool_core::jsonrpc_core::futures::channel::mpsc;
use surfpool_core::rpc::ws::{Rpc as _, SurfpoolWsRpc};
use surfpool_core::rpc::{
    RunloopContext, SurfpoolMiddleware, SurfpoolWebsocketMeta, SurfpoolWebsocketMiddleware,
};

use super::chain::Chain;
use super::methods_base::{methods_runtime, middleware};
use super::ports::Ports;
use crate::node::NodeError;

/// Worker threads for surfpool's subscriptions (each a task that looks at the chain now and
/// then) and the calls that make them.
const WORKERS: usize = 2;

type Handler = PubSubHandler<Option<SurfpoolWebsocketMeta>, SurfpoolWebsocketMiddleware>;

/// surfpool's WebSocket methods, ready to call.
#[derive(Clone)]
pub struct PubsubMethods {
    io: Arc<Handler>,
    middleware: SurfpoolMiddleware,
    runtime: tokio::runtime::Handle,
    /// Sessions not ended yet: a session ends once its client let go of it and no task of
    /// surfpool's holds it any more.
    sessions: Arc<AtomicUsize>,
}

/// The runtime surfpool's subscriptions run on; stopped, with every subscription on it, when
/// dropped (from anywhere, an async context included).
pub struct PubsubMethodsRuntime(Option<tokio::runtime::Runtime>);

impl Drop for PubsubMethodsRuntime {
    fn drop(&mut self) {
        if let Some(runtime) = self.0.take() {
            runtime.shutdown_background();
        }
    }
}

/// One client's session with surfpool: what surfpool sends it outside an answer (its
/// notifications) arrives on the receiver. Dropping the session ends its subscriptions.
pub struct PubsubSession {
    session: Arc<Session>,
}

impl PubsubMethods {
    /// surfpool's WebSocket methods over `chain`, describing the node as `ports` says.
    pub fn start(chain: &Chain, ports: Ports) -> Result<(Self, PubsubMethodsRuntime), NodeError> {
        let runtime = methods_runtime("surfpool-ws", WORKERS, "surfpool's pubsub")?;
        let middleware = middleware(chain, ports);
        let mut io = PubSubHandler::new(MetaIoHandler::with_middleware(
            SurfpoolWebsocketMiddleware::new(middleware.clone(), None),
        ));
        // As surfpool's server builds it.
        io.extend_with(
            SurfpoolWsRpc {
                uid: AtomicUsize::new(0),
                signature_subscription_map: Arc::new(RwLock::new(HashMap::new())),
                account_subscription_map: Arc::new(RwLock::new(HashMap::new())),
                program_subscription_map: Arc::new(RwLock::new(HashMap::new())),
                slot_subscription_map: Arc::new(RwLock::new(HashMap::new())),
                slots_updates_subscription_map: Arc::new(RwLock::new(HashMap::new())),
                logs_subscription_map: Arc::new(RwLock::new(HashMap::new())),
                snapshot_subscription_map: Arc::new(RwLock::new(HashMap::new())),
                tokio_handle: runtime.handle().clone(),
            }
            .to_delegate(),
        );
        let pubsub = Self {
            io: Arc::new(io),
            middleware,
            runtime: runtime.handle().clone(),
            sessions: Arc::default(),
        };
        Ok((pubsub, PubsubMethodsRuntime(Some(runtime))))
    }

    /// A new client's session, and where its notifications arrive.
    pub fn session(
        &self,
    ) -> (
        PubsubSession,
        impl Stream<Item = String> + Unpin + Send + 'static,
    ) {
        let (sender, notifications) = mpsc::unbounded();
        let session = Session::new(sender);
        self.sessions.fetch_add(1, Ordering::Relaxed);
        let sessions = Arc::clone(&self.sessions);
        // Runs once the session ends, after it has ended every subscription it holds.
        session.on_drop(move || {
            sessions.fetch_sub(1, Ordering::Relaxed);
        });
        let session = PubsubSession {
            session: Arc::new(session),
        };
        (session, notifications)
    }

    /// How many sessions have not ended: a client that is gone leaves none.
    pub fn live_sessions(&self) -> usize {
        self.sessions.load(Ordering::Relaxed)
    }

    /// One frame of `session`'s client, answered as surfpool's server answers it: its reply,
    /// or none (a notification, or a batch of them).
    pub async fn call(
        &self,
        text: String,
        session: &PubsubSession,
    ) -> Result<Option<String>, String> {
        let io = Arc::clone(&self.io);
        let meta = Some(SurfpoolWebsocketMeta::new(
            self.runloop_context(),
            Some(Arc::clone(&session.session)),
        ));
        // Spawned on surfpool's runtime, where its subscriptions' tasks run.
        self.runtime
            .spawn(async move { io.handle_request(&text, meta).await })
            .await
            .map_err(|error| format!("surfpool's method did not finish: {error}"))
    }

    fn runloop_context(&self) -> RunloopContext {
        let middleware = &self.middleware;
        RunloopContext {
            id: None,
            svm_locker: middleware.surfnet_svm.clone(),
            simnet_commands_tx: middleware.simnet_commands_tx.clone(),
            remote_rpc_client: middleware.remote_rpc_client.clone(),
            rpc_config: middleware.config.clone(),
            cheatcode_config: Arc::clone(&middleware.cheatcode_config),
            plugin_commands_tx: middleware.plugin_commands_tx.clone(),
        }
    }
}
