//! The real RPC minter behind the router, against RPC nodes that fail: refusing connections,
//! never answering, down at start-up, mainnet-beta, and a node that takes the transaction
//! without saying so, whose fate the faucet then follows.

mod common;

use std::{
    net::SocketAddr,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering},
    },
    time::Duration,
};

use axum::{Json, Router, extract::State, http::StatusCode, routing::post};
use common::*;
use fulltime_faucet::{
    AppState, app,
    limits::RateLimits,
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
    faucet_and_state_for(rpc_url).0
}

fn faucet_and_state_for(rpc_url: String) -> (Router, AppState) {
    let minter = RpcMinter::new(MintSettings {
        rpc_url,
        mint: Address::new_unique(),
        authority: Keypair::new(),
        amount: AMOUNT,
        timeout: MINT_TIMEOUT,
    });
    let minter: Arc<dyn Minter> = Arc::new(minter);
    let state = AppState::new(Some(minter), COOLDOWN, RateLimits::off(), REQUEST_TIMEOUT);
    (app(state.clone()), state)
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
    let wallet = new_wallet();
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
    let wallet = new_wallet();
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
    let wallet = new_wallet();

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

/// Genesis hash of devnet: any hash but mainnet-beta's lets the minter go on.
const DEVNET_GENESIS_HASH: &str = "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG";
const LAST_VALID_BLOCK_HEIGHT: u64 = 1_000;

/// A devnet node that knows what the minter asks. `sendTransaction` never answers (the
/// transaction may have been forwarded, or not), or refuses as a failed preflight does; the
/// block height and whether the transaction landed are the test's to set.
#[derive(Default)]
struct FakeNode {
    refuse_sends: AtomicBool,
    block_height: AtomicU64,
    landed: AtomicBool,
}

impl FakeNode {
    async fn serve(self: &Arc<Self>) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let url = format!("http://{}", listener.local_addr().expect("address"));
        let node = Router::new()
            .route("/", post(Self::rpc))
            .with_state(Arc::clone(self));
        tokio::spawn(async move { axum::serve(listener, node).await });
        url
    }

    async fn rpc(State(node): State<Arc<Self>>, Json(request): Json<Value>) -> Json<Value> {
        let id = &request["id"];
        let answer = |result: Value| Json(json!({ "jsonrpc": "2.0", "id": id, "result": result }));
        let context = json!({ "slot": 1 });
        match request["method"].as_str().unwrap_or_default() {
            "getGenesisHash" => answer(json!(DEVNET_GENESIS_HASH)),
            "getLatestBlockhash" => answer(json!({
                "context": context,
                "value": {
                    "blockhash": Address::new_unique().to_string(),
                    "lastValidBlockHeight": LAST_VALID_BLOCK_HEIGHT,
                },
            })),
            "sendTransaction" if node.refuse_sends.load(Ordering::SeqCst) => {
                let error = json!({
                    "code": -32002,
                    "message": "Transaction simulation failed: Blockhash not found",
                });
                Json(json!({ "jsonrpc": "2.0", "id": id, "error": error }))
            }
            "sendTransaction" => std::future::pending().await,
            "getBlockHeight" => answer(json!(node.block_height.load(Ordering::SeqCst))),
            "getSignatureStatuses" => {
                let status = node.landed.load(Ordering::SeqCst).then(|| {
                    json!({
                        "slot": 1,
                        "confirmations": null,
                        "status": { "Ok": null },
                        "err": null,
                        "confirmationStatus": "finalized",
                    })
                });
                answer(json!({ "context": context, "value": [status] }))
            }
            _ => {
                let error = json!({ "code": -32601, "message": "Method not found" });
                Json(json!({ "jsonrpc": "2.0", "id": id, "error": error }))
            }
        }
    }
}

/// Checks `done` until it holds, within the bound.
async fn eventually(mut done: impl AsyncFnMut() -> bool) {
    let within = async {
        while !done().await {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    };
    tokio::time::timeout(ANSWER_WITHIN, within)
        .await
        .expect("within the bound");
}

/// An unconfirmed mint: 500 `mint_unconfirmed` with its signature, and the wallet reserved.
async fn unconfirmed_mint(app: &Router, wallet: &Address) {
    let answer = bounded_request(app, wallet).await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(answer.error_code(), "mint_unconfirmed", "{}", answer.body);
    assert_eq!(answer.keys(), ["error", "message", "signature"]);
    let signature = answer.body["signature"].as_str().expect("signature");
    assert!(signature.parse::<solana_signature::Signature>().is_ok());
    let message = answer.body["message"].as_str().expect("message");
    assert!(message.contains(signature), "{message}");
    assert!(!message.contains("nothing was minted"), "{message}");

    let answer = bounded_request(app, wallet).await;
    assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(answer.error_code(), "cooldown");
}

#[tokio::test]
async fn a_sent_mint_that_expires_frees_the_wallet() {
    let node = Arc::new(FakeNode::default());
    node.block_height
        .store(LAST_VALID_BLOCK_HEIGHT - 10, Ordering::SeqCst);
    let (app, state) = faucet_and_state_for(node.serve().await);
    let wallet = new_wallet();
    unconfirmed_mint(&app, &wallet).await;

    // Still valid: the wallet stays reserved however long it takes.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(state.cooldowns.tracked_wallets(), 1);

    node.block_height
        .store(LAST_VALID_BLOCK_HEIGHT + 1, Ordering::SeqCst);
    eventually(async || state.cooldowns.tracked_wallets() == 0).await;
}

#[tokio::test]
async fn a_sent_mint_that_lands_starts_the_cooldown() {
    let node = Arc::new(FakeNode::default());
    let (app, _) = faucet_and_state_for(node.serve().await);
    let wallet = new_wallet();
    unconfirmed_mint(&app, &wallet).await;

    node.landed.store(true, Ordering::SeqCst);
    // The wallet was reserved all along; what changes is why: its mint landed.
    eventually(async || {
        let answer = bounded_request(&app, &wallet).await;
        assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
        let message = answer.body["message"].as_str().unwrap_or_default();
        message.contains("recently")
    })
    .await;
}

#[tokio::test]
async fn a_send_the_node_refuses_frees_the_wallet_at_once() {
    let node = Arc::new(FakeNode::default());
    node.refuse_sends.store(true, Ordering::SeqCst);
    let (app, state) = faucet_and_state_for(node.serve().await);
    let answer = bounded_request(&app, &new_wallet()).await;
    assert_eq!(answer.status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(answer.error_code(), "mint_failed");
    assert_eq!(state.cooldowns.tracked_wallets(), 0);
}
