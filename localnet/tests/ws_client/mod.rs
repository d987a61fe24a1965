//! A raw WebSocket client for the pubsub tests: JSON-RPC requests and their replies, with the
//! notifications read meanwhile kept for later.

#![allow(dead_code)]

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// An upper bound against hangs only: every wait here ends on an event.
pub const HANG: Duration = Duration::from_secs(120);

pub struct Socket {
    pub stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_request: u64,
    notifications: Vec<Value>,
}

impl Socket {
    pub async fn connect(url: &str) -> Self {
        let (stream, _) = tokio::time::timeout(HANG, tokio_tungstenite::connect_async(url))
            .await
            .expect("a handshake in time")
            .expect("a WebSocket connection");
        Self::from_stream(stream)
    }

    pub fn from_stream(stream: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Self {
        Self {
            stream,
            next_request: 1,
            notifications: Vec::new(),
        }
    }

    /// The next text frame, as JSON.
    pub async fn read(&mut self) -> Value {
        loop {
            let frame = tokio::time::timeout(HANG, self.stream.next())
                .await
                .expect("a frame in time")
                .expect("an open socket")
                .expect("a frame");
            if let Message::Text(text) = frame {
                return serde_json::from_str(text.as_str()).expect("JSON");
            }
        }
    }

    /// Sends request `method` and returns its id, without reading.
    pub async fn ask(&mut self, method: &str, params: Value) -> u64 {
        let id = self.next_request;
        self.next_request += 1;
        let request = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.stream
            .send(Message::text(request.to_string()))
            .await
            .expect("sent");
        id
    }

    /// The reply to request `id` (its `result` or `error`), keeping the notifications read
    /// before it.
    pub async fn reply(&mut self, id: u64) -> Value {
        loop {
            let frame = self.read().await;
            if frame.get("id") == Some(&json!(id)) {
                return frame;
            }
            self.notifications.push(frame);
        }
    }

    /// The `result` of request `method`; panics on an error reply.
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        let id = self.ask(method, params).await;
        let reply = self.reply(id).await;
        reply
            .get("result")
            .cloned()
            .unwrap_or_else(|| panic!("{method} failed: {reply}"))
    }

    pub async fn subscribe(&mut self, method: &str, params: Value) -> u64 {
        self.call(method, params)
            .await
            .as_u64()
            .expect("a subscription id")
    }

    /// The next notification, read or kept.
    pub async fn notification(&mut self) -> Value {
        if !self.notifications.is_empty() {
            return self.notifications.remove(0);
        }
        self.read().await
    }

    /// The next notification of `method`, keeping the others.
    pub async fn next_of(&mut self, method: &str) -> Value {
        if let Some(at) = self
            .notifications
            .iter()
            .position(|frame| frame["method"] == method)
        {
            return self.notifications.remove(at);
        }
        loop {
            let frame = self.read().await;
            if frame["method"] == method {
                return frame;
            }
            self.notifications.push(frame);
        }
    }
}

pub fn subscription(notification: &Value) -> u64 {
    notification["params"]["subscription"]
        .as_u64()
        .expect("a subscription")
}
