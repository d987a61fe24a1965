//! Token buckets in front of the mint: one per peer address and one for the whole faucet, so
//! that neither one peer nor many together can drain the mint authority's SOL or the RPC
//! node's quota. Asked only for a request that would otherwise mint (see
//! [`crate::cooldown::Cooldowns::reserve`]).

use std::{
    net::IpAddr,
    num::NonZeroU32,
    sync::{Mutex, PoisonError},
    time::Duration,
};

use governor::{
    Quota, RateLimiter,
    clock::Clock,
    middleware::NoOpMiddleware,
    state::{InMemoryState, NotKeyed, keyed::HashMapStateStore},
};

/// A sustained rate and how many requests may come at once before it applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    pub per_minute: NonZeroU32,
    pub burst: NonZeroU32,
}

impl Rate {
    fn quota(self) -> Quota {
        Quota::per_minute(self.per_minute).allow_burst(self.burst)
    }
}

/// Which bucket refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The bucket of the request's peer address (the contract's `rate_limited_client`).
    Peer,
    Global,
}

/// Refused by a bucket; one token is back after `retry_after`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limited {
    pub scope: Scope,
    pub retry_after: Duration,
}

/// Tokio's clock, so tests can pause and advance time; instants are durations since start-up.
#[derive(Debug, Clone, Copy)]
struct TokioClock {
    start: tokio::time::Instant,
}

impl Clock for TokioClock {
    type Instant = Duration;

    fn now(&self) -> Duration {
        self.start.elapsed()
    }
}

type PeerLimiter =
    RateLimiter<IpAddr, HashMapStateStore<IpAddr>, TokioClock, NoOpMiddleware<Duration>>;
type GlobalLimiter = RateLimiter<NotKeyed, InMemoryState, TokioClock, NoOpMiddleware<Duration>>;

/// Peers whose bucket is full again are forgotten at most this often, as requests arrive, so the
/// table holds only peers seen recently and stays bounded without a background task.
const PRUNE_EVERY: Duration = Duration::from_secs(60);

pub struct RateLimits {
    per_peer: Option<PeerLimiter>,
    global: Option<GlobalLimiter>,
    clock: TokioClock,
    next_prune: Mutex<Duration>,
}

impl RateLimits {
    /// `None` turns that bucket off.
    pub fn new(per_peer: Option<Rate>, global: Option<Rate>) -> Self {
        let clock = TokioClock {
            start: tokio::time::Instant::now(),
        };
        Self {
            per_peer: per_peer.map(|rate| RateLimiter::hashmap_with_clock(rate.quota(), clock)),
            global: global.map(|rate| RateLimiter::direct_with_clock(rate.quota(), clock)),
            clock,
            next_prune: Mutex::new(PRUNE_EVERY),
        }
    }

    /// Both buckets off.
    pub fn off() -> Self {
        Self::new(None, None)
    }

    /// Takes a token from the peer's bucket, then one from the global bucket. The peer's comes
    /// first so that a peer over its own limit spends none of everyone's; a request refused by
    /// the global bucket has spent its peer's token, which only slows that peer.
    pub fn admit(&self, peer: IpAddr) -> Result<(), Limited> {
        if let Some(limiter) = &self.per_peer {
            self.prune(limiter);
            limiter
                .check_key(&peer)
                .map_err(|not_until| self.limited(Scope::Peer, &not_until))?;
        }
        if let Some(limiter) = &self.global {
            limiter
                .check()
                .map_err(|not_until| self.limited(Scope::Global, &not_until))?;
        }
        Ok(())
    }

    /// How many peer addresses the per-peer bucket holds.
    pub fn tracked_peers(&self) -> usize {
        self.per_peer.as_ref().map_or(0, RateLimiter::len)
    }

    fn limited(&self, scope: Scope, not_until: &governor::NotUntil<Duration>) -> Limited {
        Limited {
            scope,
            retry_after: not_until.wait_time_from(self.clock.now()),
        }
    }

    fn prune(&self, limiter: &PeerLimiter) {
        let now = self.clock.now();
        let mut next_prune = self
            .next_prune
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if now >= *next_prune {
            limiter.retain_recent();
            limiter.shrink_to_fit();
            *next_prune = now + PRUNE_EVERY;
        }
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use super::*;

    fn rate(per_minute: u32, burst: u32) -> Option<Rate> {
        Some(Rate {
            per_minute: NonZeroU32::new(per_minute).expect("not zero"),
            burst: NonZeroU32::new(burst).expect("not zero"),
        })
    }

    const ONE: IpAddr = IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1));
    const TWO: IpAddr = IpAddr::V4(Ipv4Addr::new(192, 0, 2, 2));

    #[tokio::test(start_paused = true)]
    async fn a_peer_gets_its_burst_then_one_token_per_period() {
        let limits = RateLimits::new(rate(10, 5), None);
        for _ in 0..5 {
            assert_eq!(limits.admit(ONE), Ok(()));
        }
        assert_eq!(
            limits.admit(ONE),
            Err(Limited {
                scope: Scope::Peer,
                retry_after: Duration::from_secs(6)
            })
        );
        assert_eq!(limits.admit(TWO), Ok(()));
        tokio::time::advance(Duration::from_secs(6)).await;
        assert_eq!(limits.admit(ONE), Ok(()));
        assert!(limits.admit(ONE).is_err());
    }

    #[tokio::test(start_paused = true)]
    async fn the_global_bucket_holds_for_every_peer() {
        let limits = RateLimits::new(rate(10, 5), rate(60, 2));
        assert_eq!(limits.admit(ONE), Ok(()));
        assert_eq!(limits.admit(TWO), Ok(()));
        let refused = limits.admit(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 3)));
        assert_eq!(
            refused,
            Err(Limited {
                scope: Scope::Global,
                retry_after: Duration::from_secs(1)
            })
        );
    }

    #[tokio::test(start_paused = true)]
    async fn off_admits_everything() {
        let limits = RateLimits::off();
        for _ in 0..1_000 {
            assert_eq!(limits.admit(ONE), Ok(()));
        }
        assert_eq!(limits.tracked_peers(), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn peers_with_full_buckets_are_forgotten() {
        let limits = RateLimits::new(rate(60, 1), None);
        for last in 0..100u8 {
            limits
                .admit(IpAddr::V4(Ipv4Addr::new(198, 51, 100, last)))
                .expect("a fresh peer");
        }
        assert_eq!(limits.tracked_peers(), 100);
        tokio::time::advance(PRUNE_EVERY).await;
        limits.admit(ONE).expect("a fresh peer");
        assert_eq!(limits.tracked_peers(), 1);
    }
}
