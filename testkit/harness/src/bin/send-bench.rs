//! `just bench`'s send path: against a running `localnet` (its `env.json` in `--state-dir`),
//! transfers from several clients at once, each on one blockhash fetched at the start and sent
//! without preflight (how many were accepted, how many then processed, at what rate); then
//! deposits pipelined over JSON-RPC (many in flight, confirmed afterwards), at what rate.
//!
//! Wall-clock figures from a shared machine: compare them between runs of the same command.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::system_instruction;
use clap::Parser;
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_localnet::node::load_keypair;
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::config::RpcSendTransactionConfig;
use solana_signature::Signature;
use solana_signer::Signer;
use solana_transaction::Transaction;
use tokio::task::JoinHandle;

#[derive(Parser)]
struct Args {
    /// The node's state directory: its `env.json` names the node, the wallet and the mint.
    #[arg(long, default_value = ".localnet")]
    state_dir: PathBuf,
    /// Clients sending transfers at once.
    #[arg(long, default_value_t = 8)]
    clients: usize,
    /// Transfers each client sends.
    #[arg(long, default_value_t = 350)]
    transfers: usize,
    /// Deposits pipelined on the first demo market.
    #[arg(long, default_value_t = 2_000)]
    deposits: usize,
    /// Deposits in flight at once.
    #[arg(long, default_value_t = 16)]
    in_flight: usize,
}

/// How long the processed count may stand still before the rest count as lost.
const PATIENCE: Duration = Duration::from_secs(5);
const LAMPORTS_PER_CLIENT: u64 = 1_000_000_000;
/// A sender fetches a new blockhash this often, as a client that queues its sends would.
const BLOCKHASH_REUSE: usize = 100;

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let command: Vec<String> = std::env::args().collect();
    println!("command: {}", command.join(" "));
    let env = match LocalnetEnv::load(&args.state_dir) {
        Ok(env) => env,
        Err(error) => {
            eprintln!("send-bench: {error}");
            return ExitCode::FAILURE;
        }
    };
    let wallet = match load_keypair(&env.wallet) {
        Ok(wallet) => Arc::new(wallet),
        Err(error) => {
            eprintln!("send-bench: {error}");
            return ExitCode::FAILURE;
        }
    };
    let rpc = Arc::new(RpcClient::new_with_commitment(
        env.rpc_url.clone(),
        CommitmentConfig::confirmed(),
    ));
    match transfers(&rpc, &env, &args).await {
        Ok(report) => println!(
            "transfers, {} clients at once ({} each, one blockhash each, skipPreflight): accepted {} of {}, processed {}, {:.0} processed/s",
            args.clients,
            args.transfers,
            report.accepted,
            args.clients * args.transfers,
            report.processed,
            report.rate()
        ),
        Err(error) => eprintln!("send-bench: transfers: {error}"),
    }
    match deposits(&rpc, &env, &wallet, &args).await {
        Ok(report) => println!(
            "deposits over JSON-RPC, pipelined ({} in flight, then confirmed): accepted {} of {}, processed {}, {:.0} deposits/s",
            args.in_flight,
            report.accepted,
            args.deposits,
            report.processed,
            report.rate()
        ),
        Err(error) => eprintln!("send-bench: deposits: {error}"),
    }
    ExitCode::SUCCESS
}

struct Report {
    accepted: usize,
    processed: usize,
    elapsed: Duration,
}

impl Report {
    fn rate(&self) -> f64 {
        self.processed as f64 / self.elapsed.as_secs_f64()
    }
}

