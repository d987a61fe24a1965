//! What every request shares.

use std::{sync::Arc, time::Duration};

use crate::{cooldown::Cooldowns, limits::RateLimits, mint::Minter};

#[derive(Clone)]
pub struct AppState {
    /// `None` when no mint authority is configured: the faucet still serves, answering 503.
    pub minter: Option<Arc<dyn Minter>>,
    pub cooldowns: Arc<Cooldowns>,
    pub limits: Arc<RateLimits>,
    /// Bound on a whole request; longer than the minter's own timeout so that a slow mint
    /// answers 500 from the minter rather than this safety net.
    pub request_timeout: Duration,
}

impl AppState {
    pub fn new(
        minter: Option<Arc<dyn Minter>>,
        cooldown: Duration,
        limits: RateLimits,
        request_timeout: Duration,
    ) -> Self {
        Self {
            minter,
            cooldowns: Cooldowns::new(cooldown),
            limits: Arc::new(limits),
            request_timeout,
        }
    }
}
