//! Checkpoints on a chain of 1,000 markets: `localnet_saveCheckpoint`, then
//! `localnet_restoreCheckpoint` after a round of changes (deposits on 50 markets, so 200 accounts
//! written back, and a warp), each timed over JSON-RPC as a client sees it.

use std::time::{Duration, Instant};

use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::side::Side;
use fulltime_localnet::node::{ChainStart, load_keypair};

use super::local_node::{node_options, start, write_wallet};
use super::over_rpc::{LASTING_MARKETS, create_markets};

const ROUNDS: usize = 10;
/// Markets deposited on between a checkpoint and its restore, each round.
const CHANGED_MARKETS: u64 = 50;
const STAKE: u64 = 100_000;

pub async fn save_and_restore() {
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-bench-checkpoint-{}", std::process::id()));
    let options = node_options(&state_dir, write_wallet(&state_dir), ChainStart::Reset);
    let Some(node) = start(options).await else {
        return;
    };
    let env = node.env().clone();
    create_markets(&env, LASTING_MARKETS).await;
    let endpoint = Endpoint::resolve(Cluster::Localnet, &state_dir).expect("env.json");
    let client = FulltimeClient::connect(endpoint).await.expect("connect");
    let wallet = load_keypair(&env.wallet).expect("the wallet localnet funded");

    let (mut saves, mut restores) = (Vec::new(), Vec::new());
    let mut changed = 0;
    let mut accounts = 0;
    for _ in 0..ROUNDS {
        let saving = Instant::now();
        let checkpoint = client.save_checkpoint().await.expect("a checkpoint");
        saves.push(saving.elapsed());
        accounts = checkpoint.accounts;
        for market in 0..CHANGED_MARKETS {
            client
                .deposit(&wallet, market, Side::Yes, STAKE)
                .await
                .expect("deposit");
        }
        let now = client.cluster_time().await.expect("clock");
        client.warp(now + 60).await.expect("warp");
        let restoring = Instant::now();
        let restored = client
            .restore_checkpoint(checkpoint.id)
            .await
            .expect("restored");
        restores.push(restoring.elapsed());
        changed = restored.changed;
    }
    println!(
        "checkpoint save, {LASTING_MARKETS} markets ({accounts} accounts): {}",
        spread(&mut saves)
    );
    println!(
        "checkpoint restore, {LASTING_MARKETS} markets, {changed} accounts written back: {}",
        spread(&mut restores)
    );
    node.shutdown();
    let _ = std::fs::remove_dir_all(state_dir);
}

/// Median and worst of `times`, in milliseconds.
fn spread(times: &mut [Duration]) -> String {
    times.sort();
    let ms = |time: Duration| time.as_secs_f64() * 1e3;
    match (times.get(times.len() / 2), times.last()) {
        (Some(median), Some(worst)) => format!(
            "p50 {:.1} ms, max {:.1} ms over {}",
            ms(*median),
            ms(*worst),
            times.len()
        ),
        _ => "no run".into(),
    }
}
