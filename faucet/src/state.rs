//! What every request shares.

use std::{sync::Arc, time::Duration};

use crate::{cooldown::Cooldowns, mint::Minter};

#[derive(Clone)]
pub struct AppState {
    /// `None` when no mint authority is configured: the faucet still serves, answering 503.
    pub minter: Option<Arc<dyn Minter>>,
    pub cooldowns: Arc<Cooldowns>,
    /// Bound on a whole request; longer than the minter's own timeout so that a slow mint
    /// answers 500 from the minter rather than this safety net.
    pub request_timeout: Duration,
}

impl AppState {
    pub fn new(
        minter: Option<Arc<dyn Minter>>,
        cooldown: Duration,
        request_timeout: Duration,
    ) -> Self {
        Self {
            minter,
            cooldowns: Cooldowns::new(cooldown),
            request_timeout,
        }
    }
}
