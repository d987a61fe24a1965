//! Slow and silent clients cannot hold the faucet: the real server over TCP, with clients that
//! send half a request, trickle their headers, hold back their body, go quiet between requests,
//! or fill every connection slot, and a shutdown that ends on time whatever they do.

mod common;

use std::time::Duration;

use common::{server::*, *};
use fulltime_faucet::ConnectionLimits;
use tokio::{io::AsyncWriteExt, net::TcpStream, task::JoinSet};

const SLOW_CLIENTS: usize = 300;

/// Longer than any test waits: what closes a connection in a test is the limit it is about.
const LONG: Duration = Duration::from_secs(120);

/// With no deadline on bodies and every slot open to one address, the loopback all these
/// clients come from.
fn limits(
    header_read_timeout: Duration,
    idle_timeout: Duration,
    max_connections: usize,
) -> ConnectionLimits {
    ConnectionLimits {
        header_read_timeout,
        idle_timeout,
        body_read_timeout: LONG,
        max_connections,
        max_connections_per_peer: max_connections,
        max_connections_per_network: max_connections,
        shutdown_timeout: Duration::from_secs(1),
    }
}

/// A request with a valid wallet, which a server without a mint authority answers 503.
fn minting_body() -> String {
    wallet_body(&new_wallet())
}

async fn assert_all_closed_within(clients: Vec<TcpStream>, within: Duration) {
    let mut closing = JoinSet::new();
    for mut client in clients {
        closing.spawn(async move { closed_by_server(&mut client).await });
    }
    tokio::time::timeout(within, closing.join_all())
        .await
        .expect("every connection closed by the server within the bound");
}

