//! `dashboard-bench` (part of `just bench`): the dashboard's own code against a localnet node
//! holding 10,000 markets. It creates the markets, then measures one full reading (time and
//! JSON-RPC requests, counted by a pass-through proxy), drawing a frame on a `TestBackend` while
//! the list scrolls and filters, the time from a deposit by another wallet to the frame that
//! shows it (pushed over WebSocket), the JSON-RPC requests of an idle dashboard, and a
//! transaction's confirmation by `signatureSubscribe` and by polling.
//!
//! It drives the dashboard through the `fulltime` library's public API only (the state, its
//! update, drawing, the key table and the feed, in a session of its own), so the shipped
//! library holds no bench code; it is an example of `fulltime-tui` so that it may use the test
//! kit's proxy.
//!
//! Wall-clock figures from a shared machine: compare runs of the same command, not absolutes.

mod confirm;
mod deposit;
mod frames;
mod history;
mod idle;
mod load;
mod markets;
mod timing;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::Parser;
use color_eyre::eyre::Result;
use fulltime::dashboard::Grouping;
use fulltime::{GlobalArgs, Session};
use fulltime_client::cluster::Cluster;
use fulltime_client::rpc::FulltimeClient;
use solana_signer::Signer;

#[derive(Parser)]
struct Args {
    /// Where the running localnet wrote env.json.
    #[arg(long, required_unless_present = "synthetic")]
    state_dir: Option<PathBuf>,
    /// Only the frame figure, on made-up markets, without a node.
    #[arg(long, conflicts_with = "state_dir")]
    synthetic: bool,
    /// Markets the node should hold before measuring (those already there count).
    #[arg(long, default_value_t = 10_000)]
    markets: u64,
    /// Frames drawn for the frame-time figure.
    #[arg(long, default_value_t = 200)]
    frames: usize,
    /// Deposits timed from sending to the dashboard's frame that shows them.
    #[arg(long, default_value_t = 50)]
    deposits: usize,
    /// Seconds an idle dashboard's requests are counted.
    #[arg(long, default_value_t = 60)]
    idle_seconds: u64,
    /// Transactions confirmed each way, by subscription and by polling.
    #[arg(long, default_value_t = 50)]
    confirmations: u64,
    /// Deposits in the market whose pool history is read back and drawn.
    #[arg(long, default_value_t = 1_000)]
    history_deposits: usize,
}

#[tokio::main]
async fn main() -> ExitCode {
    match run(Args::parse()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("dashboard-bench: {error:#}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> Result<()> {
    let Some(state_dir) = args.state_dir else {
        println!(
            "command: target/release/examples/dashboard-bench --synthetic --markets {}",
            args.markets
        );
        let chain = markets::synthetic_chain(args.markets);
        frames::measure(chain.clone(), args.frames, Grouping::Flat)?;
        return frames::measure(chain, args.frames, Grouping::ByFixture);
    };
    println!("command: just bench  (target/release/examples/dashboard-bench)");
    let session = Arc::new(Session::new(GlobalArgs {
        txline_url: None,
        priority_fee: None,
        url: Cluster::Localnet,
        keypair: None,
        json: false,
        state_dir: state_dir.clone(),
    }));
    let endpoint = session.endpoint()?;
    let client = session.client().await?;
    let wallet = session.wallet()?;

    let creating = FulltimeClient::connect(endpoint.clone())
        .await?
        .confirm_by_polling();
    let total = markets::create(&creating, args.markets).await?;
    let chain = load::measure(&endpoint, &wallet, total).await?;
    frames::measure(chain.clone(), args.frames, Grouping::Flat)?;
    frames::measure(chain, args.frames, Grouping::ByFixture)?;
    history::measure(&client, &wallet, total - 2, args.history_deposits).await?;
    deposit::measure(&session, &client, &wallet, total - 1, args.deposits).await?;
    idle::measure(
        &state_dir,
        wallet.pubkey(),
        Duration::from_secs(args.idle_seconds),
    )
    .await?;
    confirm::measure(&session, &wallet, args.confirmations).await
}
