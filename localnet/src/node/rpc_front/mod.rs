//! The node's own HTTP JSON-RPC front on `--rpc-port`, before the embedded surfpool's server
//! (on a loopback port nobody is told about).
//!
//! It answers what the node decides itself: how long a blockhash lives (`getLatestBlockhash`'s
//! `lastValidBlockHeight`, `isBlockhashValid`, and the refusal of a `sendTransaction` or
//! `simulateTransaction` whose blockhash has expired; see `blocks::lifetime`), and asks for a
//! block after each transaction it forwarded (`blocks`), and answers the node's own methods
//! (`localnet_saveCheckpoint`, `localnet_restoreCheckpoint`: `checkpoints`). Everything else is forwarded as it
//! came, a batch call by call in order, through one pooled keep-alive client.

mod calls;
mod checkpoint_calls;
mod refusal;
mod upstream;

use std::convert::Infallible;
use std::net::TcpListener as StdTcpListener;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::http::request::Parts;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{HeaderMap, Method, Request, Response, StatusCode, header};
use hyper_util::rt::TokioIo;
use serde::Deserialize;
use serde_json::{Value, json};
use surfpool_core::surfnet::locker::SurfnetSvmLocker;
use tokio::sync::oneshot;

use super::NodeError;
use super::blocks::BlockRequests;
use super::checkpoints::Checkpoints;
use calls::{Calls, Reply, Treatment};
use upstream::Upstream;

/// surfpool's own limit on a request's body.
const MAX_BODY: usize = 15 * 1024 * 1024;

/// The front's port, bound before anything starts, so that a taken port is refused naming
/// its flag.
pub struct FrontListener(StdTcpListener);

impl FrontListener {
    pub fn bind(port: u16) -> Result<Self, NodeError> {
        match StdTcpListener::bind(("127.0.0.1", port)) {
            Ok(listener) => Ok(Self(listener)),
            Err(error) if error.kind() == std::io::ErrorKind::AddrInUse => {
                Err(NodeError::PortInUse {
                    port,
                    what: "JSON-RPC",
                    flag: "--rpc-port",
                })
            }
            Err(error) => Err(NodeError::Start(format!(
                "cannot bind 127.0.0.1:{port}: {error}"
            ))),
        }
    }
}

/// A loopback port free now, for surfpool's own server.
pub fn hidden_port() -> Result<u16, NodeError> {
    StdTcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .map_err(|error| NodeError::Start(format!("no free loopback port: {error}")))
}

