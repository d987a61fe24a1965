//! `faucet-bench`: requests per second and p50/p99 latency of the faucet's 400 and 429 paths
//! under concurrent load, against the app in process on loopback; with `--rpc-url localnet`,
//! also mints per second against a running `localnet`. Every run is bounded by a request count
//! and a time limit.
//!
//! `cargo run --release -p fulltime-faucet --bin faucet-bench -- --requests 20000`

use std::{
    process::ExitCode,
    sync::{
        Arc,
        atomic::{AtomicUsize, Ordering},
    },
    time::{Duration, Instant},
};

use clap::Parser;
use fulltime_client::faucet::FAUCET_PATH;
use fulltime_faucet::{
    AppState, ConnectionLimits, app,
    config::Args as FaucetArgs,
    limits::RateLimits,
    mint::{Fate, FateFuture, MintFuture, Minted, Minter, Sent},
};
use reqwest::StatusCode;
use solana_address::Address;
use solana_keypair::Keypair;
use solana_signature::Signature;
use solana_signer::Signer;

#[derive(Debug, Parser)]
#[command(about = "Load figures of the faucet's 400 and 429 paths, and of minting on localnet")]
struct Args {
    /// Requests per measured path (at most).
    #[arg(long, default_value_t = 20_000)]
    requests: usize,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 32)]
    concurrency: usize,
    /// Time limit per measured path, in seconds.
    #[arg(long, default_value_t = 10)]
    max_secs: u64,
    /// Also measure real mints against the running localnet (only `localnet` is accepted).
    #[arg(long, value_parser = ["localnet"])]
    rpc_url: Option<String>,
    /// Where localnet wrote env.json.
    #[arg(long, default_value = fulltime_files::localnet_env::DEFAULT_STATE_DIR)]
    state_dir: String,
    /// Mints to measure against localnet (at most), each to a fresh wallet.
    #[arg(long, default_value_t = 50)]
    mints: usize,
}

/// Answers at once: the 429 path needs one successful mint first, and nothing else of it.
struct InstantMinter;

impl Minter for InstantMinter {
    fn mint(&self, _wallet: Address) -> MintFuture<'_> {
        Box::pin(async {
            Ok(Minted {
                signature: Signature::default(),
                amount: 1,
                mint: Address::default(),
            })
        })
    }

    fn follow(&self, _sent: Sent) -> FateFuture<'_> {
        Box::pin(async { Fate::Confirmed })
    }
}

struct Load {
    url: String,
    requests: usize,
    concurrency: usize,
    limit: Duration,
}

struct Report {
    expected: usize,
    unexpected: usize,
    elapsed: Duration,
    /// Sorted.
    latencies: Vec<Duration>,
}

impl Report {
    fn percentile(&self, percent: usize) -> Duration {
        let index = self.latencies.len() * percent / 100;
        self.latencies[index.min(self.latencies.len() - 1)]
    }

    fn print(&self, path: &str) {
        let done = self.latencies.len();
        if done == 0 {
            println!("{path:<6} no answers");
            return;
        }
        println!(
            "{path:<6} {:>9} {:>10} {:>9.2} {:>10.0} {:>9.2} {:>9.2}",
            done,
            self.unexpected,
            self.elapsed.as_secs_f64(),
            done as f64 / self.elapsed.as_secs_f64(),
            self.percentile(50).as_secs_f64() * 1e3,
            self.percentile(99).as_secs_f64() * 1e3,
        );
    }
}

impl Load {
    /// Sends up to `requests` copies of `body()` with `concurrency` in flight,
    /// until done or past the time limit; counts answers that are not `expected`.
    async fn run(
        &self,
        client: &reqwest::Client,
        expected: StatusCode,
        body: impl Fn() -> String + Send + Sync + 'static,
    ) -> Report {
        let next = Arc::new(AtomicUsize::new(0));
        let body = Arc::new(body);
        let deadline = Instant::now() + self.limit;
        let started = Instant::now();
        let mut workers = tokio::task::JoinSet::new();
        for _ in 0..self.concurrency {
            let (client, next, body) = (client.clone(), next.clone(), body.clone());
            let (url, total) = (self.url.clone(), self.requests);
            workers.spawn(async move {
                let mut latencies = Vec::new();
                let mut unexpected = 0;
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total || Instant::now() >= deadline {
                        break;
                    }
                    let sent = Instant::now();
                    let answer = client
                        .post(&url)
                        .header("content-type", "application/json")
                        .body(body())
                        .send()
                        .await;
                    let status = match answer {
                        Ok(response) => {
                            let status = response.status();
                            // Read the body so the connection can be reused.
                            let _ = response.bytes().await;
                            Some(status)
                        }
                        Err(_) => None,
                    };
                    latencies.push(sent.elapsed());
                    unexpected += usize::from(status != Some(expected));
                }
                (latencies, unexpected)
            });
        }
        let mut latencies = Vec::new();
        let mut unexpected = 0;
        for (worker_latencies, worker_unexpected) in workers.join_all().await {
            latencies.extend(worker_latencies);
            unexpected += worker_unexpected;
        }
        let elapsed = started.elapsed();
        latencies.sort_unstable();
        Report {
            expected: latencies.len() - unexpected,
            unexpected,
            elapsed,
            latencies,
        }
    }
}

