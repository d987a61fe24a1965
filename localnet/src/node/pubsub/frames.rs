//! The JSON-RPC frames the front writes: replies to subscribe and unsubscribe requests, and
//! notifications, in the shapes Solana's (and surfpool's) pubsub servers use.

use serde::Serialize;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

/// A client connection's queue of frames to write, in order.
pub type Outbox = tokio::sync::mpsc::UnboundedSender<Message>;

#[derive(Serialize)]
struct Notification<'a, T> {
    jsonrpc: &'static str,
    method: &'a str,
    params: Params<'a, T>,
}

#[derive(Serialize)]
struct Params<'a, T> {
    result: &'a T,
    subscription: u64,
}

#[derive(Serialize)]
struct Reply<'a, T> {
    jsonrpc: &'static str,
    result: T,
    id: &'a Value,
}

/// `{"jsonrpc":"2.0","method":method,"params":{"result":result,"subscription":subscription}}`;
/// `None` if `result` cannot be written as JSON (no type the front sends fails).
pub fn notification<T: Serialize>(method: &str, subscription: u64, result: &T) -> Option<Message> {
    let notification = Notification {
        jsonrpc: "2.0",
        method,
        params: Params {
            result,
            subscription,
        },
    };
    serde_json::to_string(&notification).ok().map(Message::text)
}

/// The reply to request `id`: `{"jsonrpc":"2.0","result":result,"id":id}`.
pub fn reply<T: Serialize>(id: &Value, result: T) -> Option<Message> {
    serde_json::to_string(&Reply {
        jsonrpc: "2.0",
        result,
        id,
    })
    .ok()
    .map(Message::text)
}

/// A JSON-RPC internal error for request `id` (the relay to surfpool failed).
pub fn internal_error(id: &Value, message: &str) -> Message {
    let error = serde_json::json!({
        "jsonrpc": "2.0",
        "error": { "code": -32603, "message": message },
        "id": id,
    });
    Message::text(error.to_string())
}
