//! The `localnet` node: an offline surfpool with the settlement program and the mock oracle
//! loaded natively, serving the standard Solana JSON-RPC and WebSocket APIs, bootstrapped with
//! a test USDC mint, the settlement config, the oracle roots of the proof files, demo markets
//! and a funded wallet.
//!
//! [`BareNode`] serves the chain with the programs loaded and, on a new chain, nothing else;
//! [`Node`] is one that [`BareNode::bootstrap`] made ready, or that [`BareNode::resume`] serves
//! from the state directory or a snapshot (`lasting`). The bootstrap ([`Bootstrap`]) talks
//! JSON-RPC only, so the `fulltime-bootstrap` command runs the same code against any node.

mod blocks;
mod bootstrap;
mod checkpoints;
mod clock;
mod error;
mod keys;
mod lasting;
mod loopback;
mod method_rules;
mod pubsub;
mod rpc_front;
mod state_dir;
mod surfnet;
mod surfpool;
mod transaction_log;

use std::path::{Path, PathBuf};

use anchor_lang::prelude::Pubkey;
use fulltime_files::localnet_env::{ChainInfo, LocalnetEnv, LocalnetEnvError};
use fulltime_files::snapshot::KeyRole;
use solana_signer::Signer;

use crate::native::{Deployment, FalsePredicate};

pub use blocks::lifetime::LIFETIME_BLOCKS as BLOCKHASH_LIFETIME_BLOCKS;
pub use bootstrap::{
    AUTHORITY_MIN_SOL, Bootstrap, BootstrapOptions, DEMO_DISPUTE_WINDOW_SECS, DEMO_LEAD_SECS,
    DEMO_MARKETS, DEVNET_GENESIS_HASH, MAINNET_GENESIS_HASH, WALLET_SOL, WALLET_USDC,
    demo_clock_start, websocket_url,
};
pub use checkpoints::{CheckpointLimits, DEFAULT_CHECKPOINT_MIB, KEPT_CHECKPOINTS};
pub use error::NodeError;
pub use keys::{
    KeyFile, KeyPaths, MINT_AUTHORITY_FILE, ORACLE_AUTHORITY_FILE, StateKeys, USDC_MINT_FILE,
    WALLET_FILE, load_keypair, load_or_create_keypair,
};
pub use lasting::{CHAIN_FILE, CLOCK_FILE, ChainStart, SNAPSHOT_KEYS_DIR};
pub use loopback::{LoopbackPolicy, LoopbackRefusal, parse_allowed_origin};
pub use pubsub::{CommitFeed, FIRST_FRONT_ID, FeedReport, PubsubLimits, PubsubLoad};
pub use rpc_front::RpcLimits;
pub use state_dir::StateDir;
pub use surfpool::{BlockMade, Committed, SLOT_TIME_MS};

/// How to start a node.
#[derive(Clone, Debug)]
pub struct NodeOptions {
    pub rpc_port: u16,
    pub ws_port: u16,
    /// Keypairs and `env.json` live here.
    pub state_dir: PathBuf,
    /// The wallet to fund; `None` picks the solana CLI's default keypair when it exists, else a
    /// keypair kept in the state directory.
    pub wallet: Option<PathBuf>,
    /// What the mock oracle does with a predicate that does not hold.
    pub false_predicate: FalsePredicate,
    /// Where a new chain's clock starts (unix seconds); `None` is [`demo_clock_start`], before
    /// the demo fixtures' kickoffs. It then follows the wall clock. A resumed chain or one from a
    /// snapshot continues from its own clock.
    pub clock_start: Option<i64>,
    /// The clock follows the wall clock between warps (`false` is `--still-clock`: it moves only
    /// by warps and blocks, so a transaction sent a second before a deadline stays before it).
    pub wall_clock: bool,
    /// Which chain to serve: the kept one, a new one, or a snapshot's.
    pub chain: ChainStart,
    /// The web pages (origins, `--allow-origin`) whose requests both fronts accept; any other
    /// request carrying an `Origin` is refused (see `loopback`).
    pub allow_origins: Vec<String>,
    /// `--unsafe-cheatcodes`: the methods that change programs, authorities or the node itself
    /// are served (see `method_rules`); without it they are refused.
    pub unsafe_cheatcodes: bool,
    /// The JSON-RPC front's bounds (`--rpc-max-connections`).
    pub rpc_limits: RpcLimits,
    /// How many checkpoints are kept, and how much memory they hold (`--checkpoint-memory-mib`).
    pub checkpoint_limits: CheckpointLimits,
    /// The WebSocket front's bounds (`--ws-max-connections`, `--ws-max-subscriptions`).
    pub pubsub_limits: PubsubLimits,
}

