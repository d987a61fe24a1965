//! The node's own HTTP JSON-RPC front on `--rpc-port`: the only way into the node's JSON-RPC
//! (surfpool's methods run in process, `surfpool::RpcMethods`; its own server is closed).
//!
//! Before it reads a request it applies the loopback policy (`loopback`: this machine's own
//! tools, and the web pages `--allow-origin` names) and its bounds (`limits`); before a call
//! runs, the gate (`gate`: the methods that change programs, authorities or the node itself)
//! and the transaction checks (unreadable or expired: `transactions`, `blocks::lifetime`). It
//! answers what the node decides itself: how long a blockhash lives (`getLatestBlockhash`'s
//! `lastValidBlockHeight`, `isBlockhashValid`), the node's own methods
//! (`localnet_saveCheckpoint`, `localnet_restoreCheckpoint`: `checkpoints`), and asks for a
//! block after each transaction processed (`blocks`). Every other call is run by surfpool, a
//! batch call by call in order.

mod calls;
mod checkpoint_calls;
mod gate;
mod limits;
mod refusal;
mod request_body;
mod responses;
mod time_travel;
mod transactions;

use std::convert::Infallible;
use std::io;
use std::net::TcpListener as StdTcpListener;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Body, Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, header};
use hyper_util::rt::{TokioIo, TokioTimer};
use serde_json::Value;
use tokio::sync::{Semaphore, oneshot};

use super::NodeError;
use super::blocks::BlockRequests;
use super::checkpoints::Checkpoints;
use super::loopback::LoopbackPolicy;
use super::surfpool::{Chain, Ports, RpcMethods, RpcMethodsRuntime};
use calls::Calls;
pub use gate::Gate;
use limits::ACCEPT_ERROR_PAUSE;
pub use limits::RpcLimits;
use request_body::Calls as BodyCalls;

/// The front's port, bound before anything starts, so that a taken port is refused naming
/// its flag.
pub struct FrontListener(StdTcpListener);

impl FrontListener {
    pub fn bind(port: u16) -> Result<Self, NodeError> {
        match StdTcpListener::bind(("127.0.0.1", port)) {
            Ok(listener) => Ok(Self(listener)),
            Err(error) if error.kind() == io::ErrorKind::AddrInUse => Err(NodeError::PortInUse {
                port,
                what: "JSON-RPC",
                flag: "--rpc-port",
            }),
            Err(error) => Err(NodeError::Start(format!(
                "cannot bind 127.0.0.1:{port}: {error}"
            ))),
        }
    }

    /// The port it listens on.
    pub fn port(&self) -> Result<u16, NodeError> {
        self.0
            .local_addr()
            .map(|address| address.port())
            .map_err(|error| NodeError::Start(error.to_string()))
    }
}

/// What the front serves, and under which rules.
pub struct FrontParts {
    pub chain: Chain,
    /// The node's public WebSocket port, which `getClusterNodes` names.
    pub ws_port: u16,
    pub blocks: BlockRequests,
    pub checkpoints: Checkpoints,
    pub policy: LoopbackPolicy,
    pub limits: RpcLimits,
    pub gate: Gate,
}

/// Serves until dropped.
pub struct RpcFront {
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
    /// Stopped after the front's thread, which waits on it.
    _surfpool: RpcMethodsRuntime,
}

/// What every connection shares.
struct Shared {
    calls: Calls,
    policy: LoopbackPolicy,
    limits: RpcLimits,
}

impl RpcFront {
    pub fn start(listener: FrontListener, parts: FrontParts) -> Result<Self, NodeError> {
        let start_error = |error: io::Error| NodeError::Start(error.to_string());
        let ports = Ports {
            rpc: listener.port()?,
            ws: parts.ws_port,
        };
        let (surfpool, surfpool_runtime) = RpcMethods::start(&parts.chain, ports)?;
        listener.0.set_nonblocking(true).map_err(start_error)?;
        // One thread: the front only reads, checks and hands calls to surfpool's runtime, and a
        // second one would mostly wake the first.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(start_error)?;
        let (stop, stopped) = oneshot::channel();
        let shared = Shared {
            calls: Calls {
                surfpool,
                chain: parts.chain,
                blocks: parts.blocks,
                checkpoints: Arc::new(parts.checkpoints),
                gate: parts.gate,
            },
            policy: parts.policy,
            limits: parts.limits,
        };
        let thread = std::thread::Builder::new()
            .name("rpc-front".into())
            .spawn(move || {
                runtime.block_on(serve(listener.0, Arc::new(shared), stopped));
                runtime.shutdown_timeout(Duration::from_secs(1));
            })
            .map_err(start_error)?;
        Ok(Self {
            stop: Some(stop),
            thread: Some(thread),
            _surfpool: surfpool_runtime,
        })
    }
}

