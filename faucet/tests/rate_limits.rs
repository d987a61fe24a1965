//! Not drainable: the per-peer and global token buckets in front of the mint, their place in
//! the rule order, and their refill, against a fake minter under paused time.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use common::*;
use fulltime_faucet::app;

const PEER: &str = "192.0.2.1:40000";
const OTHER_PEER: &str = "198.51.100.7:40000";

/// A 429 from a bucket: its code, `Retry-After`, and the contract's shape.
fn assert_limited(answer: &Answer, code: &str, retry_after_secs: u64) {
    assert_eq!(
        answer.status,
        StatusCode::TOO_MANY_REQUESTS,
        "{}",
        answer.body
    );
    assert_eq!(answer.error_code(), code);
    assert_eq!(answer.keys(), ["error", "message", "retry_after_secs"]);
    assert_eq!(answer.retry_after_secs(), retry_after_secs);
}

#[tokio::test(start_paused = true)]
async fn a_peer_past_its_burst_is_429_until_its_bucket_refills() {
    // 10 a minute: a token every 6 s.
    let minter = FakeMinter::new();
    let app = app(limited_state(Some(minter.clone()), rate(10, 2), None));
    for _ in 0..2 {
        let answer = request_from(&app, PEER, &new_wallet()).await;
        assert_eq!(answer.status, StatusCode::OK);
    }
    let answer = request_from(&app, PEER, &new_wallet()).await;
    assert_limited(&answer, "rate_limited_client", 6);

    // Another peer has a bucket of its own.
    let answer = request_from(&app, OTHER_PEER, &new_wallet()).await;
    assert_eq!(answer.status, StatusCode::OK);

    tokio::time::advance(Duration::from_secs(5)).await;
    let answer = request_from(&app, PEER, &new_wallet()).await;
    assert_limited(&answer, "rate_limited_client", 1);
    tokio::time::advance(Duration::from_secs(1)).await;
    let answer = request_from(&app, PEER, &new_wallet()).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(minter.calls(), 4);
}

#[tokio::test(start_paused = true)]
async fn the_global_bucket_refuses_every_peer() {
    // 60 a minute: a token every second.
    let minter = FakeMinter::new();
    let app = app(limited_state(
        Some(minter.clone()),
        rate(10, 5),
        rate(60, 2),
    ));
    let peers = [
        "192.0.2.1:1",
        "192.0.2.2:1",
        "192.0.2.3:1",
        "[2001:db8::1]:1",
    ];
    for peer in &peers[..2] {
        let answer = request_from(&app, peer, &new_wallet()).await;
        assert_eq!(answer.status, StatusCode::OK);
    }
    for peer in &peers[2..] {
        let answer = request_from(&app, peer, &new_wallet()).await;
        assert_limited(&answer, "rate_limited_global", 1);
    }
    tokio::time::advance(Duration::from_secs(1)).await;
    let answer = request_from(&app, peers[3], &new_wallet()).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(minter.calls(), 3);
}

#[tokio::test(start_paused = true)]
async fn a_refused_request_reserves_no_wallet() {
    let minter = FakeMinter::new();
    let state = limited_state(Some(minter.clone()), rate(10, 1), None);
    let app = app(state.clone());
    request_from(&app, PEER, &new_wallet()).await;
    let wallet = new_wallet();
    let answer = request_from(&app, PEER, &wallet).await;
    assert_eq!(answer.error_code(), "rate_limited_client");
    assert_eq!(state.cooldowns.tracked_wallets(), 1);
    // The same wallet from elsewhere is minted to, not told it is cooling down.
    let answer = request_from(&app, OTHER_PEER, &wallet).await;
    assert_eq!(answer.status, StatusCode::OK);
}

#[tokio::test(start_paused = true)]
async fn a_wallet_in_cooldown_spends_no_tokens() {
    let minter = FakeMinter::new();
    let app = app(limited_state(
        Some(minter.clone()),
        rate(10, 2),
        rate(60, 2),
    ));
    let wallet = new_wallet();
    assert_eq!(
        request_from(&app, PEER, &wallet).await.status,
        StatusCode::OK
    );
    for _ in 0..10 {
        let answer = request_from(&app, PEER, &wallet).await;
        assert_eq!(answer.error_code(), "cooldown");
    }
    let answer = request_from(&app, PEER, &new_wallet()).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(minter.calls(), 2);
}

#[tokio::test(start_paused = true)]
async fn bad_requests_and_a_missing_authority_come_before_the_buckets() {
    let app = app(limited_state(None, rate(10, 1), rate(60, 1)));
    for _ in 0..3 {
        let answer = send(&app, post_json(r#"{"wallet":"not-an-address"}"#)).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST);
        let answer = request_from(&app, PEER, &new_wallet()).await;
        assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
    }
}

#[tokio::test(start_paused = true)]
async fn requests_without_a_known_peer_share_one_bucket() {
    let app = app(limited_state(Some(FakeMinter::new()), rate(10, 1), None));
    assert_eq!(
        request_for(&app, &new_wallet()).await.status,
        StatusCode::OK
    );
    let answer = request_for(&app, &new_wallet()).await;
    assert_limited(&answer, "rate_limited_client", 6);
}

#[tokio::test(start_paused = true)]
async fn one_ipv6_network_is_one_peer() {
    let app = app(limited_state(Some(FakeMinter::new()), rate(10, 1), None));
    let answer = request_from(&app, "[2001:db8:1:2::1]:1", &new_wallet()).await;
    assert_eq!(answer.status, StatusCode::OK);
    let answer = request_from(&app, "[2001:db8:1:2::ffff]:1", &new_wallet()).await;
    assert_eq!(answer.error_code(), "rate_limited_client");
    let answer = request_from(&app, "[2001:db8:1:3::1]:1", &new_wallet()).await;
    assert_eq!(answer.status, StatusCode::OK);
}
