//! The faucet as clients meet it: the real server over TCP, its rules and limits in its
//! answers, and the peer address the rate limit keys on.

mod common;

use common::{server::*, *};
use fulltime_faucet::{ConnectionLimits, extract::BODY_LIMIT_BYTES, serve::MAX_BUFFER_BYTES};
use solana_address::Address;

#[tokio::test]
async fn an_address_off_the_curve_is_400_before_the_missing_authority_503() {
    let server = Server::start(state(None), ConnectionLimits::default()).await;
    let (derived, _bump) = Address::find_program_address(&[b"vault"], &new_wallet());
    let answer = ask(server.address, &wallet_body(&derived)).await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer.error_code(), "invalid_wallet");
    let message = answer.body["message"].as_str().unwrap_or_default();
    assert!(message.contains("not on the Ed25519 curve"), "{message}");

    let answer = ask(server.address, &wallet_body(&new_wallet())).await;
    assert_eq!(answer.status, 503);
    server.stop().await;
}

#[tokio::test]
async fn an_address_off_the_curve_is_never_minted_to() {
    let minter = FakeMinter::new();
    let server = Server::start(state(Some(minter.clone())), ConnectionLimits::default()).await;
    let (derived, _bump) = Address::find_program_address(&[b"vault"], &new_wallet());
    let answer = ask(server.address, &wallet_body(&derived)).await;
    assert_eq!(answer.status, 400);
    let answer = ask(server.address, &wallet_body(&new_wallet())).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(minter.calls(), 1);
    server.stop().await;
}

#[tokio::test]
async fn the_per_peer_rate_limit_keys_on_the_peer_address() {
    let minter = FakeMinter::new();
    let state = limited_state(Some(minter.clone()), rate(10, 1), None);
    let server = Server::start(state, ConnectionLimits::default()).await;
    let mint_from =
        async |source| ask_from(source, server.address, &wallet_body(&new_wallet())).await;

    assert_eq!(mint_from(LOOPBACK).await.status, 200);
    let answer = mint_from(LOOPBACK).await;
    assert_eq!(answer.status, 429);
    assert_eq!(answer.error_code(), "rate_limited_client");
    // Another peer has a bucket of its own: the server passed each request its peer.
    assert_eq!(mint_from(OTHER_LOOPBACK).await.status, 200);
    assert_eq!(minter.calls(), 2);
    server.stop().await;
}

#[tokio::test]
async fn a_body_over_the_limit_is_413() {
    let minter = FakeMinter::new();
    let server = Server::start(state(Some(minter.clone())), ConnectionLimits::default()).await;
    let padding = " ".repeat(BODY_LIMIT_BYTES);
    let body = format!(r#"{{"wallet":"{}"{padding}}}"#, new_wallet());
    let answer = ask(server.address, &body).await;
    assert_eq!(answer.status, 413);
    assert_eq!(answer.error_code(), "body_too_large");
    assert_eq!(minter.calls(), 0);
    server.stop().await;
}

#[tokio::test]
async fn headers_over_the_buffer_bound_are_431() {
    let server = Server::start(state(None), ConnectionLimits::default()).await;
    let mut stream = connect(server.address).await;
    let request = format!(
        "POST /api/faucet HTTP/1.1\r\nHost: faucet\r\nX-Padding: {}\r\n\r\n",
        "a".repeat(MAX_BUFFER_BYTES)
    );
    let answer = tokio::time::timeout(WITHIN, exchange(&mut stream, request.as_bytes()))
        .await
        .expect("an answer within the bound");
    assert_eq!(answer.status, 431);
    server.stop().await;
}