/// Serves until dropped.
pub struct RpcFront {
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl RpcFront {
    pub fn start(
        listener: FrontListener,
        surfpool_port: u16,
        locker: SurfnetSvmLocker,
        blocks: BlockRequests,
        checkpoints: Checkpoints,
    ) -> Result<Self, NodeError> {
        let start_error = |error: std::io::Error| NodeError::Start(error.to_string());
        listener.0.set_nonblocking(true).map_err(start_error)?;
        // One thread: the front only parses and forwards, and a second one would mostly wake
        // the first.
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(start_error)?;
        let (stop, stopped) = oneshot::channel();
        let thread = std::thread::Builder::new()
            .name("rpc-front".into())
            .spawn(move || {
                let calls = Arc::new(Calls {
                    upstream: Upstream::new(surfpool_port),
                    locker,
                    blocks,
                    checkpoints: Arc::new(checkpoints),
                });
                runtime.block_on(serve(listener.0, calls, stopped));
                runtime.shutdown_timeout(Duration::from_secs(1));
            })
            .map_err(start_error)?;
        Ok(Self {
            stop: Some(stop),
            thread: Some(thread),
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

async fn serve(listener: StdTcpListener, calls: Arc<Calls>, mut stopped: oneshot::Receiver<()>) {
    let listener = match tokio::net::TcpListener::from_std(listener) {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("localnet: the JSON-RPC front cannot listen: {error}");
            return;
        }
    };
    loop {
        let stream = tokio::select! {
            _ = &mut stopped => return,
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // A connection reset before it was accepted, or descriptors short for a while.
                Err(_) => continue,
            },
        };
        let _ = stream.set_nodelay(true);
        let calls = Arc::clone(&calls);
        tokio::spawn(async move {
            let service = service_fn(move |request| {
                let calls = Arc::clone(&calls);
                async move { Ok::<_, Infallible>(answer(&calls, request).await) }
            });
            // A connection the client drops mid-request ends here; nothing else to do.
            let _ = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}

/// The first field of a call that the front looks at, read without building the rest.
#[derive(Deserialize)]
struct CallMethod {
    method: Option<String>,
}

async fn answer(calls: &Calls, request: Request<Incoming>) -> Response<Full<Bytes>> {
    let (parts, body) = request.into_parts();
    let body = match Limited::new(body, MAX_BODY).collect().await {
        Ok(body) => body.to_bytes(),
        Err(error) => return failure(StatusCode::PAYLOAD_TOO_LARGE, &error.to_string()),
    };
    if parts.method != Method::POST {
        return passthrough(calls, &parts, body).await;
    }
    let batch = body
        .iter()
        .find(|byte| !byte.is_ascii_whitespace())
        .is_some_and(|first| *first == b'[');
    if batch {
        return match serde_json::from_slice::<Vec<Value>>(&body) {
            Ok(batch) => answer_batch(calls, &parts, batch).await,
            Err(_) => passthrough(calls, &parts, body).await,
        };
    }
    let handled = serde_json::from_slice::<CallMethod>(&body)
        .ok()
        .and_then(|call| call.method)
        .is_some_and(|method| Treatment::of(&method) != Treatment::Forward);
    let call = match handled.then(|| serde_json::from_slice::<Value>(&body)) {
        Some(Ok(call)) => call,
        _ => return passthrough(calls, &parts, body).await,
    };
    match calls.answer(&parts, call, body).await {
        Ok(reply) => reply_response(reply),
        Err(error) => unreachable_node(&error),
    }
}

/// Each call of a batch in order, as surfpool would answer it alone.
async fn answer_batch(calls: &Calls, parts: &Parts, batch: Vec<Value>) -> Response<Full<Bytes>> {
    let mut responses = Vec::with_capacity(batch.len());
    let mut last_headers = None;
    for call in batch {
        let id = call.get("id").cloned().unwrap_or(Value::Null);
        let body = Bytes::from(call.to_string());
        let (response, headers) = match calls.answer(parts, call, body).await {
            Ok(Reply::AsAnswered(answer)) => (
                serde_json::from_slice(&answer.body).ok(),
                Some(answer.headers),
            ),
            Ok(Reply::Rewritten { response, headers }) => (response, Some(headers)),
            Ok(Reply::Own(response)) => (Some(response), None),
            Err(error) => (Some(node_error(&id, &error)), None),
        };
        responses.extend(response);
        last_headers = headers.or(last_headers);
    }
    let responses = (!responses.is_empty()).then_some(Value::Array(responses));
    json_response(responses.as_ref(), last_headers)
}

fn reply_response(reply: Reply) -> Response<Full<Bytes>> {
    match reply {
        Reply::AsAnswered(answer) => answer_response(answer),
        Reply::Rewritten { response, headers } => json_response(response.as_ref(), Some(headers)),
        Reply::Own(response) => json_response(Some(&response), None),
    }
}

fn answer_response(answer: upstream::Answer) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(answer.body));
    *response.status_mut() = answer.status;
    *response.headers_mut() = answer.headers;
    response
}

async fn passthrough(calls: &Calls, parts: &Parts, body: Bytes) -> Response<Full<Bytes>> {
    match calls.upstream.send(parts, body).await {
        Ok(answer) => answer_response(answer),
        Err(error) => unreachable_node(&error),
    }
}

fn json_response(value: Option<&Value>, headers: Option<HeaderMap>) -> Response<Full<Bytes>> {
    let body = value.map_or_else(Vec::new, |value| value.to_string().into_bytes());
    let mut response = Response::new(Full::new(Bytes::from(body)));
    if let Some(mut headers) = headers {
        headers.remove(header::CONTENT_LENGTH);
        *response.headers_mut() = headers;
    }
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json; charset=utf-8"),
    );
    response
}

fn node_error(id: &Value, reason: &str) -> Value {
    json!({
        "jsonrpc": "2.0",
        "error": {"code": -32603, "message": format!("the node's runtime did not answer: {reason}")},
        "id": id,
    })
}

fn unreachable_node(reason: &str) -> Response<Full<Bytes>> {
    let mut response = json_response(Some(&node_error(&Value::Null, reason)), None);
    *response.status_mut() = StatusCode::BAD_GATEWAY;
    response
}

fn failure(status: StatusCode, reason: &str) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(reason.to_owned())));
    *response.status_mut() = status;
    response
}
