//! One client's WebSocket connection, once its handshake is done: the requests the front
//! answers go to the registry, any other frame goes verbatim to surfpool's own WebSocket
//! methods, run in process (see `relay`), and whatever is queued for the client is written by
//! one writer. A client that lets its outbox fill is cut off with a close frame and a line in
//! the log; one that sends a message past the size bound is closed with 1009. When the client
//! goes, its subscriptions and its session with surfpool go with it.

use std::net::SocketAddr;
use std::sync::Arc;

use futures_util::SinkExt;
use futures_util::stream::{SplitSink, StreamExt};
use serde_json::Value;
use solana_signature::Signature;
use tokio::net::TcpStream;
use tokio_tungstenite::WebSocketStream;
use tokio_tungstenite::tungstenite::error::CapacityError;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};

use super::frames::{Frame, INTERNAL_ERROR, INVALID_REQUEST, error, reply};
use super::limits::{CLOSE_TIMEOUT, MAX_MESSAGE_BYTES, OUTBOX_BYTES};
use super::outbox::{Next, Outbox, Outgoing, outbox};
use super::registry::{ProgramFilter, Refused, SignatureStatus};
use super::relay::{RelayedSubscriptions, Upstream};
use super::request::{Ask, CallKind, KeptBack, Native, Relayed, Request, read};
use super::shared::Shared;
use super::subscribers::{ConnectionId, Key};

type Socket = WebSocketStream<TcpStream>;

/// How reading a client ended.
enum Read {
    /// The client went, or its stream failed.
    Gone,
    /// The client sent what the front refuses to read; the close frame saying so is queued.
    Refused,
}

/// Serves one client until it goes (or the front stops).
pub async fn serve(socket: Socket, peer: SocketAddr, shared: Arc<Shared>) {
    let (sink, mut source) = socket.split();
    let (outbox, outgoing) = outbox(OUTBOX_BYTES);
    let mut connection = Connection {
        id: shared.registry.open_connection(outbox.clone()),
        outbox,
        shared: Arc::clone(&shared),
        upstream: None,
        relayed: Arc::default(),
    };
    let writer = write(sink, outgoing, peer, connection.id, shared);
    tokio::pin!(writer);
    let reader = async {
        loop {
            match source.next().await {
                Some(Ok(Message::Text(text))) => connection.handle(text.as_str()).await,
                // Surfpool (like agave) reads a binary frame's bytes as JSON text: so does the
                // front, so that a subscription sent that way counts too.
                Some(Ok(Message::Binary(bytes))) => match std::str::from_utf8(&bytes) {
                    Ok(text) => connection.handle(text).await,
                    // Not text: surfpool answers it as the JSON it is not, a parse error.
                    Err(_) => {
                        let relayed = Relayed {
                            id: Value::Null,
                            calls: Vec::new(),
                            kept_back: None,
                        };
                        let text = String::from_utf8_lossy(&bytes).into_owned();
                        connection.relay(text, relayed).await;
                    }
                },
                // The writer answers the close; the client then ends the connection.
                Some(Ok(Message::Close(_))) => {
                    connection.send(Frame::Message(Message::Close(None)))
                }
                Some(Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_))) => {}
                Some(Err(WsError::Capacity(CapacityError::MessageTooLong { size, .. }))) => {
                    let reason =
                        format!("message of {size} bytes, the most is {MAX_MESSAGE_BYTES}");
                    connection.send(close(CloseCode::Size, reason));
                    return Read::Refused;
                }
                Some(Err(_)) | None => return Read::Gone,
            }
        }
    };
    tokio::select! {
        () = &mut writer => {}
        read = reader => {
            if let Read::Refused = read {
                let _ = tokio::time::timeout(CLOSE_TIMEOUT, writer).await;
            }
        }
    }
}

/// Writes what is queued, flushing once per batch, until a close frame is written, the client
/// cannot be written to, or the outbox overflows: then the client is cut off.
async fn write(
    mut sink: SplitSink<Socket, Message>,
    mut outgoing: Outgoing,
    peer: SocketAddr,
    connection: ConnectionId,
    shared: Arc<Shared>,
) {
    loop {
        let mut next = match outgoing.next().await {
            Next::Write(frame) => Some(frame),
            Next::Overflowed => return cut_off(sink, peer, connection, &shared).await,
            Next::Closed => return,
        };
        while let Some(frame) = next.take() {
            for message in frame.into_messages() {
                if message.is_close() {
                    let _ = tokio::time::timeout(CLOSE_TIMEOUT, sink.send(message)).await;
                    return;
                }
                tokio::select! {
                    biased;
                    () = outgoing.overflowed() => {
                        return cut_off(sink, peer, connection, &shared).await;
                    }
                    fed = sink.feed(message) => if fed.is_err() {
                        return;
                    },
                }
            }
            next = outgoing.try_next();
        }
        tokio::select! {
            biased;
            () = outgoing.overflowed() => {
                return cut_off(sink, peer, connection, &shared).await;
            }
            flushed = sink.flush() => if flushed.is_err() {
                return;
            },
        }
    }
}

