//! `just bench`: in-process throughput of the programs running natively in the real runtime.
//!
//! Wall-clock figures from a shared machine; compare them as ratios between runs of the same
//! command, not as absolutes. Compute units are meaningless here: a native builtin is charged
//! one unit per instruction.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use anchor_lang::prelude::Pubkey;
use fulltime_client::rpc::send_and_confirm;
use fulltime_harness::{TestChain, single_stat_proof};
use fulltime_localnet::native::FalsePredicate;
use fulltime_localnet::node::{
    ChainStart, Node, NodeOptions, load_keypair, load_or_create_keypair,
};
use fulltime_testkit::sample;
use settlement::MarketTerms;
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;
use solana_transaction::Transaction;
use txline_interface::ScoreStat;

const USDC: u64 = 1_000_000;
const DEPOSIT_RUN: usize = 2_000;
const MARKET_POSITIONS: usize = 1_000;
const FIXTURE_ID: i64 = 1;

fn main() {
    println!("command: just bench  (target/release/bench)");
    println!("in process: LiteSVM 0.16, programs native, SPL Token as SBF");
    deposits_per_second();
    full_market();
    println!(
        "over JSON-RPC: the localnet node (surfpool 1.6.1, blocks on demand behind its own front)"
    );
    match tokio::runtime::Runtime::new() {
        Ok(runtime) => {
            runtime.block_on(over_json_rpc());
            println!(
                "the chain that lasts: {LASTING_MARKETS} markets kept, snapshot saved and loaded"
            );
            runtime.block_on(lasting_chain());
        }
        Err(error) => eprintln!("no async runtime: {error}"),
    }
}

fn market_terms(chain: &TestChain) -> MarketTerms {
    sample::terms(FIXTURE_ID, chain.now() + 3_600)
}

fn wallets(chain: &mut TestChain, count: usize) -> Vec<Keypair> {
    (0..count).map(|_| chain.new_wallet(100 * USDC)).collect()
}

fn per_second(count: usize, elapsed: Duration) -> f64 {
    count as f64 / elapsed.as_secs_f64()
}

fn deposits_per_second() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    let terms = market_terms(&chain);
    let market = chain.create_market(&creator, terms).expect("create market");
    let wallets = wallets(&mut chain, 50);

    let started = Instant::now();
    for (index, wallet) in wallets.iter().cycle().take(DEPOSIT_RUN).enumerate() {
        // Each wallet stays on one side: its position in the list decides it.
        let outcome = (index % wallets.len() % 2) as u8;
        chain
            .deposit(wallet, &market, outcome, 100_000)
            .expect("deposit");
    }
    let elapsed = started.elapsed();
    println!(
        "deposits: {DEPOSIT_RUN} in {:.3} s = {:.0} deposits/s (50 wallets, one market)",
        elapsed.as_secs_f64(),
        per_second(DEPOSIT_RUN, elapsed)
    );
}

fn full_market() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    let wallets = wallets(&mut chain, MARKET_POSITIONS);

    let started = Instant::now();
    let terms = market_terms(&chain);
    let market: Pubkey = chain.create_market(&creator, terms).expect("create market");
    let created = started.elapsed();

    for (index, wallet) in wallets.iter().enumerate() {
        let outcome = u8::from(index % 3 != 0);
        chain
            .deposit(wallet, &market, outcome, USDC + index as u64)
            .expect("deposit");
    }
    let deposited = started.elapsed();

    let ts = (chain.now() + 7_200) * 1_000;
    let stat = ScoreStat {
        key: 1,
        value: 2,
        period: 100,
    };
    let (proof, root) = single_stat_proof(ts, FIXTURE_ID, stat).expect("valid timestamp");
    chain.post_root(root).expect("post root");
    chain.close(&market);
    // The result is published after the close; a proof counts once the clock reaches it.
    chain.reach_batch(&proof);
    let settle_started = Instant::now();
    chain.settle(&market, proof).expect("settle");
    let settled = settle_started.elapsed();
    chain.finalize(&market);

    let claims_started = Instant::now();
    let mut claims = 0;
    for (index, wallet) in wallets.iter().enumerate() {
        if index % 3 != 0 {
            chain.claim(wallet, &market).expect("claim");
            claims += 1;
        }
    }
    let claimed = claims_started.elapsed();
    let total = created + (deposited - created) + settled + claimed;

    println!(
        "market of {MARKET_POSITIONS} positions: create {:.2} ms, {MARKET_POSITIONS} deposits {:.0} ms, settle {:.2} ms, {claims} claims {:.0} ms; total {:.0} ms",
        created.as_secs_f64() * 1e3,
        (deposited - created).as_secs_f64() * 1e3,
        settled.as_secs_f64() * 1e3,
        claimed.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3,
    );
}

const RPC_DEPOSITS: usize = 500;

/// Start-up to ready, then deposits sent one after another, each timed from send to confirmed.
async fn over_json_rpc() {
    let state_dir = std::env::temp_dir().join(format!("fulltime-bench-{}", std::process::id()));
    let options = NodeOptions {
        rpc_port: free_port(),
        ws_port: free_port(),
        state_dir: state_dir.clone(),
        wallet: Some(write_wallet(&state_dir)),
        false_predicate: FalsePredicate::ReturnFalse,
        clock_start: None,
        chain: ChainStart::Reset,
    };
    let started = Instant::now();
    let node = match Node::start(options).await {
        Ok(node) => node,
        Err(error) => {
            eprintln!("localnet did not start: {error}");
            return;
        }
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

const LASTING_MARKETS: u64 = 1_000;

fn lasting_options(state_dir: &std::path::Path, wallet: PathBuf, chain: ChainStart) -> NodeOptions {
    NodeOptions {
        rpc_port: free_port(),
        ws_port: free_port(),
        state_dir: state_dir.to_owned(),
        wallet: Some(wallet),
        false_predicate: FalsePredicate::ReturnFalse,
        clock_start: None,
        chain,
    }
}

/// A chain of 1,000 markets: its snapshot saved over JSON-RPC (`fulltime snapshot save`), the
/// node restarted on the kept chain, and a new node started from the snapshot, each timed to
/// ready.
async fn lasting_chain() {
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-bench-lasting-{}", std::process::id()));
    let wallet = write_wallet(&state_dir);
    let node = match Node::start(lasting_options(
        &state_dir,
        wallet.clone(),
        ChainStart::Reset,
    ))
    .await
    {
        Ok(node) => node,
        Err(error) => {
            eprintln!("localnet did not start: {error}");
            return;
        }
    };
    let env = node.env().clone();
    let rpc = RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());
    let creator = load_keypair(&env.wallet).expect("the wallet localnet funded");
    let now = fulltime_client::rpc::unix_timestamp(
        &rpc.get_account_data(&fulltime_client::rpc::CLOCK_SYSVAR)
            .await
            .expect("the clock"),
    )
    .expect("a clock");
    let first = u64::try_from(fulltime_localnet::node::DEMO_MARKETS.len()).unwrap_or_default();
    for id in first..LASTING_MARKETS {
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
    let node = Node::start(lasting_options(
        &state_dir,
        wallet.clone(),
        ChainStart::Keep,
    ))
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
    let node = Node::start(lasting_options(&copy_dir, copy_wallet, snapshot))
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

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}

/// A fresh wallet file, so the bench never touches the user's own keypair.
fn write_wallet(state_dir: &std::path::Path) -> std::path::PathBuf {
    std::fs::create_dir_all(state_dir).expect("state dir");
    let path = state_dir.join("bench-wallet.json");
    load_or_create_keypair(&path).expect("bench wallet");
    path
}