impl NodeOptions {
    /// Whether this start makes a new chain that the bootstrap makes ready (rather than resuming
    /// one or loading a snapshot), as far as the state directory tells before the start.
    pub fn makes_new_chain(&self) -> bool {
        match &self.chain {
            ChainStart::Keep => !self.state_dir.join(CHAIN_FILE).exists(),
            ChainStart::Reset | ChainStart::Throwaway => true,
            ChainStart::Snapshot(_) | ChainStart::Bundle(_) => false,
        }
    }

    /// The keys a bootstrap of this node uses, read from `state` before the node starts so that
    /// a bad keypair file fails at once: the state directory's mint, mint authority and oracle
    /// authority (made when missing, and written once the node serves), and the wallet.
    pub fn load_keys(&self, state: &mut StateDir) -> Result<StateKeys, NodeError> {
        let state_dir = state.path().to_owned();
        StateKeys::load_or_make(
            &state_dir,
            KeyPaths {
                wallet: self.wallet.clone(),
                ..KeyPaths::default()
            },
            &mut |path| state.load_or_make_keypair(path),
        )
    }
}

/// A node serving a chain with both programs loaded, the settlement program as deployed by the
/// state directory's mint authority and the mock oracle by its oracle authority, and nothing
/// created on it: no mint, config, roots, markets or funded wallet. Serves until it is shut
/// down (or dropped).
pub struct BareNode {
    /// Dropped first: no call reaches the node once it stops.
    _front: rpc_front::RpcFront,
    _blocks: blocks::BlockMaker,
    surfnet: surfnet::Surfnet,
    /// `None` with a still clock.
    _clock: Option<clock::WallClock>,
    rpc_url: String,
    ws_url: String,
    upgrade_authority: Pubkey,
    upgrade_authority_path: PathBuf,
    origin: Origin,
    /// Dropped after the runloop has stopped: its last save is the chain as it ends.
    keeper: Option<lasting::Keeper>,
    /// Unlocked last, once the kept chain's last save is written.
    state: StateDir,
}

/// Where the served chain came from.
enum Origin {
    /// Made at this start; kept once bootstrapped, unless `keep` is false.
    New { keep: bool },
    /// The state directory's kept chain (`snapshot` is `None`), or a snapshot's.
    Loaded {
        facts: lasting::ChainFacts,
        snapshot: Option<PathBuf>,
    },
}

impl BareNode {
    /// Starts serving the chain `options.chain` asks for in the locked state directory `state`;
    /// with `log_transactions`, every processed transaction is printed to stdout (see
    /// `transaction_log`). The state directory changes only once the node serves: then the keys
    /// this start made are written, a chain that `--reset` or `--snapshot` replaces is deleted,
    /// and on a new chain a stale `env.json` is removed (it describes a chain that is gone, and
    /// whatever bootstraps this one writes it anew).
    pub fn start(
        options: &NodeOptions,
        log_transactions: bool,
        mut state: StateDir,
    ) -> Result<Self, NodeError> {
        let opened = lasting::open(&mut state, &options.chain, options.wallet.as_deref())?;
        // Whatever chain is loaded, the state directory's mint authority deploys the settlement
        // program (so it is the one that may initialize), and its oracle authority the mock (so
        // it is the one that posts roots).
        let upgrade_authority_path = state.path().join(MINT_AUTHORITY_FILE);
        let upgrade_authority = state
            .load_or_make_keypair(&upgrade_authority_path)?
            .pubkey();
        let oracle_authority_path = state.path().join(ORACLE_AUTHORITY_FILE);
        let oracle_authority = state.load_or_make_keypair(&oracle_authority_path)?.pubkey();
        let (genesis, origin) = genesis(&opened, options.clock_start)?;
        let front_listener = rpc_front::FrontListener::bind(options.rpc_port)?;
        let surfpool_port = surfpool::listeners::free_loopback_port()?;
        let surfnet = surfnet::Surfnet::start(
            surfpool_port,
            options.ws_port,
            Deployment {
                settlement_authority: upgrade_authority,
                oracle_authority,
            },
            genesis,
            options.false_predicate,
            log_transactions,
            &pubsub::PubsubOptions {
                limits: options.pubsub_limits,
                allow_origins: options.allow_origins.clone(),
            },
        )?;
        drop(opened);
        state.serving()?;
        lasting::forget_replaced(state.path(), &options.chain)?;
        if let Origin::New { .. } = origin {
            remove_stale_env(state.path())?;
        }
        let clock_hold = clock::ClockHold::default();
        let clock = options
            .wall_clock
            .then(|| clock::WallClock::start(surfnet.chain(), clock_hold.clone()));
        let (block_maker, block_requests) = blocks::BlockMaker::start(surfnet.chain())?;
        let front = start_rpc_front(
            front_listener,
            &surfnet,
            block_requests,
            clock_hold,
            options,
        )?;
        Ok(Self {
            _front: front,
            _blocks: block_maker,
            surfnet,
            _clock: clock,
            rpc_url: format!("http://127.0.0.1:{}", options.rpc_port),
            ws_url: format!("ws://127.0.0.1:{}", options.ws_port),
            upgrade_authority,
            upgrade_authority_path,
            origin,
            keeper: None,
            state,
        })
    }