async fn transfers(rpc: &RpcClient, env: &LocalnetEnv, args: &Args) -> Result<Report, String> {
    let clients: Vec<Keypair> = (0..args.clients).map(|_| Keypair::new()).collect();
    let mut funding = Vec::new();
    for client in &clients {
        funding.push(
            rpc.request_airdrop(&client.pubkey(), LAMPORTS_PER_CLIENT)
                .await
                .map_err(|error| format!("airdrop: {error}"))?,
        );
    }
    processed(rpc, &funding).await;
    let started = Instant::now();
    let senders: Vec<_> = clients
        .into_iter()
        .map(|client| {
            let rpc =
                RpcClient::new_with_commitment(env.rpc_url.clone(), CommitmentConfig::confirmed());
            let transfers = args.transfers as u64;
            tokio::spawn(async move {
                let Ok(blockhash) = rpc.get_latest_blockhash().await else {
                    return Vec::new();
                };
                let recipient = Pubkey::new_unique();
                let mut accepted = Vec::new();
                for lamports in 1_000_000..1_000_000 + transfers {
                    let transaction = Transaction::new_signed_with_payer(
                        &[system_instruction::transfer(
                            &client.pubkey(),
                            &recipient,
                            lamports,
                        )],
                        Some(&client.pubkey()),
                        &[&client],
                        blockhash,
                    );
                    if let Ok(signature) = rpc
                        .send_transaction_with_config(&transaction, skip_preflight())
                        .await
                    {
                        accepted.push(signature);
                    }
                }
                accepted
            })
        })
        .collect();
    report(rpc, senders, started).await
}

async fn deposits(
    rpc: &Arc<RpcClient>,
    env: &LocalnetEnv,
    wallet: &Arc<Keypair>,
    args: &Args,
) -> Result<Report, String> {
    let market = fulltime_client::pda::market(0);
    let started = Instant::now();
    let senders: Vec<_> = (0..args.in_flight)
        .map(|sender| {
            let rpc = Arc::clone(rpc);
            let wallet = Arc::clone(wallet);
            let mint = env.mint;
            let count = args.deposits / args.in_flight
                + usize::from(sender < args.deposits % args.in_flight);
            let in_flight = args.in_flight as u64;
            tokio::spawn(async move {
                let mut accepted = Vec::new();
                let mut blockhash = None;
                for index in 0..count {
                    if index % BLOCKHASH_REUSE == 0 {
                        blockhash = rpc.get_latest_blockhash().await.ok();
                    }
                    let Some(blockhash) = blockhash else { continue };
                    // Every amount differs, so every signature does.
                    let amount = 100_000 + index as u64 * in_flight + sender as u64;
                    let deposit = fulltime_client::instructions::deposit(
                        wallet.pubkey(),
                        mint,
                        market,
                        1,
                        amount,
                    );
                    let transaction = Transaction::new_signed_with_payer(
                        &[deposit],
                        Some(&wallet.pubkey()),
                        &[&wallet],
                        blockhash,
                    );
                    if let Ok(signature) = rpc.send_transaction(&transaction).await {
                        accepted.push(signature);
                    }
                }
                accepted
            })
        })
        .collect();
    report(rpc, senders, started).await
}

/// What the senders had accepted, and how much of it was then processed, counted from `started`.
async fn report(
    rpc: &RpcClient,
    senders: Vec<JoinHandle<Vec<Signature>>>,
    started: Instant,
) -> Result<Report, String> {
    let mut accepted = Vec::new();
    for sender in senders {
        accepted.extend(sender.await.map_err(|error| error.to_string())?);
    }
    let (processed, last) = processed(rpc, &accepted).await;
    Ok(Report {
        accepted: accepted.len(),
        processed,
        elapsed: last.saturating_duration_since(started),
    })
}

fn skip_preflight() -> RpcSendTransactionConfig {
    RpcSendTransactionConfig {
        skip_preflight: true,
        ..RpcSendTransactionConfig::default()
    }
}

/// How many of `signatures` are confirmed without error, waiting while the count still grows,
/// and when the count last grew.
async fn processed(rpc: &RpcClient, signatures: &[Signature]) -> (usize, Instant) {
    let mut done = vec![false; signatures.len()];
    let mut count = 0;
    let mut last_growth = Instant::now();
    while count < signatures.len() && last_growth.elapsed() < PATIENCE {
        for (chunk, done) in signatures.chunks(256).zip(done.chunks_mut(256)) {
            let Ok(statuses) = rpc.get_signature_statuses(chunk).await else {
                continue;
            };
            for (status, done) in statuses.value.into_iter().zip(done) {
                let confirmed = status.is_some_and(|status| {
                    status.err.is_none()
                        && status.satisfies_commitment(CommitmentConfig::confirmed())
                });
                if confirmed && !*done {
                    *done = true;
                    count += 1;
                    last_growth = Instant::now();
                }
            }
        }
        if count < signatures.len() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    (count, last_growth)
}
