//! `localnet`: a local Solana node with the Fulltime programs, ready for the `fulltime` command
//! and the faucet. Prints one line starting with `ready` once it serves requests.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Parser;
use fulltime_client::terminal_text::escaped;
use fulltime_files::localnet_env::{ChainInfo, DEFAULT_STATE_DIR, READY};
use fulltime_localnet::native::FalsePredicate;
use fulltime_localnet::node::{
    BareNode, ChainStart, CheckpointLimits, DEFAULT_CHECKPOINT_MIB, DEMO_MARKETS, Node,
    NodeOptions, PubsubLimits, RpcLimits, StateDir, parse_allowed_origin,
};

/// A local Solana node (offline surfpool) serving JSON-RPC and WebSocket with the settlement
/// program and the mock TxLINE oracle loaded, a test USDC mint, the proof files' oracle roots,
/// demo markets and a funded wallet. State (keypairs, env.json, the chain) is kept in --state-dir:
/// the chain is resumed on the next start, as it was (accounts, clock, slot), until --reset. A
/// new chain's clock starts two hours before the demo fixtures' first kickoff (a proof must be
/// published after a market's close and before the clock), following the wall clock from there.
#[derive(Debug, Parser)]
#[command(version)]
struct Args {
    /// JSON-RPC port on 127.0.0.1.
    #[arg(long, default_value_t = 8899)]
    rpc_port: u16,
    /// WebSocket port on 127.0.0.1.
    #[arg(long, default_value_t = 8900)]
    ws_port: u16,
    /// Where keypairs, env.json and the chain (chain.snapshot, chain-clock.json) are kept.
    #[arg(long, default_value = DEFAULT_STATE_DIR)]
    state_dir: PathBuf,
    /// Keypair file of the wallet to fund [default: ~/.config/solana/id.json when it exists,
    /// else <state-dir>/wallet.json, created if missing].
    #[arg(long, conflicts_with = "no_bootstrap")]
    wallet: Option<PathBuf>,
    /// Serve the chain with both programs loaded (the settlement program's upgrade authority
    /// being <state-dir>/mint-authority.json, the mock oracle's <state-dir>/oracle-authority.json)
    /// but create nothing on it: no mint, config, oracle
    /// roots, markets or funded wallet, and no env.json (a stale one is removed). Bootstrap it
    /// with `fulltime-bootstrap --url <rpc> --ws-url <ws> --state-dir <state-dir>`, which writes
    /// env.json.
    /// The chain kept in --state-dir is neither resumed nor replaced: this chain is thrown away
    /// when the node stops.
    #[arg(long)]
    no_bootstrap: bool,
    /// Start a new chain, deleting the one kept in --state-dir (keypairs are kept).
    #[arg(long, conflicts_with_all = ["snapshot", "bundle", "no_bootstrap"])]
    reset: bool,
    /// Start from a snapshot (`fulltime snapshot save NAME`): a file, or a NAME in
    /// <state-dir>/snapshots/. It replaces the chain kept in --state-dir, and is kept from there.
    #[arg(long, value_name = "PATH|NAME", conflicts_with = "no_bootstrap")]
    snapshot: Option<String>,
    /// Open a bundle (`fulltime bundle save NAME`): the chain from its snapshot (as --snapshot),
    /// its wallet book written into <state-dir>/wallets/, its timeline, step and proof files into
    /// <state-dir>/bundle/. Refused whole, before anything is written, when it is damaged, from
    /// another build, or carries anything but data.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["snapshot", "no_bootstrap"])]
    bundle: Option<PathBuf>,
    /// Print every processed transaction to stdout: local time, short signature, `ok` or the
    /// error, then its log messages indented. Off by default: the output grows with every
    /// transaction, so whoever reads stdout must keep reading it (redirect it to a file).
    #[arg(long)]
    log_transactions: bool,
    /// Keep the clock still between warps: it moves only when warped and with each block, not
    /// with the wall clock, so that a transaction sent a second before a deadline lands before
    /// it. `fulltime timeline run` starts its own node so.
    #[arg(long)]
    still_clock: bool,
    /// What the mock oracle does with a predicate that does not hold: return false, or fail
    /// with PredicateFailed (the real oracle may do either).
    #[arg(long, value_enum, default_value_t = OracleOnFalse::ReturnFalse)]
    oracle_on_false: OracleOnFalse,
    /// Accept requests from this web page (an origin as the browser sends it, e.g.
    /// http://localhost:3000; repeat for several). Without it, a request that carries an Origin
    /// header, which a browser adds for a page, is refused by both fronts.
    #[arg(long, value_name = "ORIGIN", value_parser = parse_allowed_origin)]
    allow_origin: Vec<String>,
    /// Serve the methods that change programs, authorities or the node itself
    /// (surfnet_setProgramAuthority, surfnet_writeProgram, surfnet_setAccount on a program's
    /// accounts, exit, ...): refused without it. See the README's "The node's fronts".
    #[arg(long)]
    unsafe_cheatcodes: bool,
    /// Connections the JSON-RPC front keeps open at once; more wait until one closes.
    #[arg(long, value_name = "N", default_value_t = RpcLimits::default().max_connections,
          value_parser = at_least_one)]
    rpc_max_connections: usize,
    /// WebSocket connections the node holds at once (handshakes included); one more is
    /// answered HTTP 503.
    #[arg(long, value_name = "N", default_value_t = PubsubLimits::default().max_connections,
          value_parser = at_least_one)]
    ws_max_connections: usize,
    /// Subscriptions one WebSocket connection holds at once (the node's own and those it relays
    /// to surfpool); one more is refused with a JSON-RPC error.
    #[arg(long, value_name = "N", default_value_t = PubsubLimits::default().max_subscriptions,
          value_parser = at_least_one)]
    ws_max_subscriptions: usize,
    /// Memory the kept checkpoints may hold together, in MiB (each counted as if it held its
    /// own copy of every account): past it the oldest are dropped, as past the newest 64. The
    /// newest is always kept.
    #[arg(long, value_name = "MIB", default_value_t = DEFAULT_CHECKPOINT_MIB,
          value_parser = clap::value_parser!(u64).range(1..=1_048_576))]
    checkpoint_memory_mib: u64,
}

