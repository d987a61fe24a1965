//! The subcommands and their arguments, as clap parses them; `cli/` carries them out.

use std::path::PathBuf;

use clap::{Args, Subcommand};
use fulltime_client::amount::parse_usdc;
use fulltime_client::txline_interface::TraderPredicate;

use fulltime_desk::input::{
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
    /// Settle a closed market with a proof, from a file or fetched from TxLINE's API by record
    /// (--txline); the oracle program validates it. The settlement is provisional for the
    /// market's dispute window, in which a later proof replaces it.
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
    /// TxLINE's API (--txline-url): log in, list its fixtures and a fixture's score records.
    #[command(subcommand)]
    Txline(TxlineCommand),
    /// Proofs of TxLINE's stats: fetch one into a proof file.
    #[command(subcommand)]
    Proof(ProofCommand),
}

#[derive(Debug, Subcommand)]
pub enum TxlineCommand {
    /// Keep TxLINE credentials for the API's host in <state-dir>/txline.toml (mode 0600): the
    /// guest JWT (from TxLINE's /auth/guest/start) and the API token (from /api/token/activate).
    /// They are never printed.
    Login(TxlineLoginArgs),
    /// The fixtures TxLINE covers: id, teams (participant 1 first), kickoff.
    Fixtures,
    /// A fixture's score records, each with its sequence, time, action, phase and period, and
    /// its stats by name; the game_finalised record is the one that settles.
    Scores(TxlineScoresArgs),
}

#[derive(Debug, Args)]
pub struct TxlineLoginArgs {
    /// TxLINE's guest JWT, sent as `Authorization: Bearer`.
    #[arg(long, value_name = "JWT")]
    pub jwt: String,
    /// The activated API token, sent as `X-Api-Token`.
    #[arg(long, value_name = "TOKEN")]
    pub api_token: String,
}

#[derive(Debug, Args)]
pub struct TxlineScoresArgs {
    /// The fixture id.
    #[arg(value_name = "FIXTURE", allow_negative_numbers = true)]
    pub fixture: i64,
}

#[derive(Debug, Subcommand)]
pub enum ProofCommand {
    /// Fetch the proof of a record's stat (and a second of the same record) from TxLINE's API
    /// into a proof file, which every command taking --proof accepts.
    Fetch(ProofFetchArgs),
}

#[derive(Debug, Args)]
pub struct ProofFetchArgs {
    /// The fixture id.
    #[arg(value_name = "FIXTURE", allow_negative_numbers = true)]
    pub fixture: i64,
    /// The record's sequence number (`fulltime txline scores FIXTURE` lists them); by default
    /// the fixture's latest game_finalised record.
    #[arg(long, value_name = "SEQ")]
    pub seq: Option<u32>,
    /// The stat key (TxLINE's encoding: 1 = participant 1's goals, 1001 their first-half
    /// goals); twice for a second stat of the same record.
    #[arg(long = "stat", value_name = "KEY", required = true, num_args = 1)]
    pub stats: Vec<u32>,
    /// Where to write the proof file; by default <state-dir>/proofs/<its name>.json.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum TimelineCommand {
    /// Run timeline files (a folder: its *.toml files, sorted) on one fresh localnet of its own
    /// (the `localnet` beside `fulltime`), or with --url on the command line on that running
    /// node: each timeline from the same clean state (a checkpoint restored between them), its
    /// wallets and markets made, its steps played at their times, every expectation checked; a
    /// timeline stops at its first unexpected result and the next one runs. Prints a line per
    /// timeline, each failure, a summary. Exit 1 when any failed; 2, with nothing run, when a
    /// file does not load (every bad one named), an unknown --to step, or a node whose clock is
    /// past the first step. Its own node and state directory are removed at the end, unless --to
    /// leaves them running.
    Run(TimelineRunArgs),
    /// Draw random match days from --seed (wallets, markets from the catalog's proof cases,
    /// deposits, honest and hostile settles, claims, refunds at the moments that matter), each
    /// predicted by a model of the contract, and play them on one fresh localnet of its own
    /// (a checkpoint restored between them), checking every prediction and the invariants. The
    /// first match day where the chain and the model part is shrunk while it still parts the
    /// same way and written as a timeline file, <state-dir>/timelines/fuzz-SEED-RUN.toml by
    /// default, which `timeline run` replays and the dashboard's T opens; its path and the
    /// one-line cause are printed. Exit 1 on a divergence, 0 otherwise.
    Fuzz(TimelineFuzzArgs),
    /// Play timeline files and folders as `timeline run` does, then list what their runs did on
    /// the chain: each settlement and oracle error reached and by which timeline and step (or
    /// why no timeline can reach it), each market stage and transition visited, each action
    /// kind done and refused; then what nothing reached. Exit 1 when a timeline failed (it
    /// counts up to its failure), 2 when a file does not load.
    Coverage(TimelineCoverageArgs),
}

