//! Exactly once: a mint whose transaction was sent but not confirmed in time keeps its wallet
//! reserved until the transaction's fate is known, against a fake minter whose chain the test
//! tells, under paused time.

mod common;

use std::time::Duration;

use axum::http::StatusCode;
use common::*;
use fulltime_faucet::{
    app,
    follow::FOLLOW_LIMIT,
    mint::{Fate, MintError},
};
use serde_json::json;
use solana_address::Address;

/// The first mint is sent and not confirmed; it must answer what is known, and reserve.
async fn unconfirmed_mint(minter: &FakeMinter, app: &axum::Router, wallet: &Address) {
    let answer = request_for(app, wallet).await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(answer.error_code(), "mint_unconfirmed");
    assert_eq!(answer.keys(), ["error", "message", "signature"]);
    let signature = sent(9).signature.to_string();
    assert_eq!(answer.body["signature"], json!(signature));
    let message = answer.body["message"].as_str().expect("message");
    assert!(message.contains(&signature), "{message}");
    assert!(message.contains("may still land"), "{message}");
    assert!(!message.contains("nothing was minted"), "{message}");
    settle().await;
    assert_eq!(minter.follows(), 1);
}

/// The wallet is reserved: 429, and the minter is not asked again.
async fn assert_reserved(app: &axum::Router, wallet: &Address) {
    let answer = request_for(app, wallet).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.error_code(), "cooldown");
    assert_eq!(answer.retry_after_secs(), COOLDOWN.as_secs());
    let message = answer.body["message"].as_str().expect("message");
    assert!(message.contains("awaiting confirmation"), "{message}");
}

#[tokio::test(start_paused = true)]
async fn an_unconfirmed_mint_reserves_the_wallet_until_confirmed_then_cools_down() {
    let minter = FakeMinter::failing_first([MintError::Unconfirmed(sent(9))]);
    let app = app(state(Some(minter.clone())));
    let wallet = new_wallet();
    unconfirmed_mint(&minter, &app, &wallet).await;

    // Longer than any cooldown, shorter than the follow limit: still reserved.
    tokio::time::advance(Duration::from_secs(90)).await;
    assert_reserved(&app, &wallet).await;

    minter.report(Fate::Confirmed);
    settle().await;
    let answer = request_for(&app, &wallet).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.retry_after_secs(), COOLDOWN.as_secs());
    let message = answer.body["message"].as_str().expect("message");
    assert!(message.contains("recently"), "{message}");

    tokio::time::advance(COOLDOWN).await;
    assert_eq!(request_for(&app, &wallet).await.status, StatusCode::OK);
    assert_eq!(minter.calls(), 2);
}

#[tokio::test(start_paused = true)]
async fn an_unconfirmed_mint_that_expires_or_fails_frees_the_wallet() {
    for fate in [
        Fate::Expired,
        Fate::Failed("InsufficientFundsForFee".into()),
    ] {
        let minter = FakeMinter::failing_first([MintError::Unconfirmed(sent(9))]);
        let state = state(Some(minter.clone()));
        let app = app(state.clone());
        let wallet = new_wallet();
        unconfirmed_mint(&minter, &app, &wallet).await;
        assert_reserved(&app, &wallet).await;

        minter.report(fate.clone());
        settle().await;
        assert_eq!(state.cooldowns.tracked_wallets(), 0, "{fate:?}");
        assert_eq!(request_for(&app, &wallet).await.status, StatusCode::OK);
        assert_eq!(minter.calls(), 2);
    }
}

#[tokio::test(start_paused = true)]
async fn a_fate_unknown_past_the_follow_limit_counts_as_minted() {
    let minter = FakeMinter::failing_first([MintError::Unconfirmed(sent(9))]);
    let app = app(state(Some(minter.clone())));
    let wallet = new_wallet();
    unconfirmed_mint(&minter, &app, &wallet).await;

    tokio::time::advance(FOLLOW_LIMIT - Duration::from_secs(1)).await;
    assert_reserved(&app, &wallet).await;

    tokio::time::advance(Duration::from_secs(1)).await;
    settle().await;
    let answer = request_for(&app, &wallet).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    let message = answer.body["message"].as_str().expect("message");
    assert!(message.contains("recently"), "{message}");

    tokio::time::advance(COOLDOWN).await;
    assert_eq!(request_for(&app, &wallet).await.status, StatusCode::OK);
}

#[tokio::test(start_paused = true)]
async fn an_unconfirmed_mint_past_the_request_timeout_is_still_followed() {
    let minter =
        FakeMinter::slow_failing_first(Duration::from_secs(5), [MintError::Unconfirmed(sent(9))]);
    let app = app(state_with(
        Some(minter.clone()),
        COOLDOWN,
        Duration::from_secs(1),
    ));
    let wallet = new_wallet();
    let answer = request_for(&app, &wallet).await;
    assert_eq!(answer.status, StatusCode::REQUEST_TIMEOUT);

    // The client is gone; the mint went on, was sent, and is followed.
    tokio::time::sleep(Duration::from_secs(10)).await;
    assert_eq!(minter.follows(), 1);
    assert_reserved(&app, &wallet).await;
    minter.report(Fate::Expired);
    settle().await;
    assert_eq!(
        request_for(&app, &wallet).await.status,
        StatusCode::REQUEST_TIMEOUT
    );
    assert_eq!(minter.calls(), 2);
}
