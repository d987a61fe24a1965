//! One client's WebSocket connection: the requests the front answers go to the registry, any
//! other frame goes verbatim to surfpool's hidden WebSocket server over an upstream connection
//! opened the first time one is needed, and whatever surfpool sends back is passed on verbatim.
//! When the client goes, its subscriptions and its upstream go with it.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use futures_util::stream::{SplitSink, StreamExt};
use futures_util::{SinkExt, Stream};
use serde_json::Value;
use solana_signature::Signature;
use surfpool_core::surfnet::locker::SurfnetSvmLocker;
use surfpool_core::types::SurfnetTransactionStatus;
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::{Error as WsError, Message};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::frames::{Outbox, internal_error, reply};
use super::registry::{ConnectionId, ProgramFilter, Registry, SignatureStatus, Subscriber};
use super::request::{Ask, Native, native};

/// What every connection of the front shares.
pub struct Shared {
    pub registry: Arc<Registry>,
    pub locker: SurfnetSvmLocker,
    /// Surfpool's own WebSocket server, on a loopback port nobody else is told about.
    pub upstream_url: String,
    /// How many upstream connections are open.
    pub relays: AtomicUsize,
}

/// Serves one client until it goes (or the front stops).
pub async fn serve(stream: TcpStream, shared: Arc<Shared>) {
    let _ = stream.set_nodelay(true);
    let Ok(socket) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = socket.split();
    let (outbox, mut outgoing) = mpsc::unbounded_channel::<Message>();
    let mut connection = Connection {
        id: shared.registry.open_connection(),
        outbox,
        shared,
        upstream: None,
    };
    // Writes what is queued, flushing once per batch; a close frame closes the socket (flushing
    // the reply to a client's close, which tungstenite queued) and ends the writer, as does a
    // client that cannot be written to.
    let writer = async move {
        while let Some(first) = outgoing.recv().await {
            let mut next = Some(first);
            while let Some(frame) = next.take() {
                if frame.is_close() {
                    let _ = sink.close().await;
                    return;
                }
                if sink.feed(frame).await.is_err() {
                    return;
                }
                next = outgoing.try_recv().ok();
            }
            if sink.flush().await.is_err() {
                return;
            }
        }
    };
    let reader = async {
        while let Some(Ok(frame)) = source.next().await {
            match frame {
                Message::Text(text) => connection.handle(text.as_str()).await,
                Message::Binary(_) => connection.relay(frame, &Value::Null).await,
                // The writer answers the close; the client then ends the connection.
                Message::Close(_) => connection.send(Some(Message::Close(None))),
                Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
            }
        }
    };
    tokio::select! {
        () = writer => {}
        () = reader => {}
    }
}

struct Connection {
    id: ConnectionId,
    outbox: Outbox,
    shared: Arc<Shared>,
    upstream: Option<Upstream>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.shared.registry.close_connection(self.id);
    }
}

impl Connection {
    async fn handle(&mut self, text: &str) {
        match native(text) {
            Some(request) => self.answer(request),
            None => {
                let id = serde_json::from_str::<Value>(text)
                    .ok()
                    .and_then(|request| request.get("id").cloned())
                    .unwrap_or(Value::Null);
                self.relay(Message::text(text), &id).await;
            }
        }
    }

    fn send(&self, frame: Option<Message>) {
        if let Some(frame) = frame {
            let _ = self.outbox.send(frame);
        }
    }

