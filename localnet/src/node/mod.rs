//! The `localnet` node: an offline surfpool with the settlement program and the mock oracle
//! loaded natively, serving the standard Solana JSON-RPC and WebSocket APIs, bootstrapped with
//! a test USDC mint, the settlement config, the oracle roots of the proof fixtures, demo markets
//! and a funded wallet.
//!
//! [`BareNode`] serves the chain with the programs loaded and nothing else; [`Node`] is one that
//! [`BareNode::bootstrap`] made ready. The bootstrap ([`Bootstrap`]) talks JSON-RPC only, so the
//! `fulltime-bootstrap` command runs the same code against any node.

mod bootstrap;
mod clock;
mod error;
mod keys;
mod surfnet;
mod transaction_log;

use std::path::{Path, PathBuf};

use anchor_lang::prelude::Pubkey;
use fulltime_client::localnet_env::{LocalnetEnv, LocalnetEnvError};
use solana_signer::Signer;

use crate::native::{Deployment, FalsePredicate};

pub use bootstrap::{
    AUTHORITY_MIN_SOL, Bootstrap, BootstrapOptions, DEMO_DISPUTE_WINDOW_SECS, DEMO_LEAD_SECS,
    DEMO_MARKETS, DEVNET_GENESIS_HASH, MAINNET_GENESIS_HASH, WALLET_SOL, WALLET_USDC,
    demo_clock_start, websocket_url,
};
pub use error::NodeError;
pub use keys::{
    KeyFile, KeyPaths, MINT_AUTHORITY_FILE, ORACLE_AUTHORITY_FILE, StateKeys, USDC_MINT_FILE,
    WALLET_FILE, load_keypair, load_or_create_keypair,
};
pub use surfnet::SLOT_TIME_MS;

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
    /// Where the cluster clock starts (unix seconds); `None` is [`demo_clock_start`], before
    /// the demo fixtures' kickoffs. It then follows the wall clock.
    pub clock_start: Option<i64>,
}

impl NodeOptions {
    /// The keys a bootstrap of this node uses, loaded (or created) before the node starts so
    /// that a bad keypair file fails at once: the state directory's mint and mint authority, and
    /// the wallet.
    pub fn load_keys(&self) -> Result<StateKeys, NodeError> {
        create_state_dir(&self.state_dir)?;
        StateKeys::load_or_create(
            &self.state_dir,
            KeyPaths {
                wallet: self.wallet.clone(),
                ..KeyPaths::default()
            },
        )
    }
}

/// A node serving a chain with both programs loaded, the settlement program as deployed by the
/// state directory's mint authority and the mock oracle by its oracle authority, and nothing
/// created on it: no mint, config, roots, markets or funded wallet. Serves until it is shut
/// down (or dropped).
pub struct BareNode {
    surfnet: surfnet::Surfnet,
    _clock: clock::WallClock,
    rpc_url: String,
    ws_url: String,
    upgrade_authority: Pubkey,
    upgrade_authority_path: PathBuf,
}

impl BareNode {
    /// Starts serving; with `log_transactions`, every processed transaction is printed to stdout
    /// (see `transaction_log`). A stale `env.json` in the state directory is removed: it
    /// describes a chain that is gone, and whatever bootstraps this one writes it anew.
    pub fn start(options: &NodeOptions, log_transactions: bool) -> Result<Self, NodeError> {
        create_state_dir(&options.state_dir)?;
        // The mint authority deploys the settlement program, so it is the one that may
        // initialize; the oracle authority deploys the mock, so it is the one that posts roots.
        let upgrade_authority_path = options.state_dir.join(MINT_AUTHORITY_FILE);
        let upgrade_authority = load_or_create_keypair(&upgrade_authority_path)?.pubkey();
        let oracle_authority =
            load_or_create_keypair(&options.state_dir.join(ORACLE_AUTHORITY_FILE))?.pubkey();
        let clock_start = match options.clock_start {
            Some(start) => start,
            None => demo_clock_start()?,
        };
        let surfnet = surfnet::Surfnet::start(
            options.rpc_port,
            options.ws_port,
            Deployment {
                settlement_authority: upgrade_authority,
                oracle_authority,
            },
            clock_start,
            options.false_predicate,
            log_transactions,
        )?;
        remove_stale_env(&options.state_dir)?;
        let clock = clock::WallClock::start(surfnet.locker(), surfnet.commands());
        Ok(Self {
            surfnet,
            _clock: clock,
            rpc_url: format!("http://127.0.0.1:{}", options.rpc_port),
            ws_url: format!("ws://127.0.0.1:{}", options.ws_port),
            upgrade_authority,
            upgrade_authority_path,
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
        let env = bootstrap.run(&mut |_| {}).await?;
        Ok(Node { bare: self, env })
    }

    /// Stops the RPC servers and the runloop.
    pub fn shutdown(self) {
        self.surfnet.shutdown();
    }
}

fn create_state_dir(state_dir: &Path) -> Result<(), NodeError> {
    std::fs::create_dir_all(state_dir).map_err(|source| NodeError::StateDir {
        path: state_dir.to_owned(),
        source,
    })
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
    /// Starts the node and bootstraps it; when this returns, the node serves requests and
    /// `env.json` describes it.
    pub async fn start(options: NodeOptions) -> Result<Self, NodeError> {
        let keys = options.load_keys()?;
        BareNode::start(&options, false)?
            .bootstrap(&options, keys)
            .await
    }

    pub fn env(&self) -> &LocalnetEnv {
        &self.env
    }

    /// Stops the RPC servers and the runloop.
    pub fn shutdown(self) {
        self.bare.shutdown();
    }
}
