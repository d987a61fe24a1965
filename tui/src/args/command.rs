//! The subcommands and their arguments, as clap parses them; `cli/` carries them out.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use fulltime_client::amount::parse_usdc;
use fulltime_client::faucet::DEFAULT_FAUCET_URL;
use fulltime_client::txline_interface::TraderPredicate;

use crate::input::{
    DEFAULT_DISPUTE_WINDOW, StatSpec, When, parse_predicate, parse_span, parse_stat,
};

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every market with its status, close time and totals.
    Markets,
    /// Show one market: status, terms, totals and addresses.
    Market(MarketArgs),
    /// Show the wallet's SOL and test USDC balances and its positions.
    Balance,
    /// Create a market on a match statistic.
    CreateMarket(CreateMarketArgs),
    /// Stake test USDC on YES (1) or NO (0).
    Deposit(DepositArgs),
    /// Settle a closed market with a proof file; the oracle program validates the proof. The
    /// settlement is provisional for the market's dispute window, in which a later proof
    /// replaces it.
    Settle(SettleArgs),
    /// Claim the payout of the wallet's winning position, once the settlement is final; with
    /// --all, every payout and refund the wallet is owed.
    Claim(ClaimArgs),
    /// Take back the wallet's stake from a refundable market (no winners, or never settled).
    Refund(WithdrawArgs),
    /// Ask the faucet to mint test USDC to the wallet.
    Faucet(FaucetArgs),
    /// Move the cluster clock forward (a node with surfpool's cheat codes, like localnet).
    Warp(WarpArgs),
    /// The wallet book: named wallets in <state-dir>/wallets/, used with `--keypair NAME`.
    #[command(subcommand)]
    Wallet(WalletCommand),
    /// Save the local chain of --state-dir to one file, or list the saved ones.
    #[command(subcommand)]
    Snapshot(SnapshotCommand),
    /// Save the moment (chain, wallets, timeline and step) as one file for someone else.
    #[command(subcommand)]
    Bundle(super::BundleCommand),
    /// Match timelines (fixtures/timelines/): a QA run written once as a file.
    #[command(subcommand)]
    Timeline(TimelineCommand),
}

#[derive(Debug, Subcommand)]
pub enum TimelineCommand {
    /// Run FILE against a fresh localnet of its own (the `localnet` beside `fulltime`), or with
    /// --url on the command line against that running node: make its wallets and markets, play
    /// its steps in order at their times, check every expectation. Stops at the first unexpected
    /// result (exit 1); a file that does not load, an unknown --to step or a node whose clock is
    /// past the first step exits 2 and sends nothing. Its own node and state directory are
    /// removed at the end, unless --to leaves them running.
    Run(TimelineRunArgs),
}

#[derive(Debug, Args)]
pub struct TimelineRunArgs {
    /// The timeline file, like fixtures/timelines/pro-rata-payouts.toml.
    pub file: PathBuf,

    /// Stop after the step named STEP and leave the node running there for hands-on QA; the
    /// output says where it is, how to open the dashboard on it and how to stop it.
    #[arg(long, value_name = "STEP")]
    pub to: Option<String>,

    /// Save a snapshot of the chain where the run stops as NAME, in <state-dir>/snapshots/
    /// (where `localnet --snapshot NAME` and `just dev --snapshot NAME` load it).
    #[arg(long, value_name = "NAME")]
    pub snapshot: Option<String>,

    /// With --url: the faucet a `faucet` action asks (a run's own node gets a faucet of its
    /// own).
    #[command(flatten)]
    pub faucet: FaucetArgs,

    /// `--url` was given on the command line: run on that node, not on one of the run's own.
    /// Set from where clap took the value (`FULLTIME_URL` does not count).
    #[arg(skip)]
    pub on_given_url: bool,
}

#[derive(Debug, Subcommand)]
pub enum WalletCommand {
    /// Make a new wallet in the book under NAME (a fresh keypair; an existing name is refused).
    New(WalletNewArgs),
    /// Every wallet of the book with its SOL, test USDC and positions.
    List,
}

#[derive(Debug, Subcommand)]
pub enum SnapshotCommand {
    /// Write the whole chain of the localnet that --state-dir describes (accounts, clock, slot,
    /// the mint and the keys env.json names) to <state-dir>/snapshots/NAME.snapshot: one file to
    /// attach to a bug report. `localnet --snapshot NAME` (or `just dev --snapshot NAME`, or a
    /// path to the file) starts a chain from it, at the same clock.
    Save(SnapshotSaveArgs),
    /// List the snapshots in <state-dir>/snapshots/: when saved, the chain's clock and slot,
    /// and whether this build can load them.
    List,
}

#[derive(Debug, Args)]
pub struct WalletNewArgs {
    /// 1 to 32 letters, digits, `-` or `_`; then `--keypair NAME` acts as it. Checked by the
    /// command, so that `--json` reports a bad name as it reports any failure.
    pub name: String,

    /// Fund it: on localnet, 10 SOL by the node's airdrop and 100 test USDC from its mint; on
    /// devnet, test USDC from the faucet (SOL for fees comes from the cluster's faucet). Never
    /// on mainnet.
    #[arg(long)]
    pub fund: bool,

