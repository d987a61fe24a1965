//! The router against a fake minter: every status, every bad input, the rule order, the
//! cooldown under concurrency and over time.

mod common;

use std::time::Duration;

use axum::{
    body::Body,
    http::{Request, StatusCode, header},
};
use common::*;
use fulltime_faucet::{app, mint::MintError};
use serde_json::json;
use solana_address::Address;
use tokio::task::JoinSet;

#[tokio::test]
async fn mints_and_answers_signature_amount_and_mint() {
    let minter = FakeMinter::new();
    let app = app(state(Some(minter.clone())));
    let answer = request_for(&app, &new_wallet()).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.keys(), ["amount", "mint", "signature"]);
    assert_eq!(answer.body["amount"], json!(AMOUNT));
    assert_eq!(answer.body["mint"], json!(MINT.to_string()));
    let signature = answer.body["signature"].as_str().expect("signature");
    assert!(signature.parse::<solana_signature::Signature>().is_ok());
    assert_eq!(minter.calls(), 1);
}

#[tokio::test]
async fn json_with_a_charset_is_json() {
    let app = app(state(Some(FakeMinter::new())));
    let body = json!({ "wallet": new_wallet().to_string() }).to_string();
    let answer = send(&app, post(Some("application/json; charset=utf-8"), body)).await;
    assert_eq!(answer.status, StatusCode::OK);
}

