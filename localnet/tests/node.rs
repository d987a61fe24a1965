//! The `localnet` binary: boots a ready chain over JSON-RPC, refuses a taken port with a clear
//! message, and stops cleanly on SIGTERM.

use std::path::Path;
use std::process::Command;

use anchor_lang::AccountDeserialize;
use anchor_lang::solana_program::program_pack::Pack;
use anchor_spl::token::spl_token;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::pda;
use fulltime_localnet::node::{DEMO_MARKETS, WALLET_USDC};
use fulltime_localnet::process::{LocalnetProcess, free_ports};
use settlement::state::{Config, Market};
use solana_commitment_config::CommitmentConfig;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;

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
        assert!(!market.resolved);
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