/// Serves `state` as the `faucet` binary does, on a free loopback port, but with the whole
/// connection cap open to one address: every connection of the bench comes from 127.0.0.1, and
/// the per-address and per-network caps would turn a `--concurrency` above them into refusals.
/// Returns the endpoint's URL.
async fn serve(state: AppState) -> std::io::Result<String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let url = format!("http://{}{FAUCET_PATH}", listener.local_addr()?);
    let defaults = ConnectionLimits::default();
    let limits = ConnectionLimits {
        max_connections_per_peer: defaults.max_connections,
        max_connections_per_network: defaults.max_connections,
        ..defaults
    };
    tokio::spawn(fulltime_faucet::serve(
        listener,
        app(state),
        limits,
        std::future::pending(),
    ));
    Ok(url)
}

fn wallet_body(wallet: &Address) -> String {
    format!(r#"{{"wallet":"{wallet}"}}"#)
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    print_setup(&args);
    match run(&args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("faucet-bench: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The command line, the build and the load, above the figures.
fn print_setup(args: &Args) {
    let command: Vec<String> = std::env::args().collect();
    println!("command: {}", command.join(" "));
    println!(
        "build: {}; concurrency {}; at most {} requests and {} s per path",
        if cfg!(debug_assertions) {
            "debug (use --release for figures)"
        } else {
            "release"
        },
        args.concurrency,
        args.requests,
        args.max_secs,
    );
}

/// The 400 and 429 paths, then (`--rpc-url localnet`) the mints; `Err` says why the bench
/// could not go on.
async fn run(args: &Args) -> Result<(), String> {
    let client = reqwest::Client::new();
    refusal_paths(args, &client).await?;
    if args.rpc_url.is_some() {
        mints_on_localnet(args, &client).await?;
    }
    Ok(())
}

impl Args {
    /// Up to `requests` to `url`, `concurrency` in flight, within the time limit per path.
    fn load(&self, url: &str, requests: usize, concurrency: usize) -> Load {
        Load {
            url: url.to_owned(),
            requests,
            concurrency,
            limit: Duration::from_secs(self.max_secs),
        }
    }
}

/// The 400 path (an address that does not parse) and the 429 path (a wallet cooling down),
/// against the app in process with a minter that answers at once.
async fn refusal_paths(args: &Args, client: &reqwest::Client) -> Result<(), String> {
    // The wallet's cooldown outlasts the run, so every request after the first is a 429. The
    // cooldown answers before the rate limits are asked, so they play no part here.
    let state = AppState::new(
        Some(Arc::new(InstantMinter)),
        Duration::from_secs(3_600),
        RateLimits::off(),
        Duration::from_secs(30),
    );
    let url = serve(state)
        .await
        .map_err(|error| format!("cannot listen on loopback: {error}"))?;

    let cooling = Keypair::new().pubkey();
    let first = args
        .load(&url, 1, 1)
        .run(client, StatusCode::OK, move || wallet_body(&cooling))
        .await;
    if first.expected != 1 {
        return Err("the first request for the cooling wallet was not minted".into());
    }
    let load_paths = args.load(&url, args.requests, args.concurrency);

    println!("path    answered unexpected   seconds    req/s    p50 ms    p99 ms");
    let invalid = load_paths
        .run(client, StatusCode::BAD_REQUEST, || {
            r#"{"wallet":"not-an-address"}"#.to_owned()
        })
        .await;
    invalid.print("400");
    let cooldown = load_paths
        .run(client, StatusCode::TOO_MANY_REQUESTS, move || {
            wallet_body(&cooling)
        })
        .await;
    cooldown.print("429");
    Ok(())
}

/// Real mints against the running localnet, each to a fresh wallet, through the app as the
/// `faucet` binary configures it.
async fn mints_on_localnet(args: &Args, client: &reqwest::Client) -> Result<(), String> {
    let faucet_args = FaucetArgs::try_parse_from([
        "faucet",
        "--rpc-url",
        "localnet",
        "--state-dir",
        &args.state_dir,
        // Every request mints: the limits would refuse all but the first few.
        "--per-ip-per-minute",
        "0",
        "--global-per-minute",
        "0",
    ]);
    let config = faucet_args.map_err(|error| error.to_string())?.resolve();
    if let Err(reason) = &config.minting {
        return Err(format!("cannot mint on localnet: {reason}"));
    }
    let url = serve(config.app_state())
        .await
        .map_err(|error| format!("cannot listen on loopback: {error}"))?;
    let mints = args.load(&url, args.mints, args.concurrency.min(args.mints));
    // A fresh wallet per request: every one is a real mint, none a 429.
    let minted = mints
        .run(client, StatusCode::OK, || {
            wallet_body(&Keypair::new().pubkey())
        })
        .await;
    minted.print("mint");
    println!(
        "mints/second on localnet: {:.1} ({} confirmed)",
        minted.expected as f64 / minted.elapsed.as_secs_f64(),
        minted.expected
    );
    Ok(())
}