/// Each case: content type, body, expected machine code.
fn bad_requests() -> Vec<(Option<&'static str>, String, &'static str)> {
    let valid = json!({ "wallet": new_wallet().to_string() }).to_string();
    let json = Some("application/json");
    // Leading `1`s are zero bytes in base58: 31 and 33 of them are valid base58, wrong length.
    let short = "1".repeat(31);
    let long = "1".repeat(33);
    vec![
        (None, valid.clone(), "invalid_request"),
        (Some("text/plain"), valid.clone(), "invalid_request"),
        (
            Some("application/x-www-form-urlencoded"),
            "wallet=x".into(),
            "invalid_request",
        ),
        (json, String::new(), "invalid_request"),
        (json, r#"{"wallet":"#.into(), "invalid_request"),
        (json, "{'wallet': 'x'}".into(), "invalid_request"),
        (json, format!("{valid} trailing"), "invalid_request"),
        (json, "null".into(), "invalid_request"),
        (json, "42".into(), "invalid_request"),
        (json, r#""wallet""#.into(), "invalid_request"),
        (json, "[]".into(), "invalid_request"),
        // serde would read a one-element array as the struct's one field: refused.
        (
            json,
            json!([new_wallet().to_string()]).to_string(),
            "invalid_request",
        ),
        (json, "{}".into(), "invalid_wallet"),
        (json, r#"{"address":"x"}"#.into(), "invalid_wallet"),
        (json, r#"{"wallet":null}"#.into(), "invalid_wallet"),
        (json, r#"{"wallet":42}"#.into(), "invalid_wallet"),
        (json, r#"{"wallet":true}"#.into(), "invalid_wallet"),
        (json, r#"{"wallet":{}}"#.into(), "invalid_wallet"),
        (json, r#"{"wallet":["x"]}"#.into(), "invalid_wallet"),
        (json, r#"{"wallet":""}"#.into(), "invalid_wallet"),
        (json, r#"{"wallet":" "}"#.into(), "invalid_wallet"),
        (json, r#"{"wallet":"0OIl0OIl"}"#.into(), "invalid_wallet"),
        (json, format!(r#"{{"wallet":"{short}"}}"#), "invalid_wallet"),
        (json, format!(r#"{{"wallet":"{long}"}}"#), "invalid_wallet"),
        (
            json,
            format!(r#"{{"wallet":"{}"}}"#, "z".repeat(44)),
            "invalid_wallet",
        ),
        (
            json,
            format!(r#"{{"wallet":" {} "}}"#, new_wallet()),
            "invalid_wallet",
        ),
        (
            json,
            json!({ "wallet": program_derived().to_string() }).to_string(),
            "invalid_wallet",
        ),
    ]
}

/// An address off the Ed25519 curve, which no key can sign for.
fn program_derived() -> Address {
    Address::find_program_address(&[b"vault"], &new_wallet()).0
}

#[tokio::test]
async fn every_request_without_a_valid_wallet_is_400_and_mints_nothing() {
    let minter = FakeMinter::new();
    let state = state(Some(minter.clone()));
    let app = app(state.clone());
    for (content_type, body, code) in bad_requests() {
        let answer = send(&app, post(content_type, body.clone())).await;
        let case = format!("{content_type:?} {body:?}: {}", answer.body);
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{case}");
        assert_eq!(answer.error_code(), code, "{case}");
        assert_eq!(answer.keys(), ["error", "message"], "{case}");
        assert!(
            answer.body["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty())
        );
    }
    assert_eq!(minter.calls(), 0);
    assert_eq!(state.cooldowns.tracked_wallets(), 0);
}

#[tokio::test]
async fn a_bad_wallet_is_400_before_the_missing_authority_503() {
    let app = app(state(None));
    for (content_type, body, code) in bad_requests() {
        let answer = send(&app, post(content_type, body.clone())).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(answer.error_code(), code, "{body}");
    }
}

#[tokio::test]
async fn an_address_off_the_curve_is_400_and_says_why() {
    let minter = FakeMinter::new();
    let state = state(Some(minter.clone()));
    let app = app(state.clone());
    let answer = request_for(&app, &program_derived()).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(answer.error_code(), "invalid_wallet");
    assert_eq!(
        answer.body["message"],
        json!(
            "wallet is not on the Ed25519 curve: no key can sign for it (a program-derived address?)"
        )
    );
    assert_eq!(minter.calls(), 0);
    assert_eq!(state.cooldowns.tracked_wallets(), 0);
}

#[tokio::test]
async fn without_a_mint_authority_it_answers_503_and_never_429() {
    let state = state(None);
    let app = app(state.clone());
    let wallet = new_wallet();
    for _ in 0..3 {
        let answer = request_for(&app, &wallet).await;
        assert_eq!(answer.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(answer.error_code(), "not_configured");
        assert_eq!(answer.keys(), ["error", "message"]);
    }
    assert_eq!(state.cooldowns.tracked_wallets(), 0);
}

#[tokio::test]
async fn a_second_request_within_the_cooldown_is_429_with_retry_after() {
    let minter = FakeMinter::new();
    let app = app(state(Some(minter.clone())));
    let wallet = new_wallet();
    assert_eq!(request_for(&app, &wallet).await.status, StatusCode::OK);

    let answer = request_for(&app, &wallet).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.error_code(), "cooldown");
    assert_eq!(answer.keys(), ["error", "message", "retry_after_secs"]);
    let retry_after = answer.retry_after_secs();
    assert!((1..=30).contains(&retry_after), "{retry_after}");
    assert_eq!(minter.calls(), 1);
}

#[tokio::test]
async fn the_cooldown_is_per_wallet() {
    let minter = FakeMinter::new();
    let app = app(state(Some(minter.clone())));
    let first = new_wallet();
    assert_eq!(request_for(&app, &first).await.status, StatusCode::OK);
    assert_eq!(
        request_for(&app, &new_wallet()).await.status,
        StatusCode::OK
    );
    assert_eq!(
        request_for(&app, &first).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(minter.calls(), 2);
}

#[tokio::test]
async fn a_bad_body_is_400_even_for_a_wallet_in_cooldown() {
    let app = app(state(Some(FakeMinter::new())));
    let wallet = new_wallet();
    assert_eq!(request_for(&app, &wallet).await.status, StatusCode::OK);
    let body = format!(r#"{{"wallet":"{wallet}""#);
    let answer = send(&app, post_json(&body)).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    let answer = send(
        &app,
        post(Some("text/plain"), format!(r#"{{"wallet":"{wallet}"}}"#)),
    )
    .await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
}

/// Failures that leave nothing minted and nothing that could still land.
fn known_failures() -> Vec<MintError> {
    vec![
        MintError::Instruction("SECRET cause".into()),
        MintError::Timeout(Duration::from_secs(20)),
        MintError::Failed {
            signature: sent(1).signature,
            reason: "SECRET cause".into(),
        },
        MintError::Expired {
            signature: sent(2).signature,
        },
    ]
}

#[tokio::test]
async fn a_failed_mint_is_500_and_the_wallet_may_retry_at_once() {
    for failure in known_failures() {
        let case = failure.to_string();
        let minter = FakeMinter::failing_first([failure]);
        let state = state(Some(minter.clone()));
        let app = app(state.clone());
        let wallet = new_wallet();

        let answer = request_for(&app, &wallet).await;
        assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR, "{case}");
        assert_eq!(answer.error_code(), "mint_failed", "{case}");
        assert_eq!(answer.keys(), ["error", "message"], "{case}");
        let message = answer.body["message"].as_str().expect("message");
        assert!(message.contains("nothing was minted"), "{case}: {message}");
        assert!(
            !answer.body.to_string().contains("SECRET"),
            "{}",
            answer.body
        );
        assert_eq!(state.cooldowns.tracked_wallets(), 0, "{case}");

        assert_eq!(request_for(&app, &wallet).await.status, StatusCode::OK);
        assert_eq!(minter.calls(), 2);
        assert_eq!(minter.follows(), 0);
    }
}

#[tokio::test]
async fn a_wallet_in_cooldown_is_429_without_asking_the_minter() {
    let minter = FakeMinter::new();
    let app = app(state(Some(minter.clone())));
    let wallet = new_wallet();
    request_for(&app, &wallet).await;
    for _ in 0..5 {
        request_for(&app, &wallet).await;
    }
    assert_eq!(minter.calls(), 1);
}

#[tokio::test]
async fn a_mainnet_rpc_is_a_500_that_says_so() {
    let minter = FakeMinter::failing_first([MintError::Mainnet]);
    let app = app(state(Some(minter)));
    let answer = request_for(&app, &new_wallet()).await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(answer.error_code(), "mainnet_refused");
    let message = answer.body["message"].as_str().expect("message");
    assert!(
        message.contains("devnet") && message.contains("mainnet"),
        "{message}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_concurrent_requests_for_one_wallet_mint_once() {
    let minter = FakeMinter::slow(Duration::from_millis(200));
    let app = app(state(Some(minter.clone())));
    let wallet = new_wallet();
    let mut requests = JoinSet::new();
    for _ in 0..20 {
        let app = app.clone();
        requests.spawn(async move { request_for(&app, &wallet).await });
    }
    let answers = requests.join_all().await;
    let count = |status| answers.iter().filter(|a| a.status == status).count();
    assert_eq!(count(StatusCode::OK), 1);
    assert_eq!(count(StatusCode::TOO_MANY_REQUESTS), 19);
    assert_eq!(minter.calls(), 1);
    for answer in answers
        .iter()
        .filter(|a| a.status == StatusCode::TOO_MANY_REQUESTS)
    {
        assert!(answer.headers.contains_key(header::RETRY_AFTER));
    }
}

#[tokio::test(start_paused = true)]
async fn a_wallet_being_minted_to_waits_a_whole_cooldown() {
    let minter = FakeMinter::slow(Duration::from_secs(5));
    let app = app(state(Some(minter)));
    let wallet = new_wallet();
    let first = tokio::spawn({
        let app = app.clone();
        async move { request_for(&app, &wallet).await }
    });
    tokio::time::sleep(Duration::from_secs(1)).await;
    let answer = request_for(&app, &wallet).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.body["retry_after_secs"], json!(COOLDOWN.as_secs()));
    assert_eq!(first.await.expect("first").status, StatusCode::OK);
}

#[tokio::test(start_paused = true)]
async fn the_cooldown_expires() {
    let minter = FakeMinter::new();
    let app = app(state(Some(minter.clone())));
    let wallet = new_wallet();
    assert_eq!(request_for(&app, &wallet).await.status, StatusCode::OK);

    tokio::time::advance(COOLDOWN - Duration::from_secs(1)).await;
    let answer = request_for(&app, &wallet).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.body["retry_after_secs"], json!(1));
    assert_eq!(answer.headers[header::RETRY_AFTER], "1");

    tokio::time::advance(Duration::from_secs(1)).await;
    assert_eq!(request_for(&app, &wallet).await.status, StatusCode::OK);
    assert_eq!(minter.calls(), 2);
}

#[tokio::test(start_paused = true)]
async fn expired_cooldowns_are_pruned() {
    let state = state(Some(FakeMinter::new()));
    let app = app(state.clone());
    for _ in 0..50 {
        request_for(&app, &new_wallet()).await;
    }
    assert_eq!(state.cooldowns.tracked_wallets(), 50);
    tokio::time::advance(COOLDOWN).await;
    request_for(&app, &new_wallet()).await;
    assert_eq!(state.cooldowns.tracked_wallets(), 1);
}

#[tokio::test(start_paused = true)]
async fn a_request_past_its_timeout_is_408_and_the_mint_still_decides_the_cooldown() {
    let minter = FakeMinter::slow(Duration::from_secs(5));
    let app = app(state_with(
        Some(minter.clone()),
        COOLDOWN,
        Duration::from_secs(1),
    ));
    let wallet = new_wallet();
    let answer = request_for(&app, &wallet).await;
    assert_eq!(answer.status, StatusCode::REQUEST_TIMEOUT);
    assert_eq!(answer.error_code(), "request_timeout");

    // The mint went on and succeeded: the wallet is cooling down, not minted twice.
    tokio::time::sleep(Duration::from_secs(10)).await;
    assert_eq!(
        request_for(&app, &wallet).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(minter.calls(), 1);
}

#[tokio::test]
async fn a_body_over_the_limit_is_413_in_the_same_shape() {
    let minter = FakeMinter::new();
    let app = app(state(Some(minter.clone())));
    let padding = " ".repeat(fulltime_faucet::extract::BODY_LIMIT_BYTES);
    let body = format!(r#"{{"wallet":"{}"{padding}}}"#, new_wallet());
    let answer = send(&app, post_json(&body)).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer.error_code(), "body_too_large");
    assert_eq!(minter.calls(), 0);
}

#[tokio::test]
async fn other_paths_and_methods_answer_in_the_same_shape() {
    let app = app(state(Some(FakeMinter::new())));
    let get = Request::get("/api/faucet")
        .body(Body::empty())
        .expect("request");
    let answer = send(&app, get).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.error_code(), "method_not_allowed");

    let other = Request::post("/api/other")
        .body(Body::empty())
        .expect("request");
    let answer = send(&app, other).await;
    assert_eq!(answer.status, StatusCode::NOT_FOUND);
    assert_eq!(answer.error_code(), "not_found");
}
