//! What the front takes from its clients, and for how long: every figure bounded, so that no
//! client (nor a web page, nor many of them) can make the node hold more than these, or wait.

use std::time::Duration;

/// `--ws-max-connections`: client connections held at once, handshakes included. Every tool
/// shipped here holds one or two; a connection past the bound is answered HTTP 503.
pub const DEFAULT_MAX_CONNECTIONS: usize = 100;

/// `--ws-max-subscriptions`: subscriptions one connection holds at once, the front's own and
/// those relayed to surfpool together. The dashboard holds five; a client confirming many
/// transactions at once over one socket holds one each (the pubsub tests hold 250 a socket).
/// With [`DEFAULT_MAX_CONNECTIONS`] this is at most 1,000,000 in all, agave's own bound on the
/// subscriptions a node holds (`MAX_ACTIVE_SUBSCRIPTIONS` in its `rpc_pubsub_service.rs`).
pub const DEFAULT_MAX_SUBSCRIPTIONS: usize = 10_000;

/// A client's message, and each frame of it, at most: what agave's pubsub server accepts
/// (`set_max_message_size(4_096)` and `set_max_frame_size(4_096)` in its
/// `rpc_pubsub_service.rs`), where tungstenite would take 64 MiB. A larger one closes the
/// connection with 1009 (message too big).
pub const MAX_MESSAGE_BYTES: usize = 4_096;
pub const MAX_FRAME_BYTES: usize = 4_096;

/// A client's WebSocket handshake must be over within this, or the connection is dropped.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// What one connection may leave unread: frames queued for it, counted by the bytes they take
/// on the wire. Past it, the client is cut off (close 1008) rather than let the node hold more
/// or the commit feed wait. Checkpoint restores on a chain of 10,000 markets push about 10 MB
/// at once to a dashboard.
pub const OUTBOX_BYTES: usize = 16 << 20;

/// How long a close frame may take to go out to a client that is being cut off.
pub const CLOSE_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections past [`DEFAULT_MAX_CONNECTIONS`] (or the flag) being told so at once; past
/// these, a connection is dropped unanswered.
pub const REFUSALS_AT_ONCE: usize = 16;

/// How many connections and subscriptions the front holds at most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PubsubLimits {
    /// `--ws-max-connections`.
    pub max_connections: usize,
    /// `--ws-max-subscriptions`, per connection.
    pub max_subscriptions: usize,
}

impl Default for PubsubLimits {
    fn default() -> Self {
        Self {
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_subscriptions: DEFAULT_MAX_SUBSCRIPTIONS,
        }
    }
}
