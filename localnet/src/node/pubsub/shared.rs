//! What every connection of the front shares.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use super::registry::Registry;
use crate::node::surfpool::{Chain, PubsubMethods};

pub struct Shared {
    pub registry: Arc<Registry>,
    pub chain: Chain,
    /// surfpool's own WebSocket methods, for what the front relays.
    pub surfpool: PubsubMethods,
    /// How many clients hold a session with surfpool (have relayed a frame).
    pub relays: AtomicUsize,
}