    pub fn rpc_url(&self) -> &str {
        &self.rpc_url
    }

    pub fn ws_url(&self) -> &str {
        &self.ws_url
    }

    /// The settlement program's upgrade authority: the only key `initialize` accepts.
    pub fn upgrade_authority(&self) -> Pubkey {
        self.upgrade_authority
    }

    /// Its keypair file, `<state-dir>/mint-authority.json`.
    pub fn upgrade_authority_path(&self) -> &Path {
        &self.upgrade_authority_path
    }

    /// Bootstraps the chain with everything (`BootstrapOptions::default()`) and `keys` (from
    /// [`NodeOptions::load_keys`]), and writes `env.json`.
    pub async fn bootstrap(
        self,
        options: &NodeOptions,
        keys: StateKeys,
    ) -> Result<Node, NodeError> {
        let bootstrap = Bootstrap {
            rpc_url: self.rpc_url.clone(),
            ws_url: self.ws_url.clone(),
            state_dir: options.state_dir.clone(),
            keys,
            options: BootstrapOptions::default(),
        };
        let mut env = bootstrap.run(&mut |_| {}).await?;
        let mut bare = self;
        if let Origin::New { keep: true } = bare.origin {
            let keys = &bootstrap.keys;
            let facts = lasting::ChainFacts {
                started: lasting::now_unix(),
                mint: keys.mint.pubkey(),
                keys: vec![
                    lasting::key_entry(
                        KeyRole::MintAuthority,
                        keys.mint_authority.pubkey(),
                        &keys.mint_authority.path,
                    ),
                    lasting::key_entry(
                        KeyRole::OracleAuthority,
                        keys.oracle_authority.pubkey(),
                        &keys.oracle_authority.path,
                    ),
                    lasting::key_entry(KeyRole::Wallet, keys.wallet.pubkey(), &keys.wallet.path),
                ],
            };
            env.chain = Some(ChainInfo {
                started: facts.started,
                resumed: false,
                snapshot: None,
            });
            env.save(&options.state_dir)?;
            bare.keep(facts)?;
        }
        Ok(Node { bare, env })
    }

    /// Serves the chain it loaded (kept or from a snapshot) as it is, writes `env.json` from the
    /// chain's facts, and keeps the chain. A new chain wants [`Self::bootstrap`] instead.
    pub fn resume(mut self) -> Result<Node, NodeError> {
        let Origin::Loaded { facts, snapshot } = &self.origin else {
            return Err(NodeError::Start(
                "a new chain is bootstrapped, not resumed".into(),
            ));
        };
        let facts = facts.clone();
        let info = ChainInfo {
            started: facts.started,
            resumed: snapshot.is_none(),
            snapshot: snapshot.as_ref().map(|path| path.display().to_string()),
        };
        let env = facts.env(&self.rpc_url, &self.ws_url, self.state.path(), info)?;
        env.save(self.state.path())?;
        self.keep(facts)?;
        Ok(Node { bare: self, env })
    }

    fn keep(&mut self, facts: lasting::ChainFacts) -> Result<(), NodeError> {
        self.keeper = Some(lasting::Keeper::start(
            self.surfnet.chain(),
            self.state.path().to_owned(),
            facts,
            self.surfnet.node_accounts().clone(),
        )?);
        Ok(())
    }

