//! What every connection of the front shares.

use std::sync::Arc;
use std::sync::atomic::AtomicUsize;

use surfpool_core::surfnet::locker::SurfnetSvmLocker;

use super::registry::Registry;
use super::surfpool_pubsub::SurfpoolPubsub;

pub struct Shared {
    pub registry: Arc<Registry>,
    pub locker: SurfnetSvmLocker,
    /// surfpool's own WebSocket methods, for what the front relays.
    pub surfpool: SurfpoolPubsub,
    /// How many clients hold a session with surfpool (have relayed a frame).
    pub relays: AtomicUsize,
}
