//! The command line: global flags like the solana CLI's, one subcommand per action, one file per
//! group of subcommands.

mod context;
mod create_market;
mod deposit;
mod markets;
mod refusal;
mod settle;
mod wallet;
mod warp;
mod withdraw;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};
use fulltime_client::cluster::Cluster;
use fulltime_client::localnet_env::DEFAULT_STATE_DIR;

pub use context::Context;

use crate::dashboard::DashboardOptions;
use crate::output::Output;
use crate::output::failure::CliError;

/// Fulltime prediction markets on Solana: list and inspect markets, stake test USDC on YES or
/// NO, settle with a proof fixture, claim payouts.
///
/// Without a subcommand, `fulltime` opens the dashboard: the markets (live, filtered and sorted),
/// the selected market, the wallet and recent activity, with keys to deposit, settle, claim,
/// refund, create a market, warp the localnet clock and ask the faucet (`?` lists them).
///
/// Amounts are USDC with up to 6 decimals (2.5 = 2.5 USDC). Failures print the program error's
/// name, message and the action to take, and exit non-zero; with --json, one JSON object
/// {"error", "code", "program", "message", "action"}.
#[derive(Debug, Parser)]
#[command(name = "fulltime", version)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    /// The dashboard's own flags; used only without a subcommand.
    #[command(flatten)]
    pub dashboard: DashboardOptions,
    /// None opens the dashboard.
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Args)]
#[command(next_help_heading = "Global options")]
pub struct GlobalArgs {
    /// Cluster: localnet (the node `localnet` runs, found through --state-dir), devnet,
    /// mainnet, or an http(s):// JSON-RPC URL.
    #[arg(
        short,
        long,
        global = true,
        default_value = "localnet",
        env = "FULLTIME_URL",
        value_name = "URL_OR_MONIKER"
    )]
    pub url: Cluster,

    /// Wallet keypair file (solana CLI JSON format); it signs and pays for transactions.
    /// Defaults to ~/.config/solana/id.json when it exists, else, on localnet only, the wallet
    /// localnet funded (`wallet` in <state-dir>/env.json).
    #[arg(
        short,
        long,
        global = true,
        env = "FULLTIME_KEYPAIR",
        value_name = "PATH"
    )]
    pub keypair: Option<PathBuf>,

    /// Print one JSON object (the result, or the error) instead of text. Amounts in JSON are
    /// base units (1 USDC = 1000000).
    #[arg(long, global = true)]
    pub json: bool,

    /// Where localnet writes env.json (its RPC URL, programs, mint, funded wallet); used with
    /// --url localnet, and for the wallet when the URL is the one env.json names.
    #[arg(
        long,
        global = true,
        default_value = DEFAULT_STATE_DIR,
        env = "FULLTIME_STATE_DIR",
        value_name = "DIR"
    )]
    pub state_dir: PathBuf,
}

/// For commands whose inputs the client checks the way the program does.
#[derive(Debug, Args)]
pub struct Checks {
    /// Send the transaction even when the client would refuse it (an outcome other than 0 or 1,
    /// less than 0.1 USDC or more than the wallet holds, a question over 140 characters, a
    /// close time not in the future or over 366 days ahead, a predicate no value satisfies, a
    /// dispute window out of bounds, a settlement before the close time or after the dispute
    /// window, a claim or refund before the settlement is final, no position, no USDC account),
    /// to see the program's own answer.
    #[arg(long)]
    pub force: bool,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every market with its status, close time and totals.
    Markets,
    /// Show one market: status, terms, totals and addresses.
    Market(markets::MarketArgs),
    /// Show the wallet's SOL and test USDC balances and its positions.
    Balance,
    /// Create a market on a match statistic.
    CreateMarket(create_market::CreateMarketArgs),
    /// Stake test USDC on YES (1) or NO (0).
    Deposit(deposit::DepositArgs),
    /// Settle a closed market with a proof fixture; the oracle program validates the proof. The
    /// settlement is provisional for the market's dispute window, in which a later proof
    /// replaces it.
    Settle(settle::SettleArgs),
    /// Claim the payout of the wallet's winning position, once the settlement is final.
    Claim(withdraw::WithdrawArgs),
    /// Take back the wallet's stake from a refundable market (no winners, or never settled).
    Refund(withdraw::WithdrawArgs),
    /// Ask the faucet to mint test USDC to the wallet.
    Faucet(wallet::FaucetArgs),
    /// Move the cluster clock forward (a node with surfpool's cheat codes, like localnet).
    Warp(warp::WarpArgs),
}

/// Runs one subcommand.
pub async fn run(global: GlobalArgs, command: Command) -> Result<Output, CliError> {
    let context = Context::new(global);
    match command {
        Command::Markets => markets::list(&context).await,
        Command::Market(args) => markets::show(&context, args).await,
        Command::Balance => wallet::balance(&context).await,
        Command::CreateMarket(args) => create_market::run(&context, args).await,
        Command::Deposit(args) => deposit::run(&context, args).await,
        Command::Settle(args) => settle::run(&context, args).await,
        Command::Claim(args) => withdraw::claim(&context, args).await,
        Command::Refund(args) => withdraw::refund(&context, args).await,
        Command::Faucet(args) => wallet::faucet(&context, args).await,
        Command::Warp(args) => warp::run(&context, args).await,
    }
}

#[cfg(test)]
mod tests;
