//! The JSON-RPC frames the front writes: replies to subscribe and unsubscribe requests, errors,
//! and notifications, in the shapes Solana's (and surfpool's) pubsub servers use.
//!
//! A notification's `result` is serialised once, by whoever delivers it and never under the
//! registry's lock, and shared by every subscription it goes to: each client's own task writes
//! the frames around it, one per subscription id.

use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;
use tokio_tungstenite::tungstenite::Message;

/// What a connection's outbox holds: frames to write, in order.
#[derive(Clone, Debug)]
pub enum Frame {
    /// Written as it is: a reply, an error, a frame relayed from surfpool, a close.
    Message(Message),
    /// One `method` notification with `result` for each of `subscriptions`.
    Notification(Notification),
}

#[derive(Clone, Debug)]
pub struct Notification {
    pub method: &'static str,
    /// The JSON of the notification's `params.result`.
    pub result: Arc<str>,
    pub subscriptions: Vec<u64>,
}

/// Longest decimal `u64`.
const ID_DIGITS: usize = 20;

/// The text around a notification's method, result and subscription id.
const OPEN: &str = r#"{"jsonrpc":"2.0","method":""#;
const BEFORE_RESULT: &str = r#"","params":{"result":"#;
const BEFORE_SUBSCRIPTION: &str = r#","subscription":"#;
const CLOSE: &str = "}}";

impl Frame {
    /// At most the bytes this takes on the wire, which is what an outbox counts.
    pub fn wire_size(&self) -> usize {
        match self {
            Self::Message(message) => message.len(),
            Self::Notification(notification) => {
                notification.subscriptions.len() * notification.frame_size()
            }
        }
    }

    /// The WebSocket messages to write, in order.
    pub fn into_messages(self) -> impl Iterator<Item = Message> {
        let (single, notification) = match self {
            Self::Message(message) => (Some(message), None),
            Self::Notification(notification) => (None, Some(notification)),
        };
        single.into_iter().chain(
            notification
                .into_iter()
                .flat_map(Notification::into_messages),
        )
    }
}

impl Notification {
    /// At most the bytes of one of its frames.
    fn frame_size(&self) -> usize {
        OPEN.len()
            + self.method.len()
            + BEFORE_RESULT.len()
            + self.result.len()
            + BEFORE_SUBSCRIPTION.len()
            + ID_DIGITS
            + CLOSE.len()
    }

    /// `{"jsonrpc":"2.0","method":method,"params":{"result":result,"subscription":id}}` for each
    /// id, as serde writes `Notification` (the field order Solana's servers use).
    fn into_messages(self) -> impl Iterator<Item = Message> {
        let size = self.frame_size();
        self.subscriptions.into_iter().map(move |subscription| {
            let mut text = String::with_capacity(size);
            text.push_str(OPEN);
            text.push_str(self.method);
            text.push_str(BEFORE_RESULT);
            text.push_str(&self.result);
            text.push_str(BEFORE_SUBSCRIPTION);
            text.push_str(&subscription.to_string());
            text.push_str(CLOSE);
            Message::text(text)
        })
    }
}

/// `result` as JSON, to share among the subscriptions it goes to; `None` if it cannot be
/// written as JSON (no type the front sends fails).
pub fn result_json<T: Serialize>(result: &T) -> Option<Arc<str>> {
    serde_json::to_string(result).ok().map(Arc::from)
}

#[derive(Serialize)]
struct Reply<'a, T> {
    jsonrpc: &'static str,
    result: T,
    id: &'a Value,
}

/// The reply to request `id`: `{"jsonrpc":"2.0","result":result,"id":id}`.
pub fn reply<T: Serialize>(id: &Value, result: T) -> Option<Frame> {
    serde_json::to_string(&Reply {
        jsonrpc: "2.0",
        result,
        id,
    })
    .ok()
    .map(|text| Frame::Message(Message::text(text)))
}

/// A JSON-RPC error for request `id`.
pub fn error(id: &Value, code: i64, message: &str) -> Frame {
    let error = serde_json::json!({
        "jsonrpc": "2.0",
        "error": { "code": code, "message": message },
        "id": id,
    });
    Frame::Message(Message::text(error.to_string()))
}

/// JSON-RPC's internal error, which agave also answers a subscription it refuses with.
pub const INTERNAL_ERROR: i64 = -32603;
/// JSON-RPC's invalid request.
pub const INVALID_REQUEST: i64 = -32600;

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    struct Params<'a, T> {
        result: &'a T,
        subscription: u64,
    }

    #[derive(Serialize)]
    struct Whole<'a, T> {
        jsonrpc: &'static str,
        method: &'a str,
        params: Params<'a, T>,
    }

    #[test]
    fn a_notification_is_written_as_serde_writes_it_once_per_subscription() {
        let result = serde_json::json!({"context": {"slot": 7}, "value": {"err": null}});
        let notification = Notification {
            method: "signatureNotification",
            result: result_json(&result).expect("JSON"),
            subscriptions: vec![1_000_000_000, u64::MAX],
        };
        let frame = Frame::Notification(notification);
        let size = frame.wire_size();
        let written: Vec<String> = frame
            .into_messages()
            .map(|message| message.into_text().expect("text").to_string())
            .collect();
        let expected: Vec<String> = [1_000_000_000, u64::MAX]
            .into_iter()
            .map(|subscription| {
                serde_json::to_string(&Whole {
                    jsonrpc: "2.0",
                    method: "signatureNotification",
                    params: Params {
                        result: &result,
                        subscription,
                    },
                })
                .expect("JSON")
            })
            .collect();
        assert_eq!(written, expected);
        // The size counted is never less than what goes on the wire.
        assert!(size >= written.iter().map(String::len).sum::<usize>());
    }

    #[test]
    fn a_message_frame_is_written_as_it_is() {
        let frame = reply(&serde_json::json!("a"), 5_u64).expect("a reply");
        assert_eq!(
            frame.wire_size(),
            r#"{"jsonrpc":"2.0","result":5,"id":"a"}"#.len()
        );
        let messages: Vec<Message> = frame.into_messages().collect();
        assert_eq!(
            messages,
            vec![Message::text(r#"{"jsonrpc":"2.0","result":5,"id":"a"}"#)]
        );
    }
}
