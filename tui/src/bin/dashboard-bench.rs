//! `just bench`: the dashboard's load, frame and deposit-to-view figures against a running
//! localnet node (see `fulltime::bench`).

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use fulltime::bench::{Options, run};

#[derive(Parser)]
struct Args {
    /// Where the running localnet wrote env.json.
    #[arg(long, required_unless_present = "synthetic")]
    state_dir: Option<PathBuf>,
    /// Only the frame figure, on made-up markets, without a node.
    #[arg(long, conflicts_with = "state_dir")]
    synthetic: bool,
    /// Markets the node should hold before measuring.
    #[arg(long, default_value_t = 10_000)]
    markets: u64,
    /// Frames drawn for the frame-time figure.
    #[arg(long, default_value_t = 200)]
    frames: usize,
    /// Deposits timed from sending to the dashboard's reading.
    #[arg(long, default_value_t = 5)]
    deposits: usize,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let options = Options {
        state_dir: args.state_dir,
        markets: args.markets,
        frames: args.frames,
        deposits: args.deposits,
    };
    match run(options).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("dashboard-bench: {error:#}");
            ExitCode::FAILURE
        }
    }
}
