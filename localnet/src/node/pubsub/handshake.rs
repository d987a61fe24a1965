//! A client's WebSocket handshake: over within [`HANDSHAKE_TIMEOUT`], refused with an HTTP
//! error when the loopback policy refuses its `Host` or `Origin` (a web page, a rebound domain)
//! or when the front already holds its most connections, and the connection then held to
//! agave's message and frame sizes.

use std::net::SocketAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tokio::net::TcpStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::handshake::server::{
    Callback, ErrorResponse, Request, Response,
};
use tokio_tungstenite::tungstenite::http::{HeaderValue, StatusCode, header};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use super::limits::{HANDSHAKE_TIMEOUT, MAX_FRAME_BYTES, MAX_MESSAGE_BYTES};
use crate::node::loopback::LoopbackPolicy;

/// How often the same kind of refusal is logged: a flood writes one line a second, not one a
/// connection.
const LOG_EVERY: Duration = Duration::from_secs(1);

/// Why the front turns a connection away before its handshake.
#[derive(Clone, Copy)]
pub enum Turned {
    /// The front holds `max` connections.
    Full { max: usize },
}

/// The handshake of `stream`, from `peer`, under `policy`; `turned` refuses it whatever its
/// headers say. `None` when it was refused, failed or took too long (the connection is then
/// dropped).
pub async fn accept(
    stream: TcpStream,
    peer: SocketAddr,
    policy: &LoopbackPolicy,
    turned: Option<Turned>,
    refusals: &RefusalLog,
) -> Option<WebSocketStream<TcpStream>> {
    let config = WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_FRAME_BYTES));
    let verdict = Verdict {
        peer,
        policy,
        turned,
        refusals,
    };
    let handshake = tokio_tungstenite::accept_hdr_async_with_config(stream, verdict, Some(config));
    tokio::time::timeout(HANDSHAKE_TIMEOUT, handshake)
        .await
        .ok()?
        .ok()
}

/// What the handshake's request is answered with.
struct Verdict<'a> {
    peer: SocketAddr,
    policy: &'a LoopbackPolicy,
    turned: Option<Turned>,
    refusals: &'a RefusalLog,
}

impl Callback for Verdict<'_> {
    fn on_request(self, request: &Request, response: Response) -> Result<Response, ErrorResponse> {
        if let Err(refusal) = self.policy.check(request.headers()) {
            self.refusals.log(self.peer, &refusal.to_string());
            return Err(refused(refusal.status(), refusal.to_string()));
        }
        match self.turned {
            Some(Turned::Full { max }) => {
                let message = format!(
                    "refused: the node's WebSocket front holds {max} connections, the most it \
                     takes (localnet --ws-max-connections); close one and try again"
                );
                self.refusals.log(self.peer, &message);
                Err(refused(StatusCode::SERVICE_UNAVAILABLE, message))
            }
            None => Ok(response),
        }
    }
}

fn refused(status: StatusCode, message: String) -> ErrorResponse {
    let mut response = ErrorResponse::new(Some(message));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    response
}

/// Refused handshakes, logged at most once every [`LOG_EVERY`] with the count left unlogged.
#[derive(Default)]
pub struct RefusalLog {
    last: Mutex<Option<(Instant, usize)>>,
}

impl RefusalLog {
    fn log(&self, peer: SocketAddr, reason: &str) {
        let mut last = self
            .last
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let now = Instant::now();
        match &mut *last {
            Some((logged, unlogged)) if now.duration_since(*logged) < LOG_EVERY => {
                *unlogged += 1;
            }
            _ => {
                let unlogged = last.map_or(0, |(_, unlogged)| unlogged);
                let more = match unlogged {
                    0 => String::new(),
                    count => format!(" ({count} more refused in the last second)"),
                };
                eprintln!("WebSocket front: a handshake from {peer} {reason}{more}");
                *last = Some((now, 0));
            }
        }
    }
}
