//! The `localnet` node: an offline surfpool with the settlement program and the mock oracle
//! loaded natively, serving the standard Solana JSON-RPC and WebSocket APIs, bootstrapped with
//! a test USDC mint, the settlement config, the oracle roots of the proof fixtures, demo markets
//! and a funded wallet.

mod bootstrap;
mod clock;
mod error;
mod keys;
mod surfnet;

use std::path::PathBuf;

use fulltime_client::localnet_env::LocalnetEnv;
use solana_signer::Signer;

use crate::native::FalsePredicate;

pub use bootstrap::{DEMO_DISPUTE_WINDOW_SECS, DEMO_MARKETS, WALLET_SOL, WALLET_USDC};
pub use error::NodeError;
pub use keys::{load_keypair, load_or_create_keypair};
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
}

/// A node that serves requests until it is shut down (or dropped).
pub struct Node {
    surfnet: surfnet::Surfnet,
    _clock: clock::WallClock,
    env: LocalnetEnv,
}

impl Node {
    /// Starts the node and bootstraps it; when this returns, the node serves requests and
    /// `env.json` describes it.
    pub async fn start(options: NodeOptions) -> Result<Self, NodeError> {
        std::fs::create_dir_all(&options.state_dir).map_err(|source| NodeError::StateDir {
            path: options.state_dir.clone(),
            source,
        })?;
        let keys = keys::StateKeys::load_or_create(&options.state_dir, options.wallet.clone())?;
        // The mint authority deploys the programs, so it is the one that may initialize.
        let surfnet = surfnet::Surfnet::start(
            options.rpc_port,
            options.ws_port,
            keys.mint_authority.pubkey(),
            options.false_predicate,
        )?;
        let clock = clock::WallClock::start(surfnet.locker(), surfnet.commands());
        let env = LocalnetEnv {
            rpc_url: format!("http://127.0.0.1:{}", options.rpc_port),
            ws_url: format!("ws://127.0.0.1:{}", options.ws_port),
            settlement_program: settlement::ID,
            oracle_program: mock_oracle::ID,
            mint: keys.mint.pubkey(),
            mint_authority: keys.mint_authority_path.clone(),
            wallet: keys.wallet_path.clone(),
        };
        bootstrap::bootstrap(&env.rpc_url, &keys).await?;
        env.save(&options.state_dir)?;
        Ok(Self {
            surfnet,
            _clock: clock,
            env,
        })
    }

    pub fn env(&self) -> &LocalnetEnv {
        &self.env
    }

    /// Stops the RPC servers and the runloop.
    pub fn shutdown(self) {
        self.surfnet.shutdown();
    }
}