#[derive(Debug, Args)]
pub struct TimelineCoverageArgs {
    /// Timeline files and folders, like fixtures/timelines.
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// With --url: the faucet a `faucet` action asks.
    #[command(flatten)]
    pub faucet: FaucetArgs,

    /// `--url` was given on the command line: play on that node, not on one of its own.
    #[arg(skip)]
    pub on_given_url: bool,
}

#[derive(Debug, Args)]
pub struct TimelineFuzzArgs {
    /// The seed the match days are drawn from: the same seed draws the same days.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// How many match days to play, unless one diverges first.
    #[arg(long, default_value_t = 100)]
    pub runs: u64,

    /// Where the shrunk timeline is written; by default <state-dir>/timelines/.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,

    /// A line on stderr per match day played, and when the shrink starts.
    #[arg(short, long)]
    pub verbose: bool,
}

#[derive(Debug, Args)]
pub struct TimelineRunArgs {
    /// Timeline files and folders, like fixtures/timelines/pro-rata-payouts.toml or
    /// fixtures/timelines (its *.toml files, not its subfolders', sorted by path).
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,

    /// Each step's actions and expectations one a line, under its timeline's line.
    #[arg(short, long)]
    pub verbose: bool,

    /// Also write the suite as JUnit XML to FILE, for CI (a test case per timeline).
    #[arg(long, value_name = "FILE")]
    pub junit: Option<PathBuf>,

    /// Stop after the step named STEP and leave the node running there for hands-on QA; the
    /// output says where it is, how to open the dashboard on it and how to stop it. One
    /// timeline only.
    #[arg(long, value_name = "STEP")]
    pub to: Option<String>,

    /// Save a snapshot of the chain where the run stops as NAME, in <state-dir>/snapshots/
    /// (where `localnet --snapshot NAME` and `just dev --snapshot NAME` load it). One timeline
    /// only.
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

    /// The TxLINE stat key the proof must prove: base keys 1/2 goals, 3/4 yellow cards, 5/6 red
    /// cards, 7/8 corners of participant 1/2, plus 1000 for the first half, 3000 the second
    /// (1001 = participant 1's first-half goals); or two stats of the same record combined: 1+2
    /// (total goals) or 1-2 (goal difference). The predicate then applies to the combined value.
    #[arg(long, value_name = "KEY|KEY+KEY|KEY-KEY", value_parser = parse_stat)]
    pub stat: StatSpec,

    /// The period the proof's stats must carry: 100, the fixture's game_finalised record's, the
    /// only one that settles (a half is named by its stat key). Any other is refused
    /// (PeriodNeverFinal); --force sends it for the program to refuse.
    #[arg(
        long,
        default_value_t = 100,
        allow_negative_numbers = true,
        hide = true
    )]
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

    /// Proof file (JSON), e.g. fixtures/generated/arsenal-home-goals-over-1.json, or one
    /// `fulltime proof fetch` wrote. Its proof must be of the market's fixture and stat(s), from
    /// the game_finalised record; the outcome stated is the one its value gives the market's
    /// predicate. During the dispute window a strictly later proof replaces the settlement.
    // `--fixture`, its name before a proof file had its own word, still works.
    #[arg(
        long,
        value_name = "PATH",
        alias = "fixture",
        required_unless_present = "txline",
        conflicts_with = "txline"
    )]
    pub proof: Option<PathBuf>,

    /// Fetch the proof from TxLINE's API (--txline-url): the market's fixture's latest
    /// game_finalised record (or --seq), the market's stat(s) in it.
    #[arg(long)]
    pub txline: bool,

    /// With --txline: prove from the record of this sequence instead.
    #[arg(
        long,
        value_name = "SEQ",
        requires = "txline",
        conflicts_with = "proof"
    )]
    pub seq: Option<u32>,

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

/// The `faucet` command's one flag, which the dashboard takes too (for `f`). Without it the
/// session picks the faucet (`Session::faucet_url`): it needs the cluster and the state
/// directory, which clap's default cannot see.
#[derive(Debug, Args)]
pub struct FaucetArgs {
    /// The faucet's base URL; the request goes to <URL>/api/faucet. Defaults, on localnet (or
    /// the stack's node's URL), to the faucet of the stack running from --state-dir
    /// (`faucet_url` in its stack.json), else to http://127.0.0.1:8080.
    #[arg(
        id = "faucet_url",
        long = "faucet-url",
        env = "FULLTIME_FAUCET_URL",
        value_name = "URL"
    )]
    pub url: Option<String>,
}

#[derive(Debug, Args)]
pub struct WarpArgs {
    /// Where to: +DURATION from the cluster clock (+11m, +8days) or an RFC 3339 time. The
    /// clock only moves forward.
    #[arg(value_name = "TIME", allow_hyphen_values = true)]
    pub to: When,
}
