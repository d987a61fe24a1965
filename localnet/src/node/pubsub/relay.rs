//! One client's relay to surfpool's own WebSocket methods, run in process, for the methods
//! the front does not answer: its frames go to surfpool as they came, and surfpool's replies
//! and notifications come back verbatim through the client's outbox. The subscriptions the
//! client makes there count against its cap like its own, counted from surfpool's answers.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::Value;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message;

use super::frames::Frame;
use super::outbox::Outbox;
use super::request::{CallKind, SubscriptionCall};
use super::shared::Shared;
use crate::node::surfpool::PubsubSession;

/// One client's session with surfpool's WebSocket methods.
pub struct Upstream {
    session: PubsubSession,
    outbox: Outbox,
    counted: Arc<RelayedSubscriptions>,
    /// Passes surfpool's notifications to the client.
    reader: JoinHandle<()>,
    shared: Arc<Shared>,
}

impl Upstream {
    pub fn open(shared: &Arc<Shared>, outbox: Outbox, counted: Arc<RelayedSubscriptions>) -> Self {
        let (session, notifications) = shared.surfpool.session();
        let reader = tokio::spawn(pass_on(notifications, outbox.clone()));
        shared.relays.fetch_add(1, Ordering::Relaxed);
        Self {
            session,
            outbox,
            counted,
            reader,
            shared: Arc::clone(shared),
        }
    }

    /// Has surfpool answer `text`, and queues its reply; `Err` says why it could not.
    pub async fn send(&mut self, text: String) -> Result<(), String> {
        let reply = self.shared.surfpool.call(text, &self.session).await?;
        if let Some(reply) = reply {
            self.counted.answered(&reply);
            self.outbox.push(Frame::Message(Message::text(reply)));
        }
        Ok(())
    }
}

impl Drop for Upstream {
    fn drop(&mut self) {
        self.reader.abort();
        self.shared.relays.fetch_sub(1, Ordering::Relaxed);
    }
}

/// surfpool's notifications, to the client, until its session ends or its outbox is full (the
/// client is being cut off).
async fn pass_on(
    mut notifications: impl futures_util::Stream<Item = String> + Unpin,
    outbox: Outbox,
) {
    while let Some(text) = notifications.next().await {
        if !outbox.push(Frame::Message(Message::text(text))) {
            return;
        }
    }
}

/// The subscriptions a client holds on surfpool's server: a subscribe counts from the moment it
/// is relayed (an error answer frees it, an id keeps it), and stops counting when an
/// unsubscribe is answered `true`. A request surfpool never answers (it has no id) keeps
/// counting, so the count is never below what surfpool holds.
#[derive(Default)]
pub struct RelayedSubscriptions {
    counts: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    /// Answered with an id, and not unsubscribed since (or asked without an id).
    held: usize,
    /// Subscribes relayed and not answered yet.
    subscribing: usize,
    /// The calls waiting for surfpool's answer, by request id (as JSON text), in the order
    /// they were relayed.
    waiting: HashMap<String, VecDeque<CallKind>>,
    /// Unsubscribes waiting; past `limit` they are not followed (their subscriptions go on
    /// counting).
    unsubscribing: usize,
}

/// A reply from surfpool, read for its id and result only.
#[derive(Deserialize)]
struct Answer {
    #[serde(default)]
    id: Option<Value>,
    #[serde(default)]
    result: Option<Value>,
}

impl RelayedSubscriptions {
    fn counts(&self) -> MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// What counts against the client's cap: the subscriptions held or being made.
    pub fn count(&self) -> usize {
        let counts = self.counts();
        counts.held + counts.subscribing
    }

    /// Forgets everything: the upstream connection is gone, and surfpool with it dropped the
    /// client's subscriptions there.
    pub fn reset(&self) {
        *self.counts() = Counts::default();
    }

    /// Follows `calls`, relayed now; at most `limit` unsubscribes are followed at once.
    pub fn asked(&self, calls: &[SubscriptionCall], limit: usize) {
        let mut counts = self.counts();
        for call in calls {
            match (call.kind, &call.id) {
                (CallKind::Subscribe, Value::Null) => counts.held += 1,
                (CallKind::Unsubscribe, Value::Null) => {}
                (CallKind::Unsubscribe, _) if counts.unsubscribing >= limit => {}
                (kind, id) => {
                    match kind {
                        CallKind::Subscribe => counts.subscribing += 1,
                        CallKind::Unsubscribe => counts.unsubscribing += 1,
                    }
                    counts
                        .waiting
                        .entry(id.to_string())
                        .or_default()
                        .push_back(kind);
                }
            }
        }
    }