    #[command(flatten)]
    pub faucet: FaucetArgs,
}

#[derive(Debug, Args)]
pub struct SnapshotSaveArgs {
    /// The snapshot's name: letters, digits, `-`, `_` and `.`.
    pub name: String,
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

#[derive(Debug, Args)]
pub struct MarketArgs {
    /// Market id (from `fulltime markets`).
    pub id: u64,
}

#[derive(Debug, Args)]
pub struct CreateMarketArgs {
    /// The question users stake on, at most 140 characters.
    #[arg(long)]
    pub question: String,

    /// When deposits close: +DURATION from the cluster clock (+10m, +2h, +1h30m) or an
    /// RFC 3339 time (2026-11-20T18:00:00Z). Must be in the future, at most 366 days ahead.
    #[arg(long, value_name = "TIME", allow_hyphen_values = true)]
    pub close: When,

    /// The match's fixture id, as in the oracle's score batches.
    #[arg(long, value_name = "ID", allow_negative_numbers = true)]
    pub fixture: i64,

    /// The stat key the proof must prove (in the match catalog 1 is home goals, 2 away goals),
    /// or two stats of the same event combined: 1+2 (total goals) or 1-2 (goal difference, home
    /// minus away). The predicate then applies to the combined value.
    #[arg(long, value_name = "KEY|KEY+KEY|KEY-KEY", value_parser = parse_stat)]
    pub stat: StatSpec,

    /// The stat's period: 1 (first half) or 100 (full time), the periods the event that
    /// finishes the match carries. A value of any other period is still in play, so a market on
    /// it could never settle and is refused.
    #[arg(long, default_value_t = 100, allow_negative_numbers = true)]
    pub period: i32,

    /// The market resolves YES when the stat satisfies <gt|lt|eq>:<THRESHOLD>, e.g. gt:1
    /// (more than 1). A predicate no value can satisfy (gt:2147483647, lt:-2147483648) is
    /// refused.
    #[arg(long, value_name = "CMP:THRESHOLD", value_parser = parse_predicate, allow_hyphen_values = true)]
    pub predicate: TraderPredicate,

    /// How long a settlement stays provisional: until then a strictly later proof of the same
    /// stat replaces it, and nothing is paid out. A duration from 60s to 7days, like 90s, 10m,
    /// 1h.
    #[arg(
        long,
        value_name = "DURATION",
        default_value = DEFAULT_DISPUTE_WINDOW,
        value_parser = parse_span
    )]
    pub dispute_window: i64,

    #[command(flatten)]
    pub checks: Checks,
}

#[derive(Debug, Args)]
pub struct DepositArgs {
    /// Market id (from `fulltime markets`).
    pub id: u64,

    /// The side: yes or 1, no or 0. A wallet keeps the side of its first deposit.
    #[arg(value_name = "yes|no|1|0", allow_hyphen_values = true)]
    pub outcome: String,

    /// USDC to stake, up to 6 decimals (e.g. 2.5); at least 0.1.
    #[arg(value_parser = parse_usdc, allow_hyphen_values = true)]
    pub amount: u64,

    #[command(flatten)]
    pub checks: Checks,
}

#[derive(Debug, Args)]
pub struct SettleArgs {
    /// Market id (from `fulltime markets`).
    pub id: u64,

    /// Proof file (JSON), e.g. fixtures/generated/arsenal-home-goals-over-1.json. Its proof
    /// must be of the market's fixture, stat and period; the outcome stated is the one its value
    /// gives the market's predicate. During the dispute window a strictly later proof replaces
    /// the settlement.
    // `--fixture`, its name before a proof file had its own word, still works.
    #[arg(long, value_name = "PATH", alias = "fixture")]
    pub proof: PathBuf,

    #[command(flatten)]
    pub checks: Checks,
}

/// `claim` and `refund`.
#[derive(Debug, Args)]
pub struct WithdrawArgs {
    /// Market id (from `fulltime markets`).
    pub id: u64,

    #[command(flatten)]
    pub checks: Checks,
}

#[derive(Debug, Args)]
pub struct ClaimArgs {
    /// Market id (from `fulltime markets`).
    #[arg(required_unless_present = "all")]
    pub id: Option<u64>,

    /// Claim every winning position and refund every refundable stake of the wallet, in as few
    /// transactions as fit; prints what was paid and what is still waiting, until when.
    #[arg(long, conflicts_with_all = ["id", "force"])]
    pub all: bool,

    #[command(flatten)]
    pub checks: Checks,
}

/// The `faucet` command's one flag, which the dashboard takes too (for `f`).
#[derive(Debug, Args)]
pub struct FaucetArgs {
    /// The faucet's base URL; the request goes to <URL>/api/faucet.
    #[arg(
        id = "faucet_url",
        long = "faucet-url",
        default_value = DEFAULT_FAUCET_URL,
        env = "FULLTIME_FAUCET_URL",
        value_name = "URL"
    )]
    pub url: String,
}

#[derive(Debug, Args)]
pub struct WarpArgs {
    /// Where to: +DURATION from the cluster clock (+11m, +8days) or an RFC 3339 time. The
    /// clock only moves forward.
    #[arg(value_name = "TIME", allow_hyphen_values = true)]
    pub to: When,
}