#[tokio::test]
async fn half_sent_requests_do_not_hold_up_others() {
    raise_fd_limit();
    let server = Server::start(state(None), limits(LONG, LONG, 512)).await;
    let clients = slow_clients(server.address, SLOW_CLIENTS).await;

    let answer = ask(server.address, r#"{"wallet":"not-an-address"}"#).await;
    assert_eq!(answer.status, 400);
    assert_eq!(answer.error_code(), "invalid_wallet");
    let answer = ask(server.address, &minting_body()).await;
    assert_eq!(answer.status, 503);
    assert_eq!(answer.error_code(), "not_configured");

    // Answered while every slow client still holds its connection.
    assert!(clients.iter().all(still_open));
    server.stop().await;
}

/// The issue's rule, at the settings the `faucet` binary starts with.
#[tokio::test]
async fn at_the_defaults_half_sent_requests_are_closed_within_45_s() {
    raise_fd_limit();
    let server = Server::start(state(None), ConnectionLimits::default()).await;
    let clients = slow_clients(server.address, SLOW_CLIENTS).await;

    // From another address: past its 32 connections, this one's are refused.
    let answer = ask_from(OTHER_LOOPBACK, server.address, &minting_body()).await;
    assert_eq!(answer.status, 503);

    assert_all_closed_within(clients, Duration::from_secs(45)).await;
    server.stop().await;
}

#[tokio::test]
async fn headers_trickled_in_are_cut_at_the_header_read_timeout() {
    let server = Server::start(state(None), limits(Duration::from_secs(1), LONG, 16)).await;
    let mut client = connect(server.address).await;
    client.write_all(HALF_REQUEST).await.expect("send half");
    // A byte every 100 ms keeps the connection from being idle; only the header clock ends it.
    let trickle = async {
        loop {
            if client.write_all(b"x").await.is_err() || !still_open(&client) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    tokio::time::timeout(WITHIN, trickle)
        .await
        .expect("cut by the header-read timeout");
    server.stop().await;
}

/// The headers are complete, so the header-read timeout is over; the request is in flight, so
/// the connection is not idle. Only the body's deadline ends it, well before the request
/// timeout (a minute here).
#[tokio::test]
async fn a_body_that_does_not_come_in_time_is_408_and_closed() {
    let minter = FakeMinter::new();
    let limits = ConnectionLimits {
        body_read_timeout: Duration::from_secs(1),
        ..limits(LONG, LONG, 16)
    };
    let server = Server::start(state(Some(minter.clone())), limits).await;
    let half_body = [HEADERS_ONLY, br#"{"wallet":"#].concat();
    for sent in [HEADERS_ONLY, &half_body] {
        let mut client = connect(server.address).await;
        let answer = tokio::time::timeout(WITHIN, exchange(&mut client, sent))
            .await
            .expect("answered within the bound");
        assert_eq!(answer.status, 408);
        assert_eq!(answer.error_code(), "body_timeout");
        assert_eq!(answer.header("connection"), Some("close"));
        assert_all_closed_within(vec![client], WITHIN).await;
    }

    // A body trickled in, a byte every 100 ms, is cut at the same deadline: it bounds the
    // whole body, not the wait for each byte.
    let mut client = connect(server.address).await;
    client
        .write_all(HEADERS_ONLY)
        .await
        .expect("send the headers");
    let (mut answers, mut body) = client.into_split();
    // The 60 bytes the headers announce would be whole after 6 s: a deadline on each byte
    // would let them in (and answer 400, spaces being no JSON).
    let trickle = tokio::spawn(async move {
        for _ in 0..60 {
            if body.write_all(b" ").await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    });
    let answer = tokio::time::timeout(WITHIN, read_answer(&mut answers))
        .await
        .expect("answered within the bound");
    assert_eq!(answer.status, 408);
    assert_eq!(answer.error_code(), "body_timeout");
    trickle.abort();

    assert_eq!(minter.calls(), 0);
    let answer = ask(server.address, &minting_body()).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    server.stop().await;
}

#[tokio::test]
async fn a_silent_keep_alive_connection_is_closed_after_the_idle_timeout() {
    let server = Server::start(state(None), limits(LONG, Duration::from_secs(1), 16)).await;
    let mut client = connect(server.address).await;
    for _ in 0..2 {
        let answer = exchange(&mut client, &faucet_request(&minting_body(), true)).await;
        assert_eq!(answer.status, 503);
    }
    assert_all_closed_within(vec![client], WITHIN).await;

    // A connection that never sends a byte is idle too.
    let silent = connect(server.address).await;
    assert_all_closed_within(vec![silent], WITHIN).await;
    server.stop().await;
}

#[tokio::test]
async fn a_request_slower_than_the_idle_timeout_is_answered() {
    let minter = FakeMinter::slow(Duration::from_secs(3));
    let server = Server::start(
        state(Some(minter.clone())),
        limits(LONG, Duration::from_secs(1), 16),
    )
    .await;
    let answer = ask(server.address, &minting_body()).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(minter.calls(), 1);
    server.stop().await;
}

#[tokio::test]
async fn past_the_connection_cap_a_connection_waits_until_a_slot_frees() {
    let server = Server::start(state(None), limits(LONG, LONG, 2)).await;
    let mut holders = slow_clients(server.address, 2).await;

    // The kernel takes the connection, the faucet does not accept it: no answer meanwhile.
    let mut waiting = connect(server.address).await;
    let request = faucet_request(&minting_body(), false);
    waiting.write_all(&request).await.expect("send");
    let early = tokio::time::timeout(Duration::from_secs(1), read_answer(&mut waiting)).await;
    assert!(early.is_err(), "answered past the connection cap");

    // A slot frees: the waiting connection is accepted and answered, and so are new ones.
    drop(holders.pop());
    let answer = tokio::time::timeout(WITHIN, read_answer(&mut waiting))
        .await
        .expect("answered once a slot is free");
    assert_eq!(answer.status, 503);
    let answer = ask(server.address, &minting_body()).await;
    assert_eq!(answer.status, 503);
    assert!(holders.iter().all(still_open));
    server.stop().await;
}

#[tokio::test]
async fn shutdown_answers_the_request_in_flight_and_ends_by_its_deadline() {
    raise_fd_limit();
    let minter = FakeMinter::slow(Duration::from_secs(1));
    let shutdown_timeout = Duration::from_secs(5);
    let limits = ConnectionLimits {
        shutdown_timeout,
        ..limits(LONG, LONG, 512)
    };
    let server = Server::start(state(Some(minter.clone())), limits).await;
    let address = server.address;
    let clients = slow_clients(address, 50).await;

    let in_flight = tokio::spawn(async move { ask(address, &minting_body()).await });
    tokio::time::timeout(WITHIN, async {
        while minter.calls() == 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    })
    .await
    .expect("the request reaches the minter");

    let served = server.signal_shutdown();
    let answer = in_flight.await.expect("the request's task");
    assert_eq!(answer.status, 200, "{}", answer.body);

    // The slow clients would hold their connections for minutes; the deadline ends them.
    tokio::time::timeout(shutdown_timeout + WITHIN, served)
        .await
        .expect("serve returns by the shutdown deadline")
        .expect("served");
    assert!(
        TcpStream::connect(address).await.is_err(),
        "still accepting"
    );
    assert_all_closed_within(clients, WITHIN).await;
}