    /// Replies with the subscription id first, then registers it: a notification can only
    /// follow the reply on the wire.
    fn answer(&self, Native { id, ask }: Native) {
        let registry = &self.shared.registry;
        if let Ask::Unsubscribe { subscription } = ask {
            registry.unsubscribe(self.id, subscription);
            // Like surfpool, an unsubscribe succeeds whether or not the subscription was live.
            self.send(reply(&id, true));
            return;
        }
        let subscription = registry.new_id();
        self.send(reply(&id, subscription));
        let subscriber = Subscriber {
            id: subscription,
            connection: self.id,
            outbox: self.outbox.clone(),
        };
        match ask {
            Ask::Signature { signature, level } => {
                if registry.watch_signature(subscriber, signature, level) {
                    self.look_up(signature);
                }
            }
            Ask::Account { pubkey, encoding } => {
                registry.watch_account(subscriber, pubkey, encoding);
            }
            Ask::Program {
                program,
                encoding,
                filters,
            } => registry.watch_program(subscriber, program, ProgramFilter { encoding, filters }),
            Ask::Slots => registry.watch_slots(subscriber),
            Ask::Unsubscribe { .. } => {}
        }
    }

    /// Asks surfpool's transaction store about a signature older than the record (the
    /// subscription waits in the registry meanwhile, so a commit in between still answers it).
    fn look_up(&self, signature: Signature) {
        let shared = Arc::clone(&self.shared);
        tokio::task::spawn_blocking(move || {
            let status = shared.locker.with_svm_reader(|svm| {
                match svm.transactions.get(&signature.to_string()) {
                    Ok(Some(SurfnetTransactionStatus::Processed(transaction))) => {
                        let (transaction, _) = transaction.as_ref();
                        Some(SignatureStatus {
                            slot: transaction.slot,
                            err: transaction.meta.status.clone().err(),
                        })
                    }
                    _ => None,
                }
            });
            if let Some(status) = status {
                shared.registry.import(signature, status);
            }
        });
    }

    /// Passes `frame` to surfpool, connecting first if this client has not relayed before; a
    /// failure answers request `id` with an internal error.
    async fn relay(&mut self, frame: Message, id: &Value) {
        if self.upstream.is_none() {
            match Upstream::open(&self.shared, self.outbox.clone()).await {
                Ok(upstream) => self.upstream = Some(upstream),
                Err(error) => {
                    let message = format!("the node's WebSocket relay failed: {error}");
                    self.send(Some(internal_error(id, &message)));
                    return;
                }
            }
        }
        if let Some(upstream) = &mut self.upstream
            && let Err(error) = upstream.sink.send(frame).await
        {
            self.upstream = None;
            let message = format!("the node's WebSocket relay failed: {error}");
            self.send(Some(internal_error(id, &message)));
        }
    }
}

type UpstreamSocket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// One client's connection to surfpool's WebSocket server.
struct Upstream {
    sink: SplitSink<UpstreamSocket, Message>,
    /// Passes surfpool's frames to the client; closes the client when surfpool closes.
    reader: JoinHandle<()>,
    shared: Arc<Shared>,
}

impl Upstream {
    async fn open(shared: &Arc<Shared>, outbox: Outbox) -> Result<Self, WsError> {
        let address = shared
            .upstream_url
            .trim_start_matches("ws://")
            .trim_end_matches('/');
        let stream = TcpStream::connect(address).await?;
        let _ = stream.set_nodelay(true);
        let (socket, _) = tokio_tungstenite::client_async(
            shared.upstream_url.as_str(),
            MaybeTlsStream::Plain(stream),
        )
        .await?;
        let (sink, source) = socket.split();
        let reader = tokio::spawn(pass_on(source, outbox));
        shared.relays.fetch_add(1, Ordering::Relaxed);
        Ok(Self {
            sink,
            reader,
            shared: Arc::clone(shared),
        })
    }
}

impl Drop for Upstream {
    fn drop(&mut self) {
        self.reader.abort();
        self.shared.relays.fetch_sub(1, Ordering::Relaxed);
    }
}

async fn pass_on(mut source: impl Stream<Item = Result<Message, WsError>> + Unpin, outbox: Outbox) {
    while let Some(Ok(frame)) = source.next().await {
        match frame {
            Message::Text(_) | Message::Binary(_) => {
                if outbox.send(frame).is_err() {
                    return;
                }
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => {}
        }
    }
    let _ = outbox.send(Message::Close(None));
}