    /// Reads a frame surfpool sent for answers to what was asked (a notification, or any frame
    /// while nothing is asked, is not read).
    pub fn answered(&self, text: &str) {
        let mut counts = self.counts();
        if counts.waiting.is_empty() {
            return;
        }
        let answers = if text.trim_start().starts_with('[') {
            serde_json::from_str::<Vec<Answer>>(text).unwrap_or_default()
        } else {
            serde_json::from_str::<Answer>(text).into_iter().collect()
        };
        for answer in answers {
            let Some(id) = answer.id else {
                continue;
            };
            counts.answer(&id.to_string(), answer.result.as_ref());
        }
    }
}

impl Counts {
    fn answer(&mut self, id: &str, result: Option<&Value>) {
        let Some(calls) = self.waiting.get_mut(id) else {
            return;
        };
        let kind = calls.pop_front();
        if calls.is_empty() {
            self.waiting.remove(id);
        }
        match kind {
            Some(CallKind::Subscribe) => {
                self.subscribing -= 1;
                if result.is_some_and(Value::is_u64) {
                    self.held += 1;
                }
            }
            Some(CallKind::Unsubscribe) => {
                self.unsubscribing -= 1;
                if result == Some(&Value::Bool(true)) {
                    self.held = self.held.saturating_sub(1);
                }
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(id: Value, kind: CallKind) -> SubscriptionCall {
        SubscriptionCall { id, kind }
    }

    #[test]
    fn a_subscribe_counts_from_the_relay_and_goes_on_counting_once_surfpool_gives_an_id() {
        let counted = RelayedSubscriptions::default();
        counted.asked(&[call(Value::from(1), CallKind::Subscribe)], 10);
        assert_eq!(counted.count(), 1);
        // A notification is no answer.
        counted.answered(r#"{"jsonrpc":"2.0","method":"logsNotification","params":{"result":1,"subscription":0}}"#);
        assert_eq!(counted.count(), 1);
        counted.answered(r#"{"jsonrpc":"2.0","result":0,"id":1}"#);
        assert_eq!(counted.count(), 1);
        counted.asked(&[call(Value::from("u"), CallKind::Unsubscribe)], 10);
        assert_eq!(counted.count(), 1);
        counted.answered(r#"{"jsonrpc":"2.0","result":true,"id":"u"}"#);
        assert_eq!(counted.count(), 0);
    }

    #[test]
    fn an_error_frees_a_subscribe_and_a_failed_unsubscribe_frees_nothing() {
        let counted = RelayedSubscriptions::default();
        counted.asked(
            &[
                call(Value::from(1), CallKind::Subscribe),
                call(Value::from(2), CallKind::Subscribe),
            ],
            10,
        );
        counted.answered(
            r#"[{"jsonrpc":"2.0","error":{"code":-32602,"message":"bad"},"id":1},{"jsonrpc":"2.0","result":4,"id":2}]"#,
        );
        assert_eq!(counted.count(), 1);
        counted.asked(&[call(Value::from(3), CallKind::Unsubscribe)], 10);
        counted.answered(r#"{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid subscription id."},"id":3}"#);
        assert_eq!(counted.count(), 1);
    }

    #[test]
    fn requests_sharing_an_id_are_each_answered_and_one_without_an_id_counts_for_good() {
        let counted = RelayedSubscriptions::default();
        let twice = call(Value::from(5), CallKind::Subscribe);
        counted.asked(&[twice.clone(), twice], 10);
        counted.answered(r#"{"jsonrpc":"2.0","result":0,"id":5}"#);
        counted.answered(r#"{"jsonrpc":"2.0","result":1,"id":5}"#);
        assert_eq!(counted.count(), 2);
        counted.asked(&[call(Value::Null, CallKind::Subscribe)], 10);
        assert_eq!(counted.count(), 3);
    }

    #[test]
    fn unsubscribes_past_the_limit_are_not_followed() {
        let counted = RelayedSubscriptions::default();
        counted.asked(&[call(Value::from(1), CallKind::Subscribe)], 1);
        counted.answered(r#"{"jsonrpc":"2.0","result":0,"id":1}"#);
        counted.asked(
            &[
                call(Value::from(2), CallKind::Unsubscribe),
                call(Value::from(3), CallKind::Unsubscribe),
            ],
            1,
        );
        counted.answered(r#"{"jsonrpc":"2.0","result":true,"id":3}"#);
        assert_eq!(counted.count(), 1);
        counted.answered(r#"{"jsonrpc":"2.0","result":true,"id":2}"#);
        assert_eq!(counted.count(), 0);
    }
}
