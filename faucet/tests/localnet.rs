//! The faucet against a real `localnet` node: the binary runs as a child process on free ports,
//! the faucet in process on a free port, configured from the node's env.json like
//! `faucet --rpc-url localnet --state-dir DIR`.

use clap::Parser;
use fulltime_faucet::{app, config::Args, serve};
use fulltime_testkit::process::{LocalnetProcess, binary_beside};
use reqwest::StatusCode;
use serde_json::{Value, json};
use solana_address::Address;
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;
use std::time::Duration;
use tokio::task::JoinSet;

const AMOUNT: u64 = 100_000_000;

/// A running `localnet` beside this test's target directory (built if missing).
fn start_localnet() -> LocalnetProcess {
    let test_exe = std::env::current_exe().expect("test executable");
    let binary = binary_beside(&test_exe).expect("the localnet binary");
    LocalnetProcess::start(&binary, "faucet").expect("localnet ready")
}

/// Serves the faucet for `flags` on a free loopback port; returns its base URL.
async fn start_faucet(flags: &[&str]) -> String {
    let config = Args::try_parse_from(std::iter::once("faucet").chain(flags.iter().copied()))
        .expect("faucet flags")
        .resolve();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    let limits = config.connections;
    let faucet = app(config.app_state());
    tokio::spawn(serve(listener, faucet, limits, std::future::pending()));
    url
}

struct Faucet {
    url: String,
    http: reqwest::Client,
}

impl Faucet {
    async fn request(&self, wallet: &Address) -> (StatusCode, Value) {
        let response = self
            .http
            .post(format!("{}/api/faucet", self.url))
            .json(&json!({ "wallet": wallet.to_string() }))
            .timeout(Duration::from_secs(60))
            .send()
            .await
            .expect("the faucet answers");
        let status = response.status();
        (status, response.json().await.expect("a JSON body"))
    }
}

/// The wallet's test USDC in base units; 0 while its token account does not exist.
async fn balance(rpc: &RpcClient, wallet: &Address, mint: &Address) -> u64 {
    let account = fulltime_client::pda::token_account(wallet, mint);
    match rpc.get_token_account_balance(&account).await {
        Ok(balance) => balance.amount.parse().expect("an integer amount"),
        Err(_) if rpc.get_account(&account).await.is_err() => 0,
        Err(error) => panic!("getTokenAccountBalance: {error}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_faucet_mints_on_a_real_node() {
    let node = tokio::task::spawn_blocking(start_localnet)
        .await
        .expect("localnet");
    let state_dir = node.state_dir().to_str().expect("utf-8 temp dir");
    let env = node.env().expect("env.json");
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());
    let faucet = Faucet {
        url: start_faucet(&["--rpc-url", "localnet", "--state-dir", state_dir]).await,
        http: reqwest::Client::new(),
    };

    // A mint shows up in the wallet's token balance.
    let wallet = Keypair::new().pubkey();
    let (status, body) = faucet.request(&wallet).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["amount"], json!(AMOUNT));
    assert_eq!(body["mint"], json!(env.mint.to_string()));
    let signature = body["signature"].as_str().expect("signature");
    assert!(
        signature.parse::<solana_signature::Signature>().is_ok(),
        "{signature}"
    );
    assert_eq!(balance(&rpc, &wallet, &env.mint).await, AMOUNT);

    // Within the cooldown: 429, nothing minted.
    let (status, body) = faucet.request(&wallet).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(balance(&rpc, &wallet, &env.mint).await, AMOUNT);

    // Twenty at once for a fresh wallet: one mint on chain.
    let wallet = Keypair::new().pubkey();
    let faucet = std::sync::Arc::new(faucet);
    let mut requests = JoinSet::new();
    for _ in 0..20 {
        let faucet = faucet.clone();
        requests.spawn(async move { faucet.request(&wallet).await.0 });
    }
    let statuses = requests.join_all().await;
    let count = |wanted| statuses.iter().filter(|&&status| status == wanted).count();
    assert_eq!(count(StatusCode::OK), 1, "{statuses:?}");
    assert_eq!(count(StatusCode::TOO_MANY_REQUESTS), 19, "{statuses:?}");
    assert_eq!(balance(&rpc, &wallet, &env.mint).await, AMOUNT);

    // The same mint and authority behind a dead RPC: 500, and the wallet may retry at once.
    let mint = env.mint.to_string();
    let authority = env.mint_authority.to_str().expect("utf-8 path");
    let dead = Faucet {
        url: start_faucet(&[
            "--rpc-url",
            "http://127.0.0.1:1",
            "--mint",
            &mint,
            "--mint-authority",
            authority,
            "--mint-timeout-secs",
            "5",
        ])
        .await,
        http: reqwest::Client::new(),
    };
    let wallet = Keypair::new().pubkey();
    for _ in 0..2 {
        let (status, body) = dead.request(&wallet).await;
        assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
        assert_eq!(body["error"], json!("mint_failed"));
    }
    assert_eq!(balance(&rpc, &wallet, &env.mint).await, 0);

    // A funded key that is not the mint's authority: the transaction fails, 500, nothing minted.
    let not_authority = env.wallet.to_str().expect("utf-8 path");
    let impostor = Faucet {
        url: start_faucet(&[
            "--rpc-url",
            "localnet",
            "--state-dir",
            state_dir,
            "--mint-authority",
            not_authority,
        ])
        .await,
        http: reqwest::Client::new(),
    };
    let (status, body) = impostor.request(&wallet).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR, "{body}");
    assert_eq!(body["error"], json!("mint_failed"));
    assert_eq!(balance(&rpc, &wallet, &env.mint).await, 0);
    drop(node);
}
