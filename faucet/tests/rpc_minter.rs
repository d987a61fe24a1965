//! The real RPC minter behind the router, against RPC nodes that fail: refusing connections,
//! never answering, down at start-up, and mainnet-beta.

mod common;

use std::{
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use axum::{Json, Router, extract::State, http::StatusCode, routing::post};
use common::*;
use fulltime_faucet::{
    AppState, app,
    mint::Minter,
    rpc_minter::{MAINNET_BETA_GENESIS_HASH, MintSettings, RpcMinter},
};
use serde_json::{Value, json};
use solana_address::Address;
use solana_keypair::Keypair;
use tokio::net::TcpListener;

const MINT_TIMEOUT: Duration = Duration::from_secs(1);
/// Generous: the point is that an answer comes, not how fast.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

fn faucet_for(rpc_url: String) -> Router {
    let minter = RpcMinter::new(MintSettings {
        rpc_url,
        mint: Address::new_unique(),
        authority: Keypair::new(),
        amount: AMOUNT,
        timeout: MINT_TIMEOUT,
    });
    let minter: Arc<dyn Minter> = Arc::new(minter);
    app(AppState::new(Some(minter), COOLDOWN, REQUEST_TIMEOUT))
}

async fn bounded_request(app: &Router, wallet: &Address) -> Answer {
    tokio::time::timeout(ANSWER_WITHIN, request_for(app, wallet))
        .await
        .expect("an answer within the bound")
}

async fn free_port() -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    listener.local_addr().expect("address")
}

#[tokio::test]
async fn a_refused_connection_is_500_and_the_wallet_may_retry() {
    let app = faucet_for("http://127.0.0.1:1".into());
    let wallet = Address::new_unique();
    for _ in 0..2 {
        let answer = bounded_request(&app, &wallet).await;
        assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(answer.error_code(), "mint_failed");
        assert!(
            !answer.body.to_string().contains("127.0.0.1"),
            "{}",
            answer.body
        );
    }
}

#[tokio::test]
async fn a_node_that_never_answers_is_500_within_the_mint_timeout() {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let address = listener.local_addr().expect("address");
    // Accepts connections and holds them open without a byte of answer.
    let silent = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((stream, _)) = listener.accept().await {
            held.push(stream);
        }
    });
    let app = faucet_for(format!("http://{address}"));
    let wallet = Address::new_unique();
    for _ in 0..2 {
        let answer = bounded_request(&app, &wallet).await;
        assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(answer.error_code(), "mint_failed");
    }
    silent.abort();
}

/// A JSON-RPC node of mainnet-beta that only knows `getGenesisHash`, counting the calls.
async fn serve_mainnet(address: SocketAddr, calls: Arc<AtomicUsize>) {
    async fn rpc(State(calls): State<Arc<AtomicUsize>>, Json(request): Json<Value>) -> Json<Value> {
        let id = &request["id"];
        Json(if request["method"] == "getGenesisHash" {
            calls.fetch_add(1, Ordering::SeqCst);
            json!({ "jsonrpc": "2.0", "id": id, "result": MAINNET_BETA_GENESIS_HASH })
        } else {
            let error = json!({ "code": -32601, "message": "Method not found" });
            json!({ "jsonrpc": "2.0", "id": id, "error": error })
        })
    }
    let listener = TcpListener::bind(address)
        .await
        .expect("bind the freed port");
    let node = Router::new().route("/", post(rpc)).with_state(calls);
    tokio::spawn(async move { axum::serve(listener, node).await });
}

#[tokio::test]
async fn a_node_down_at_start_up_is_asked_again_and_mainnet_is_refused() {
    let address = free_port().await;
    let app = faucet_for(format!("http://{address}"));
    let wallet = Address::new_unique();

    let answer = bounded_request(&app, &wallet).await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(answer.error_code(), "mint_failed");

    let genesis_calls = Arc::new(AtomicUsize::new(0));
    serve_mainnet(address, genesis_calls.clone()).await;
    for _ in 0..2 {
        let answer = bounded_request(&app, &wallet).await;
        assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(answer.error_code(), "mainnet_refused");
        let message = answer.body["message"].as_str().expect("message");
        assert!(message.contains("devnet"), "{message}");
    }
    // The genesis hash never changes: asked once, remembered.
    assert_eq!(genesis_calls.load(Ordering::SeqCst), 1);
}
