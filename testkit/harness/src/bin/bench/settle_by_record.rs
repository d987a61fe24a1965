//! Settling by record beside settling from a file, on a `localnet` node of the bench's own with
//! the local TxLINE API (`txline-api`'s router, served in this process on a free port): each
//! settle timed from its proof's source to the confirmed transaction. From a file: the proof
//! file read and parsed, then the settle sent. By record: the fixture's records and the record's
//! proof fetched over HTTP and checked against each other, then the same settle sent.

use std::time::{Duration, Instant};

use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::proof_file::ProofFile;
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::txline::api::{Credentials, RecordPick, TxlineApi};
use fulltime_localnet::node::{ChainStart, load_keypair};
use fulltime_matches::catalog::Catalog;
use fulltime_txline_api::serve::serve;
use fulltime_txline_api::{AppState, app};

use super::local_node::{node_options, start, write_wallet};

/// Settles of each kind, each on a market of its own.
pub const SETTLES: usize = 100;
/// The case whose terms every market takes, and whose record the API proves from.
const CASE: &str = "arsenal-chelsea-total-goals-over-2";
const DISPUTE_WINDOW_SECS: i64 = 60;

type Failure = Box<dyn std::error::Error>;

pub async fn run() -> Result<(), Failure> {
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-bench-settle-{}", std::process::id()));
    let options = node_options(&state_dir, write_wallet(&state_dir), ChainStart::Reset);
    let Some(node) = start(options).await else {
        return Ok(());
    };
    let outcome = settle_both_ways(&state_dir, &node.env().wallet).await;
    node.shutdown();
    let _ = std::fs::remove_dir_all(&state_dir);
    outcome
}

async fn settle_both_ways(
    state_dir: &std::path::Path,
    wallet: &std::path::Path,
) -> Result<(), Failure> {
    let client = FulltimeClient::connect(Endpoint::resolve(Cluster::Localnet, state_dir)?).await?;
    let payer = load_keypair(wallet)?;
    let path = fulltime_matches::generated_dir().join(format!("{CASE}.json"));
    let case = ProofFile::load(&path)?;
    let kickoff = case.kickoff.ok_or("the case has no kickoff")?;
    let terms = case
        .market_terms(kickoff, DISPUTE_WINDOW_SECS)
        .ok_or("the case names no market")?;
    let api = serve_txline().await?;

    let first = client.config().await?.market_count;
    for _ in 0..SETTLES * 2 {
        client.create_market(&payer, terms.clone()).await?;
    }
    client.warp(case.proof.ts.div_euclid(1_000) + 1).await?;

    let mut from_file = Vec::with_capacity(SETTLES);
    let mut by_record = Vec::with_capacity(SETTLES);
    for offset in 0..SETTLES as u64 {
        let started = Instant::now();
        let proof_file = ProofFile::load(&path)?;
        settle(&client, &payer, first + 2 * offset, &proof_file).await?;
        from_file.push(started.elapsed());

        let started = Instant::now();
        let market = client.market(first + 2 * offset + 1).await?;
        let fetched = api
            .record_proof(
                market.fixture_id,
                RecordPick::Finalised,
                market.stat_key,
                market.second_stat.map(|second| second.stat_key),
            )
            .await?;
        let proof_file = ProofFile::fetched(&fetched, api.base_url(), None);
        settle(&client, &payer, market.id, &proof_file).await?;
        by_record.push(started.elapsed());
    }
    for (how, mut times) in [
        ("from a file (read, parse, send, confirm)", from_file),
        (
            "by record (records and proof fetched, checked, send, confirm)",
            by_record,
        ),
    ] {
        times.sort();
        println!(
            "settle {how}: p50 {:.2} ms, p99 {:.2} ms over {SETTLES}",
            millis(percentile(&times, 50)),
            millis(percentile(&times, 99)),
        );
    }
    Ok(())
}

async fn settle(
    client: &FulltimeClient,
    payer: &solana_keypair::Keypair,
    market: u64,
    proof_file: &ProofFile,
) -> Result<(), Failure> {
    let market = client.market(market).await?;
    client
        .send(payer, &client.settle_instructions(&market, proof_file), &[])
        .await?;
    Ok(())
}

/// The local TxLINE API on a free loopback port, in this process, and a client of it.
async fn serve_txline() -> Result<TxlineApi, Failure> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}", listener.local_addr()?);
    let credentials = Credentials {
        jwt: "bench.guest.jwt".into(),
        api_token: "bench-token".into(),
    };
    let router = app(AppState::new(Catalog::committed(), credentials.clone()));
    // Served until the bench's process ends.
    tokio::spawn(serve(listener, router, std::future::pending()));
    Ok(TxlineApi::new(&url, credentials)?)
}

fn percentile(sorted: &[Duration], percent: usize) -> Duration {
    sorted[(sorted.len() * percent / 100).min(sorted.len() - 1)]
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}
