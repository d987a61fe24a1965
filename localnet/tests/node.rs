//! The `localnet` binary: boots a ready chain over JSON-RPC, refuses a taken port with a clear
//! message, stops cleanly on SIGTERM, and with `--log-transactions` prints every transaction
//! with its logs.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use anchor_lang::AccountDeserialize;
use anchor_lang::solana_program::program_pack::Pack;
use anchor_spl::token::spl_token;
use fulltime_client::cluster::short_signature;
use fulltime_client::instructions;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::pda;
use fulltime_localnet::node::{DEMO_MARKETS, WALLET_USDC};
use fulltime_localnet::process::{LocalnetProcess, free_ports};
use settlement::state::{Config, Market};
use solana_commitment_config::CommitmentConfig;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::config::RpcSendTransactionConfig;
use solana_signer::Signer;
use solana_transaction::Transaction;

fn start(name: &str) -> LocalnetProcess {
    LocalnetProcess::start(Path::new(env!("CARGO_BIN_EXE_localnet")), name).expect("localnet ready")
}

#[tokio::test]
async fn a_fresh_node_serves_a_ready_chain() {
    let node = start("node-ready");
    let env = node.env().expect("env.json written before ready");
    assert_eq!(env.settlement_program, settlement::ID);
    assert_eq!(env.oracle_program, txline_interface::DEVNET_PROGRAM_ID);
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());

    let mint = rpc.get_account(&env.mint).await.expect("mint account");
    let mint = spl_token::state::Mint::unpack(&mint.data).expect("an SPL mint");
    assert_eq!(mint.decimals, 6);

    let config = rpc.get_account(&pda::config()).await.expect("config");
    let config = Config::try_deserialize(&mut config.data.as_slice()).expect("config decodes");
    assert_eq!(config.usdc_mint, env.mint);
    assert_eq!(config.market_count, DEMO_MARKETS.len() as u64);
    for id in 0..config.market_count {
        let market = rpc
            .get_account(&pda::market(id))
            .await
            .expect("demo market");
        let market = Market::try_deserialize(&mut market.data.as_slice()).expect("market decodes");
        assert!(!market.settled);
    }

    let wallet = read_keypair_file(node.wallet_path())
        .expect("the test wallet")
        .pubkey();
    let balance = rpc
        .get_token_account_balance(&pda::token_account(&wallet, &env.mint))
        .await
        .expect("wallet token account");
    assert_eq!(balance.amount, WALLET_USDC.to_string());
    assert!(rpc.get_balance(&wallet).await.expect("SOL balance") > 0);
}

#[test]
fn a_taken_port_fails_at_once_and_names_the_flag() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").expect("bind a port");
    let port = taken.local_addr().expect("address").port();
    let (_, ws_port) = free_ports().expect("a free port");
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-taken-port-{}", std::process::id()));
    let output = Command::new(env!("CARGO_BIN_EXE_localnet"))
        .args([
            "--rpc-port",
            &port.to_string(),
            "--ws-port",
            &ws_port.to_string(),
        ])
        .arg("--state-dir")
        .arg(&state_dir)
        .output()
        .expect("run localnet");
    let _ = std::fs::remove_dir_all(&state_dir);
    assert!(!output.status.success(), "must fail");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!("port {port}")) && stderr.contains("--rpc-port"),
        "{stderr}"
    );
}

#[test]
fn sigterm_stops_the_node_cleanly() {
    let node = start("node-sigterm");
    let status = node.terminate().expect("localnet exits");
    assert!(status.success(), "exit status {status}");
}

#[tokio::test]
async fn log_transactions_prints_each_transaction_with_its_logs() {
    let node = LocalnetProcess::start_with(
        Path::new(env!("CARGO_BIN_EXE_localnet")),
        "node-log",
        &["--log-transactions"],
    )
    .expect("localnet ready");

    // The bootstrap's own transactions come before `ready`: funding the wallet shows the
    // associated token program's `Program log:` lines, the config and markets the settlement
    // program at work.
    let log = node.stdout_log();
    let summaries: Vec<&str> = log.lines().filter(|line| !line.starts_with(' ')).collect();
    assert!(
        summaries.iter().any(|line| is_summary(line, "ok")),
        "no `<time> <signature> ok` line:\n{log}"
    );
    assert!(
        log.contains("\n    Program log: CreateIdempotent\n"),
        "{log}"
    );
    assert!(
        log.contains(&format!("\n    Program {} success\n", settlement::ID)),
        "{log}"
    );

    // A second initialize fails, whoever signs it.
    let env = node.env().expect("env.json");
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());
    let wallet = read_keypair_file(node.wallet_path()).expect("the test wallet");
    let blockhash = rpc.get_latest_blockhash().await.expect("blockhash");
    let again = Transaction::new_signed_with_payer(
        &[instructions::initialize(wallet.pubkey(), env.mint)],
        Some(&wallet.pubkey()),
        &[&wallet],
        blockhash,
    );
    // Sent with preflight, it is refused before it is processed: one line, saying why.
    rpc.send_transaction(&again)
        .await
        .expect_err("initialize twice is refused");
    wait_for_line(
        &node,
        "refused in preflight: Error processing Instruction 0: ",
    )
    .await;

    // Sent past preflight, it fails on chain: one block, with its logs.
    let signature = rpc
        .send_transaction_with_config(
            &again,
            RpcSendTransactionConfig {
                skip_preflight: true,
                ..RpcSendTransactionConfig::default()
            },
        )
        .await
        .expect("sent");
    let summary = format!("{} failed: ", short_signature(&signature));
    wait_for_line(&node, &summary).await;
    // The block is written whole, so its logs are there too; a moment more shows whether a
    // second block for the same transaction follows.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let log = node.stdout_log();
    let blocks: Vec<&str> = log.lines().filter(|line| line.contains(&summary)).collect();
    assert_eq!(blocks.len(), 1, "{log}");
    assert!(is_summary(blocks[0], "failed:"), "{}", blocks[0]);
    let after = log.split(blocks[0]).nth(1).expect("the block");
    assert!(
        after.starts_with(&format!("\n    Program {} invoke [1]\n", settlement::ID)),
        "{after}"
    );
}

/// Waits until the node's stdout has a line containing `text`.
async fn wait_for_line(node: &LocalnetProcess, text: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let log = node.stdout_log();
        if log.lines().any(|line| line.contains(text)) {
            return;
        }
        assert!(Instant::now() < deadline, "no `{text}` line:\n{log}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `HH:MM:SS.mmm abcd..wxyz <outcome>...`
fn is_summary(line: &str, outcome: &str) -> bool {
    let mut words = line.split(' ');
    let time = words.next().unwrap_or_default();
    let signature = words.next().unwrap_or_default();
    time.len() == 12
        && time.as_bytes()[2] == b':'
        && time.as_bytes()[8] == b'.'
        && signature.len() == 10
        && signature.contains("..")
        && words.next() == Some(outcome)
}
