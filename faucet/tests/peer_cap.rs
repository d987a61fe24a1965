//! No single peer holds the faucet: the real server over TCP, with one peer address opening
//! more connections than its share and holding each (whole headers, a body that never comes),
//! while another address asks.
//!
//! The body and request timeouts are set far off, so that only the per-address cap can leave
//! room for the other address; without it, every slot stays held for the request timeout.

mod common;

use std::time::Duration;

use common::{server::*, *};
use fulltime_faucet::ConnectionLimits;

/// Longer than any test waits.
const LONG: Duration = Duration::from_secs(120);

fn limits(max_connections_per_peer: usize) -> ConnectionLimits {
    ConnectionLimits {
        header_read_timeout: LONG,
        idle_timeout: LONG,
        body_read_timeout: LONG,
        max_connections_per_peer,
        shutdown_timeout: Duration::from_secs(1),
        ..ConnectionLimits::default()
    }
}

fn minting_body() -> String {
    wallet_body(&new_wallet())
}

/// The attack, past the global cap of 512: 600 connections from one address, each with
/// whole headers and no body.
#[tokio::test]
async fn six_hundred_held_connections_from_one_address_leave_another_served() {
    raise_fd_limit();
    let minter = FakeMinter::new();
    let state = state_with(Some(minter.clone()), COOLDOWN, LONG);
    let server = Server::start(
        state,
        limits(ConnectionLimits::default().max_connections_per_peer),
    )
    .await;
    let holders = clients_from(LOOPBACK, server.address, HEADERS_ONLY, 600).await;

    let answer = ask_from(OTHER_LOOPBACK, server.address, &minting_body()).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(minter.calls(), 1);
    drop(holders);
    server.stop().await;
}

#[tokio::test]
async fn the_connection_past_an_address_cap_is_refused_while_another_address_is_served() {
    let cap = 4;
    let minter = FakeMinter::new();
    let server = Server::start(state(Some(minter.clone())), limits(cap)).await;
    let mut holders = clients_from(LOOPBACK, server.address, HEADERS_ONLY, cap).await;

    let mut refused = connect_from(LOOPBACK, server.address).await;
    let request = faucet_request(&minting_body(), true);
    let answer = tokio::time::timeout(WITHIN, exchange(&mut refused, &request))
        .await
        .expect("refused within the bound");
    assert_eq!(answer.status, 429);
    assert_eq!(answer.error_code(), "too_many_connections");
    assert_eq!(answer.header("retry-after"), Some("1"));
    assert_eq!(answer.body["retry_after_secs"], 1);
    assert_eq!(answer.header("connection"), Some("close"));
    let message = answer.body["message"].as_str().unwrap_or_default();
    assert!(message.contains("at most 4"), "{message}");
    tokio::time::timeout(WITHIN, closed_by_server(&mut refused))
        .await
        .expect("closed after the refusal");
    assert_eq!(minter.calls(), 0);

    let answer = ask_from(OTHER_LOOPBACK, server.address, &minting_body()).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(holders.iter().all(still_open), "a holder was closed");

    // One of the address's connections ends: it may open another. The server sees the close
    // when it next reads, so ask until it has.
    drop(holders.pop());
    let served = tokio::time::timeout(WITHIN, async {
        loop {
            let answer = ask_from(LOOPBACK, server.address, &minting_body()).await;
            if answer.error_code() != "too_many_connections" {
                return answer;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("served once a connection of its own ended");
    assert_eq!(served.status, 200, "{}", served.body);
    assert_eq!(minter.calls(), 2);
    server.stop().await;
}

/// The attack on the cap per address: 16 loopback addresses, each opening its address's
/// 32 connections and holding each, once held all 512 slots, so that the next connection of
/// anyone waited unaccepted. Loopback is one network: past its 128 every connection is answered
/// 429 at once, and that answer is itself the proof that the server had slots left to accept
/// it with.
#[tokio::test]
async fn sixteen_loopback_addresses_cannot_hold_every_slot() {
    raise_fd_limit();
    let minter = FakeMinter::new();
    let defaults = ConnectionLimits::default();
    let server = Server::start(state(Some(minter.clone())), limits(32)).await;
    let mut holders = Vec::new();
    for last in 1..=16 {
        let source = std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, last));
        holders.extend(clients_from(source, server.address, HEADERS_ONLY, 32).await);
    }
    assert_eq!(holders.len(), defaults.max_connections);

    let source = std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 17));
    let answer = ask_from(source, server.address, &minting_body()).await;
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert_eq!(answer.error_code(), "too_many_connections");
    let message = answer.body["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("your network") && message.contains("at most 128"),
        "{message}"
    );
    assert_eq!(minter.calls(), 0);
    drop(holders);
    server.stop().await;
}
