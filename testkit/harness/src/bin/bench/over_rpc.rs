//! The `localnet` node over JSON-RPC: deposits one after another, and a chain that lasts.

use std::time::Instant;

use fulltime_client::rpc::send_and_confirm;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_localnet::node::{ChainStart, Node, load_keypair};
use fulltime_testkit::sample;
use solana_commitment_config::CommitmentConfig;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;
use solana_transaction::Transaction;

use super::local_node::{node_options, start, write_wallet};
use super::per_second;

const FIXTURE_ID: i64 = 1;
const RPC_DEPOSITS: usize = 500;

/// Start-up to ready, then deposits sent one after another, each timed from send to confirmed.
pub async fn deposits_one_by_one() {
    let state_dir = std::env::temp_dir().join(format!("fulltime-bench-{}", std::process::id()));
    let options = node_options(&state_dir, write_wallet(&state_dir), ChainStart::Reset);
    let started = Instant::now();
    let Some(node) = start(options).await else {
        return;
    };
    println!(
        "localnet start-up to ready: {:.0} ms (bootstrap included)",
        started.elapsed().as_secs_f64() * 1e3
    );

    let env = node.env().clone();
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());
    let wallet = load_keypair(&env.wallet).expect("the wallet localnet funded");
    let market = fulltime_client::pda::market(0);
    let mut latencies = Vec::with_capacity(RPC_DEPOSITS);
    let run = Instant::now();
    for _ in 0..RPC_DEPOSITS {
        let deposit =
            fulltime_client::instructions::deposit(wallet.pubkey(), env.mint, market, 1, 100_000);
        let sent = Instant::now();
        let blockhash = rpc.get_latest_blockhash().await.expect("blockhash");
        let transaction = Transaction::new_signed_with_payer(
            &[deposit],
            Some(&wallet.pubkey()),
            &[&wallet],
            blockhash,
        );
        send_and_confirm(&rpc, &transaction)
            .await
            .expect("deposit confirmed");
        latencies.push(sent.elapsed());
    }
    let elapsed = run.elapsed();
    latencies.sort();
    let percentile = |p: usize| latencies[(latencies.len() * p / 100).min(latencies.len() - 1)];
    println!(
        "deposit, send to confirmed (blockhash fetch included): p50 {:.2} ms, p99 {:.2} ms over {RPC_DEPOSITS}",
        percentile(50).as_secs_f64() * 1e3,
        percentile(99).as_secs_f64() * 1e3,
    );
    println!(
        "deposits over JSON-RPC, one client, sequential: {:.0} deposits/s",
        per_second(RPC_DEPOSITS, elapsed)
    );
    node.shutdown();
    let _ = std::fs::remove_dir_all(state_dir);
}

pub const LASTING_MARKETS: u64 = 1_000;

/// A chain of 1,000 markets: its snapshot saved over JSON-RPC (`fulltime snapshot save`), the
/// node restarted on the kept chain, and a new node started from the snapshot, each timed to
/// ready.
pub async fn lasting_chain() {
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-bench-lasting-{}", std::process::id()));
    let wallet = write_wallet(&state_dir);
    let Some(node) = start(node_options(&state_dir, wallet.clone(), ChainStart::Reset)).await
    else {
        return;
    };
    let env = node.env().clone();
    create_markets(&env, LASTING_MARKETS).await;

    let saving = Instant::now();
    let saved = fulltime_client::snapshot::save_named(&env, &state_dir, "bench")
        .await
        .expect("snapshot saved");
    println!(
        "snapshot save, {LASTING_MARKETS} markets ({} accounts, {:.1} MB): {:.0} ms",
        saved.accounts,
        saved.bytes as f64 / 1e6,
        saving.elapsed().as_secs_f64() * 1e3
    );
    node.shutdown();

    let started = Instant::now();
    let node = Node::start(node_options(&state_dir, wallet.clone(), ChainStart::Keep))
        .await
        .expect("localnet resumes its chain");
    println!(
        "localnet start-up to ready on a resumed chain of {LASTING_MARKETS} markets: {:.0} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    node.shutdown();

    let copy_dir =
        std::env::temp_dir().join(format!("fulltime-bench-snapshot-{}", std::process::id()));
    let copy_wallet = write_wallet(&copy_dir);
    let snapshot = ChainStart::Snapshot(saved.path.display().to_string());
    let started = Instant::now();
    let node = Node::start(node_options(&copy_dir, copy_wallet, snapshot))
        .await
        .expect("localnet starts from the snapshot");
    println!(
        "snapshot load, {LASTING_MARKETS} markets (localnet start-up from it to ready): {:.0} ms",
        started.elapsed().as_secs_f64() * 1e3
    );
    node.shutdown();
    let _ = std::fs::remove_dir_all(state_dir);
    let _ = std::fs::remove_dir_all(copy_dir);
}

/// Creates markets on `env`'s chain, paid by its wallet, until it holds `count` (the demo
/// markets included), each closing an hour after the cluster clock.
pub async fn create_markets(env: &LocalnetEnv, count: u64) {
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());
    let creator = load_keypair(&env.wallet).expect("the wallet localnet funded");
    let now = fulltime_client::rpc::unix_timestamp(
        &rpc.get_account_data(&fulltime_client::rpc::CLOCK_SYSVAR)
            .await
            .expect("the clock"),
    )
    .expect("a clock");
    let first = u64::try_from(fulltime_localnet::node::DEMO_MARKETS.len()).unwrap_or_default();
    for id in first..count {
        let create = fulltime_client::instructions::create_market(
            creator.pubkey(),
            env.mint,
            id,
            sample::terms(FIXTURE_ID, now + 3_600),
        );
        let blockhash = rpc.get_latest_blockhash().await.expect("blockhash");
        let transaction = Transaction::new_signed_with_payer(
            &[create],
            Some(&creator.pubkey()),
            &[&creator],
            blockhash,
        );
        send_and_confirm(&rpc, &transaction)
            .await
            .expect("market created");
    }
}