impl Drop for RpcFront {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

async fn serve(listener: StdTcpListener, shared: Arc<Shared>, mut stopped: oneshot::Receiver<()>) {
    let listener = match tokio::net::TcpListener::from_std(listener) {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("localnet: the JSON-RPC front cannot listen: {error}");
            return;
        }
    };
    let slots = Arc::new(Semaphore::new(shared.limits.max_connections));
    loop {
        // A slot first: at the cap, connections wait in the kernel's backlog, not in the node.
        let slot = tokio::select! {
            _ = &mut stopped => return,
            slot = Arc::clone(&slots).acquire_owned() => match slot {
                Ok(slot) => slot,
                Err(_) => return,
            },
        };
        let stream = tokio::select! {
            _ = &mut stopped => return,
            accepted = listener.accept() => match after_accept(accepted).await {
                Some((stream, _)) => stream,
                None => continue,
            },
        };
        let _ = stream.set_nodelay(true);
        let shared = Arc::clone(&shared);
        tokio::spawn(async move {
            let service = service_fn({
                let shared = Arc::clone(&shared);
                move |request| {
                    let shared = Arc::clone(&shared);
                    async move { Ok::<_, Infallible>(answer(&shared, request).await) }
                }
            });
            // A connection that ends, times out or breaks off ends here; nothing else to do.
            let _ = http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(shared.limits.header_read_timeout)
                .serve_connection(TokioIo::new(stream), service)
                .await;
            drop(slot);
        });
    }
}

/// The accepted connection, or `None` after an error; after one that is not a single
/// connection's (out of file descriptors, say), only once [`ACCEPT_ERROR_PAUSE`] has passed,
/// so that the loop does not spin on it.
async fn after_accept<T>(accepted: io::Result<T>) -> Option<T> {
    match accepted {
        Ok(accepted) => Some(accepted),
        Err(error) if ends_one_connection(&error) => None,
        Err(error) => {
            eprintln!(
                "localnet: the JSON-RPC front cannot accept connections ({error}); trying again \
                 in {} s",
                ACCEPT_ERROR_PAUSE.as_secs()
            );
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

async fn answer(shared: &Shared, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let (parts, body) = request.into_parts();
    if let Err(refusal) = shared.policy.check_request(&parts.method, &parts.headers) {
        return responses::refused(&refusal);
    }
    // The policy let it through: no origin, or one `--allow-origin` names.
    let origin = parts.headers.get(header::ORIGIN);
    match parts.method {
        Method::POST => {}
        Method::OPTIONS => return responses::preflight(origin, &parts.headers),
        _ => return responses::method_not_allowed(),
    }
    let body = match read_body(body, &shared.limits).await {
        Ok(body) => body,
        Err(refused) => return refused,
    };
    let response = match request_body::read(&body, shared.limits.max_batch) {
        Err(error) => Some(error),
        Ok(BodyCalls::One(call)) => {
            let id = call.get("id").cloned().unwrap_or(Value::Null);
            match shared.calls.answer(call).await {
                Ok(response) => response,
                Err(error) => Some(responses::node_error(&id, &error)),
            }
        }
        Ok(BodyCalls::Batch(calls)) => answer_batch(&shared.calls, calls).await,
    };
    responses::json(response.as_ref(), origin)
}

/// Each call of a batch in order, as it would be answered alone; no response when every call
/// was a notification.
async fn answer_batch(calls: &Calls, batch: Vec<Value>) -> Option<Value> {
    let mut responses = Vec::with_capacity(batch.len());
    for call in batch {
        let id = call.get("id").cloned().unwrap_or(Value::Null);
        match calls.answer(call).await {
            Ok(response) => responses.extend(response),
            Err(error) => responses.push(responses::node_error(&id, &error)),
        }
    }
    (!responses.is_empty()).then_some(Value::Array(responses))
}

/// The whole body, within the limits: a declared length over the limit is refused unread.
async fn read_body(body: Incoming, limits: &RpcLimits) -> Result<Bytes, Response<Full<Bytes>>> {
    let declared = body.size_hint().lower();
    if usize::try_from(declared).map_or(true, |declared| declared > limits.max_body) {
        return Err(responses::too_large(limits.max_body));
    }
    let collected = tokio::time::timeout(
        limits.body_read_timeout,
        Limited::new(body, limits.max_body).collect(),
    )
    .await;
    match collected {
        Err(_) => Err(responses::body_timeout(limits.body_read_timeout.as_secs())),
        Ok(Ok(body)) => Ok(body.to_bytes()),
        Ok(Err(error)) if error.is::<http_body_util::LengthLimitError>() => {
            Err(responses::too_large(limits.max_body))
        }
        Ok(Err(error)) => Err(responses::bad_body(&error.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn an_accept_error_of_the_listener_pauses_the_loop() {
        let before = tokio::time::Instant::now();
        let accepted = after_accept::<()>(Err(io::Error::from_raw_os_error(24))).await;
        assert_eq!(accepted, None);
        assert!(
            before.elapsed() >= ACCEPT_ERROR_PAUSE,
            "{:?}",
            before.elapsed()
        );
    }

    #[tokio::test(start_paused = true)]
    async fn a_connection_that_broke_off_does_not_pause_it() {
        let before = tokio::time::Instant::now();
        let reset = io::Error::from(io::ErrorKind::ConnectionReset);
        assert_eq!(after_accept::<()>(Err(reset)).await, None);
        assert_eq!(after_accept(Ok(7)).await, Some(7));
        assert_eq!(before.elapsed(), Duration::ZERO);
    }
}