/// A count of at least one.
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(count) if count >= 1 => Ok(count),
        _ => Err(format!("`{text}` is not a count of at least 1")),
    }
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum OracleOnFalse {
    ReturnFalse,
    Fail,
}

impl From<OracleOnFalse> for FalsePredicate {
    fn from(choice: OracleOnFalse) -> Self {
        match choice {
            OracleOnFalse::ReturnFalse => Self::ReturnFalse,
            OracleOnFalse::Fail => Self::Fail,
        }
    }
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("localnet: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(run(args))
}

async fn run(args: Args) -> ExitCode {
    let started = std::time::Instant::now();
    // One node per state directory: refused before anything else, and held until the end.
    let mut state = match StateDir::lock(&args.state_dir) {
        Ok(state) => state,
        Err(error) => return failed(&error),
    };
    // Listening before `ready` is printed: whoever reads it may send SIGTERM at once.
    let shutdown = match ShutdownSignal::listen() {
        Ok(shutdown) => shutdown,
        Err(error) => {
            eprintln!("localnet: cannot listen for SIGTERM: {error}");
            return ExitCode::FAILURE;
        }
    };
    let options = args.node_options();
    // A bootstrap's keys are read first, so that a bad --wallet fails before the node starts.
    let keys = match (!args.no_bootstrap && options.makes_new_chain())
        .then(|| options.load_keys(&mut state))
        .transpose()
    {
        Ok(keys) => keys,
        Err(error) => return failed(&error),
    };
    let bare = match BareNode::start(&options, args.log_transactions, state) {
        Ok(bare) => bare,
        Err(error) => return failed(&error),
    };
    // A kept chain (or a snapshot) is resumed as it was; a new one is bootstrapped.
    let node = match keys {
        _ if args.no_bootstrap => {
            print_bare_ready(started, &bare, &args.state_dir);
            shutdown.received().await;
            bare.shutdown();
            println!("stopped");
            return ExitCode::SUCCESS;
        }
        Some(keys) => bare.bootstrap(&options, keys).await,
        None => bare.resume(),
    };
    let node = match node {
        Ok(node) => node,
        Err(error) => return failed(&error),
    };
    print_ready(started, &node, &args.state_dir);
    shutdown.received().await;
    node.shutdown();
    println!("stopped");
    ExitCode::SUCCESS
}

/// Says why the node does not run, and how it ends.
fn failed(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("localnet: {}", escaped(&error.to_string()));
    ExitCode::FAILURE
}

impl Args {
    /// The node these arguments ask for.
    fn node_options(&self) -> NodeOptions {
        NodeOptions {
            rpc_port: self.rpc_port,
            ws_port: self.ws_port,
            state_dir: self.state_dir.clone(),
            wallet: self.wallet.clone(),
            false_predicate: self.oracle_on_false.into(),
            clock_start: None,
            wall_clock: !self.still_clock,
            chain: if self.no_bootstrap {
                ChainStart::Throwaway
            } else if self.reset {
                ChainStart::Reset
            } else if let Some(snapshot) = &self.snapshot {
                ChainStart::Snapshot(snapshot.clone())
            } else if let Some(bundle) = &self.bundle {
                ChainStart::Bundle(bundle.clone())
            } else {
                ChainStart::Keep
            },
            allow_origins: self.allow_origin.clone(),
            unsafe_cheatcodes: self.unsafe_cheatcodes,
            rpc_limits: RpcLimits {
                max_connections: self.rpc_max_connections,
                ..RpcLimits::default()
            },
            checkpoint_limits: CheckpointLimits::with_mib(self.checkpoint_memory_mib),
            pubsub_limits: PubsubLimits {
                max_connections: self.ws_max_connections,
                max_subscriptions: self.ws_max_subscriptions,
            },
        }
    }
}

/// The `ready` line of a chain served with `--no-bootstrap`: where it serves, and how to
/// bootstrap it.
fn print_bare_ready(started: std::time::Instant, bare: &BareNode, state_dir: &Path) {
    println!(
        "{READY} in {} ms: rpc {} ws {}, not bootstrapped (no mint, config or markets; the \
         settlement program's upgrade authority is {} from {}): run `fulltime-bootstrap \
         --url {} --ws-url {} --state-dir {}`",
        started.elapsed().as_millis(),
        bare.rpc_url(),
        bare.ws_url(),
        bare.upgrade_authority(),
        bare.upgrade_authority_path().display(),
        bare.rpc_url(),
        bare.ws_url(),
        state_dir.display(),
    );
    let _ = std::io::stdout().flush();
}

/// The `ready` line of a bootstrapped or resumed chain: where it serves, and which chain it is.
fn print_ready(started: std::time::Instant, node: &Node, state_dir: &Path) {
    let env = node.env();
    let chain = match &env.chain {
        Some(ChainInfo {
            snapshot: Some(snapshot),
            ..
        }) => format!("chain from snapshot {}", escaped(snapshot)),
        Some(ChainInfo { resumed: true, .. }) => "resumed chain".to_owned(),
        _ => format!("new chain, {} demo markets", DEMO_MARKETS.len()),
    };
    println!(
        "{READY} in {} ms: rpc {} ws {} mint {} wallet {} ({chain}; env {})",
        started.elapsed().as_millis(),
        env.rpc_url,
        env.ws_url,
        env.mint,
        escaped(&env.wallet.display().to_string()),
        escaped(&state_dir.join("env.json").display().to_string()),
    );
    let _ = std::io::stdout().flush();
}

/// Ctrl-C (SIGINT) or SIGTERM, listened for from the moment it is made.
#[cfg(unix)]
struct ShutdownSignal {
    interrupt: tokio::signal::unix::Signal,
    terminate: tokio::signal::unix::Signal,
}

#[cfg(unix)]
impl ShutdownSignal {
    fn listen() -> std::io::Result<Self> {
        use tokio::signal::unix::{SignalKind, signal};
        Ok(Self {
            interrupt: signal(SignalKind::interrupt())?,
            terminate: signal(SignalKind::terminate())?,
        })
    }

    async fn received(mut self) {
        tokio::select! {
            _ = self.interrupt.recv() => {}
            _ = self.terminate.recv() => {}
        }
    }
}

/// Ctrl-C.
#[cfg(not(unix))]
struct ShutdownSignal;

#[cfg(not(unix))]
impl ShutdownSignal {
    fn listen() -> std::io::Result<Self> {
        Ok(Self)
    }

    async fn received(self) {
        let _ = tokio::signal::ctrl_c().await;
    }
}