/// Ends a client that did not read what it was sent: its subscriptions go at once, it is told
/// why in a close frame (if it takes one in time), and the log says so.
async fn cut_off(
    mut sink: SplitSink<Socket, Message>,
    peer: SocketAddr,
    connection: ConnectionId,
    shared: &Shared,
) {
    eprintln!(
        "WebSocket front: disconnected {peer}: it did not read what it was sent (more than {} \
         MiB waiting for it, the most a connection may leave unread)",
        OUTBOX_BYTES >> 20
    );
    shared.registry.close_connection(connection);
    let frame = close(
        CloseCode::Policy,
        format!("too slow: more than {} MiB unread", OUTBOX_BYTES >> 20),
    );
    if let Frame::Message(message) = frame {
        let _ = tokio::time::timeout(CLOSE_TIMEOUT, sink.send(message)).await;
    }
}

fn close(code: CloseCode, reason: String) -> Frame {
    Frame::Message(Message::Close(Some(CloseFrame {
        code,
        reason: reason.into(),
    })))
}

struct Connection {
    id: ConnectionId,
    outbox: Outbox,
    shared: Arc<Shared>,
    upstream: Option<Upstream>,
    /// The subscriptions this client holds on surfpool's server.
    relayed: Arc<RelayedSubscriptions>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.shared.registry.close_connection(self.id);
    }
}

impl Connection {
    async fn handle(&mut self, text: &str) {
        match read(text) {
            Request::Native(request) => self.answer(request),
            Request::Relayed(relayed) => self.relay(text.to_owned(), relayed).await,
        }
    }

    fn send(&self, frame: Frame) {
        self.outbox.push(frame);
    }

    /// Replies with the subscription id first, then registers it: a notification can only
    /// follow the reply on the wire.
    fn answer(&self, Native { id, ask }: Native) {
        let registry = &self.shared.registry;
        if let Ask::Unsubscribe { subscription } = ask {
            registry.unsubscribe(self.id, subscription);
            // Like surfpool, an unsubscribe succeeds whether or not the subscription was live.
            if let Some(frame) = reply(&id, true) {
                self.send(frame);
            }
            return;
        }
        let subscription = match registry.reserve(self.id, self.relayed.count()) {
            Ok(subscription) => subscription,
            Err(refused) => return self.refuse(&id, &refused),
        };
        if let Some(frame) = reply(&id, subscription) {
            self.send(frame);
        }
        let key = Key {
            connection: self.id,
            id: subscription,
        };
        match ask {
            Ask::Signature { signature, level } => {
                if registry.watch_signature(key, signature, level) {
                    self.look_up(signature);
                }
            }
            Ask::Account { pubkey, encoding } => registry.watch_account(key, pubkey, encoding),
            Ask::Program {
                program,
                encoding,
                filters,
            } => registry.watch_program(key, program, ProgramFilter { encoding, filters }),
            Ask::Slots => registry.watch_slots(key),
            Ask::Unsubscribe { .. } => {}
        }
    }

    /// Answers request `id` with why its subscription was not made.
    fn refuse(&self, id: &Value, refused: &Refused) {
        let message = match refused {
            Refused::Full { held } => format!(
                "Subscription refused: this connection holds {held} subscriptions, the most the \
                 node takes on one connection (localnet --ws-max-subscriptions); unsubscribe \
                 from one, or open another connection"
            ),
            Refused::Gone => "Subscription refused: the connection is closing".to_owned(),
        };
        self.send(error(id, INTERNAL_ERROR, &message));
    }

    /// Asks surfpool's transaction store about a signature older than the record (the
    /// subscription waits in the registry meanwhile, so a commit in between still answers it).
    fn look_up(&self, signature: Signature) {
        let shared = Arc::clone(&self.shared);
        tokio::task::spawn_blocking(move || {
            let outcome = shared
                .chain
                .read(|chain| chain.transaction_outcome(&signature));
            if let Some(outcome) = outcome {
                let status = SignatureStatus {
                    slot: outcome.slot,
                    err: outcome.err,
                };
                shared.registry.import(signature, status);
            }
        });
    }

    /// Passes `text` to surfpool, opening this client's session there first if it has not
    /// relayed before; a frame kept back, or a subscription past the client's cap, is refused
    /// instead, and a failure answers request `relayed.id` with an internal error.
    async fn relay(&mut self, text: String, relayed: Relayed) {
        match relayed.kept_back {
            None => {}
            Some(KeptBack::NoId) => return,
            Some(KeptBack::Batch(reason)) => {
                let message = format!("Invalid request: {reason}");
                return self.send(error(&Value::Null, INVALID_REQUEST, &message));
            }
        }
        let registry = &self.shared.registry;
        let subscribes = relayed
            .calls
            .iter()
            .filter(|call| call.kind == CallKind::Subscribe)
            .count();
        if subscribes > 0 {
            let held = registry.held(self.id) + self.relayed.count();
            if held + subscribes > registry.max_subscriptions() {
                return self.refuse(&relayed.id, &Refused::Full { held });
            }
        }
        let upstream = self.upstream.get_or_insert_with(|| {
            Upstream::open(&self.shared, self.outbox.clone(), Arc::clone(&self.relayed))
        });
        self.relayed
            .asked(&relayed.calls, registry.max_subscriptions());
        if let Err(failure) = upstream.send(text).await {
            self.upstream = None;
            self.relayed.reset();
            let message = format!("the node's WebSocket relay failed: {failure}");
            self.send(error(&relayed.id, INTERNAL_ERROR, &message));
        }
    }
}
