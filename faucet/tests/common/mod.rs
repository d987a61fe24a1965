//! Shared by the tests: a fake minter, request helpers, and the real server over TCP.

#![allow(dead_code)] // each test crate uses its own subset

pub mod server;

use std::{
    collections::VecDeque,
    net::SocketAddr,
    num::NonZeroU32,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use axum::{
    Router,
    body::Body,
    extract::ConnectInfo,
    http::{HeaderMap, Request, StatusCode, header},
};
use fulltime_faucet::{
    AppState,
    limits::{Rate, RateLimits},
    mint::{Fate, FateFuture, MintError, MintFuture, Minted, Minter, Sent},
};
use serde_json::Value;
use solana_address::Address;
use solana_keypair::Keypair;
use solana_signature::Signature;
use solana_signer::Signer;
use tokio::sync::watch;
use tower::ServiceExt;

pub const AMOUNT: u64 = 100_000_000;
pub const MINT: Address = Address::new_from_array([7; 32]);
pub const COOLDOWN: Duration = Duration::from_secs(30);
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

/// Counts its calls, waits `delay` like a real confirmation, and fails with the queued errors
/// before it succeeds. An unconfirmed mint's fate is what the test [`FakeMinter::report`]s.
#[derive(Default)]
pub struct FakeMinter {
    calls: AtomicUsize,
    delay: Duration,
    failures: Mutex<VecDeque<MintError>>,
    follows: AtomicUsize,
    fate: watch::Sender<Option<Fate>>,
}

impl FakeMinter {
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }

    pub fn slow(delay: Duration) -> Arc<Self> {
        Arc::new(Self {
            delay,
            ..Self::default()
        })
    }

    pub fn failing_first(failures: impl IntoIterator<Item = MintError>) -> Arc<Self> {
        Self::slow_failing_first(Duration::ZERO, failures)
    }

    pub fn slow_failing_first(
        delay: Duration,
        failures: impl IntoIterator<Item = MintError>,
    ) -> Arc<Self> {
        Arc::new(Self {
            delay,
            failures: Mutex::new(failures.into_iter().collect()),
            ..Self::default()
        })
    }

    pub fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }

    /// How many unconfirmed transactions the faucet has started to follow.
    pub fn follows(&self) -> usize {
        self.follows.load(Ordering::SeqCst)
    }

    /// What the chain says of every transaction followed, now and later.
    pub fn report(&self, fate: Fate) {
        self.fate.send_replace(Some(fate));
    }
}

/// A transaction sent and not confirmed; its signature is `[n; 64]`.
pub fn sent(n: u8) -> Sent {
    Sent {
        signature: Signature::from([n; 64]),
        last_valid_block_height: 150,
    }
}

impl Minter for FakeMinter {
    fn mint(&self, _wallet: Address) -> MintFuture<'_> {
        Box::pin(async move {
            let call = self.calls.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(self.delay).await;
            if let Some(error) = self.failures.lock().expect("lock").pop_front() {
                return Err(error);
            }
            let mut signature = [0; 64];
            signature[..8].copy_from_slice(&(call as u64).to_le_bytes());
            Ok(Minted {
                signature: Signature::from(signature),
                amount: AMOUNT,
                mint: MINT,
            })
        })
    }

    fn follow(&self, _sent: Sent) -> FateFuture<'_> {
        self.follows.fetch_add(1, Ordering::SeqCst);
        let mut fate = self.fate.subscribe();
        Box::pin(async move {
            let reported = fate
                .wait_for(Option::is_some)
                .await
                .ok()
                .and_then(|f| f.clone());
            match reported {
                Some(fate) => fate,
                // The sender lives as long as the minter: unreachable, like a silent node.
                None => std::future::pending().await,
            }
        })
    }
}

/// A wallet someone can sign for: a keypair's address, on the Ed25519 curve as the faucet
/// requires (`Address::new_unique` is off the curve about half the time).
pub fn new_wallet() -> Address {
    Keypair::new().pubkey()
}

pub fn state(minter: Option<Arc<FakeMinter>>) -> AppState {
    state_with(minter, COOLDOWN, REQUEST_TIMEOUT)
}

/// With the rate limits off, so that tests of other rules can mint as often as they need.
pub fn state_with(
    minter: Option<Arc<FakeMinter>>,
    cooldown: Duration,
    request_timeout: Duration,
) -> AppState {
    let minter = minter.map(|minter| minter as Arc<dyn Minter>);
    AppState::new(minter, cooldown, RateLimits::off(), request_timeout)
}

pub fn limited_state(
    minter: Option<Arc<FakeMinter>>,
    per_peer: Option<Rate>,
    global: Option<Rate>,
) -> AppState {
    let minter = minter.map(|minter| minter as Arc<dyn Minter>);
    let limits = RateLimits::new(per_peer, global);
    AppState::new(minter, COOLDOWN, limits, REQUEST_TIMEOUT)
}

pub fn rate(per_minute: u32, burst: u32) -> Option<Rate> {
    Some(Rate {
        per_minute: NonZeroU32::new(per_minute).expect("not zero"),
        burst: NonZeroU32::new(burst).expect("not zero"),
    })
}

/// Lets the tasks woken so far run (time is paused in the tests that use it).
pub async fn settle() {
    tokio::time::sleep(Duration::from_millis(1)).await;
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Answer {
    pub fn error_code(&self) -> &str {
        self.body["error"].as_str().unwrap_or_default()
    }

    /// The keys of the JSON body, sorted.
    pub fn keys(&self) -> Vec<&str> {
        let mut keys: Vec<&str> = self
            .body
            .as_object()
            .map(|object| object.keys().map(String::as_str).collect())
            .unwrap_or_default();
        keys.sort_unstable();
        keys
    }
}

pub async fn send(app: &Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.expect("infallible");
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("body");
    let body = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| panic!("{status}: not JSON: {}", String::from_utf8_lossy(&bytes)));
    Answer {
        status,
        headers,
        body,
    }
}

pub fn post(content_type: Option<&str>, body: impl Into<Body>) -> Request<Body> {
    let mut request = Request::post("/api/faucet");
    if let Some(content_type) = content_type {
        request = request.header(header::CONTENT_TYPE, content_type);
    }
    request.body(body.into()).expect("request")
}

pub fn post_json(body: &str) -> Request<Body> {
    post(Some("application/json"), body.to_owned())
}

pub async fn request_for(app: &Router, wallet: &Address) -> Answer {
    send(app, wallet_request(wallet)).await
}

/// As the server sees a request from `peer` once served with
/// `into_make_service_with_connect_info`.
pub async fn request_from(app: &Router, peer: &str, wallet: &Address) -> Answer {
    let peer: SocketAddr = peer.parse().expect("a socket address");
    let mut request = wallet_request(wallet);
    request.extensions_mut().insert(ConnectInfo(peer));
    send(app, request).await
}

fn wallet_request(wallet: &Address) -> Request<Body> {
    post_json(&format!(r#"{{"wallet":"{wallet}"}}"#))
}

impl Answer {
    /// `Retry-After`, checked to agree with the body's `retry_after_secs`.
    pub fn retry_after_secs(&self) -> u64 {
        let header: u64 = self.headers[header::RETRY_AFTER]
            .to_str()
            .expect("ascii")
            .parse()
            .expect("whole seconds");
        assert_eq!(self.body["retry_after_secs"], Value::from(header));
        header
    }
}