    /// The ordered stream of what the chain commits (transactions, accounts, slots, blocks):
    /// [`CommitFeed::listen`] for a channel of it.
    pub fn commit_feed(&self) -> Option<&CommitFeed> {
        self.surfnet.commit_feed()
    }

    /// What the WebSocket front holds now: client connections, subscriptions, relays to
    /// surfpool's own server (a client that goes leaves none behind).
    pub fn pubsub_load(&self) -> PubsubLoad {
        self.surfnet.pubsub_load()
    }

    /// Stops the RPC servers and the runloop.
    pub fn shutdown(self) {
        self.surfnet.shutdown();
    }
}

/// What the chain `opened` starts with, a new one's clock at `clock_start` (or
/// [`demo_clock_start`]), and where it came from.
fn genesis(
    opened: &lasting::Opened,
    clock_start: Option<i64>,
) -> Result<(surfnet::Genesis<'_>, Origin), NodeError> {
    Ok(match opened {
        lasting::Opened::New { keep } => {
            let clock_start = match clock_start {
                Some(start) => start,
                None => demo_clock_start()?,
            };
            (
                surfnet::Genesis::New { clock_start },
                Origin::New { keep: *keep },
            )
        }
        lasting::Opened::Loaded {
            snapshot,
            clock,
            facts,
            file,
        } => (
            surfnet::Genesis::Restored {
                snapshot,
                clock: *clock,
                file,
            },
            Origin::Loaded {
                facts: facts.clone(),
                snapshot: file.snapshot().map(Path::to_owned),
            },
        ),
    })
}

/// The JSON-RPC front on `front_listener` (bound to `--rpc-port`), over `surfnet`, asking
/// `blocks` for blocks; its checkpoints' restores share `clock_hold` with the wall clock's tick.
fn start_rpc_front(
    front_listener: rpc_front::FrontListener,
    surfnet: &surfnet::Surfnet,
    blocks: blocks::BlockRequests,
    clock_hold: clock::ClockHold,
    options: &NodeOptions,
) -> Result<rpc_front::RpcFront, NodeError> {
    let rpc_port = front_listener.port()?;
    rpc_front::RpcFront::start(
        front_listener,
        rpc_front::FrontParts {
            chain: surfnet.chain(),
            ws_port: options.ws_port,
            blocks,
            checkpoints: checkpoints::Checkpoints::new(
                surfnet.chain(),
                surfnet.node_accounts().clone(),
                clock_hold,
                options.checkpoint_limits,
            ),
            policy: loopback::LoopbackPolicy::new([rpc_port], &options.allow_origins),
            limits: options.rpc_limits,
            gate: rpc_front::Gate {
                unsafe_cheatcodes: options.unsafe_cheatcodes,
            },
        },
    )
}

fn remove_stale_env(state_dir: &Path) -> Result<(), NodeError> {
    let path = LocalnetEnv::path_in(state_dir);
    match std::fs::remove_file(&path) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            Err(LocalnetEnvError::Write {
                path,
                source: error,
            }
            .into())
        }
        _ => Ok(()),
    }
}

/// A bootstrapped node that serves requests until it is shut down (or dropped).
pub struct Node {
    bare: BareNode,
    env: LocalnetEnv,
}

impl Node {
    /// Starts the node, and bootstraps a new chain; when this returns, the node serves requests
    /// and `env.json` describes it.
    pub async fn start(options: NodeOptions) -> Result<Self, NodeError> {
        let mut state = StateDir::lock(&options.state_dir)?;
        let keys = options
            .makes_new_chain()
            .then(|| options.load_keys(&mut state))
            .transpose()?;
        let bare = BareNode::start(&options, false, state)?;
        match keys {
            Some(keys) => bare.bootstrap(&options, keys).await,
            None => bare.resume(),
        }
    }

    pub fn env(&self) -> &LocalnetEnv {
        &self.env
    }

    /// See [`BareNode::pubsub_load`].
    pub fn pubsub_load(&self) -> PubsubLoad {
        self.bare.pubsub_load()
    }

    /// See [`BareNode::commit_feed`].
    pub fn commit_feed(&self) -> Option<&CommitFeed> {
        self.bare.commit_feed()
    }

    /// Stops the RPC servers and the runloop.
    pub fn shutdown(self) {
        self.bare.shutdown();
    }
}
