//! Shared by the router tests: a fake minter and request helpers.

#![allow(dead_code)] // each test crate uses its own subset

use std::{
    collections::VecDeque,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use axum::{
    Router,
    body::Body,
    http::{HeaderMap, Request, StatusCode, header},
};
use fulltime_faucet::{
    AppState,
    mint::{MintError, MintFuture, Minted, Minter},
};
use serde_json::Value;
use solana_address::Address;
use solana_signature::Signature;
use tower::ServiceExt;

pub const AMOUNT: u64 = 100_000_000;
pub const MINT: Address = Address::new_from_array([7; 32]);
pub const COOLDOWN: Duration = Duration::from_secs(30);
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);

/// Counts its calls, waits `delay` like a real confirmation, and fails with the queued errors
/// before it succeeds.
#[derive(Default)]
pub struct FakeMinter {
    calls: AtomicUsize,
    delay: Duration,
    failures: Mutex<VecDeque<MintError>>,
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
        Arc::new(Self {
            failures: Mutex::new(failures.into_iter().collect()),
            ..Self::default()
        })
    }

    pub fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
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
}

pub fn state(minter: Option<Arc<FakeMinter>>) -> AppState {
    state_with(minter, COOLDOWN, REQUEST_TIMEOUT)
}

pub fn state_with(
    minter: Option<Arc<FakeMinter>>,
    cooldown: Duration,
    request_timeout: Duration,
) -> AppState {
    let minter = minter.map(|minter| minter as Arc<dyn Minter>);
    AppState::new(minter, cooldown, request_timeout)
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
    send(app, post_json(&format!(r#"{{"wallet":"{wallet}"}}"#))).await
}
