//! Makes a chain ready to use through JSON-RPC, like any client: the test USDC mint at its kept
//! address, the settlement config, the oracle roots the proof files verify against, demo
//! markets, and the wallet's SOL and test USDC; then writes `env.json`.
//!
//! The same code bootstraps `localnet`'s fresh chain and, as `fulltime-bootstrap`, any other node
//! (`solana-test-validator`, devnet). Every step first looks at the chain and does only what is
//! missing, so a second run sends nothing; whatever would make it fail (no program, another
//! upgrade authority, a config naming another mint) is found before anything is sent.

mod chain;
mod checks;
mod funding;
mod steps;

use std::path::PathBuf;

use fulltime_client::amount::LAMPORTS_PER_SOL;
/// Where the node's WebSocket is, from its JSON-RPC URL (the client's rule, the solana CLI's).
pub use fulltime_client::cluster::websocket_url;
use fulltime_client::instructions;
use fulltime_client::pda;
use fulltime_client::proof_file::ProofFile;
use fulltime_files::localnet_env::LocalnetEnv;
use settlement::state::Config;
use solana_commitment_config::CommitmentConfig;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;

use super::NodeError;
use super::keys::StateKeys;
use chain::Chain;
use steps::ProofRoots;

/// What the wallet is topped up to by default.
pub const WALLET_SOL: u64 = 100 * LAMPORTS_PER_SOL;
pub const WALLET_USDC: u64 = 1_000 * 1_000_000;
/// An authority holding less than this is airdropped up to `AUTHORITY_SOL`. The bootstrap itself
/// spends well under it (rent of the mint, config, roots and markets, and fees).
pub const AUTHORITY_MIN_SOL: u64 = LAMPORTS_PER_SOL;
/// What an authority short of SOL is airdropped up to: on `localnet` it is also the faucet's
/// payer for every new token account.
const AUTHORITY_SOL: u64 = 1_000 * LAMPORTS_PER_SOL;
/// What the authority transfers to a key of its own that pays for something: a mint authority
/// apart from it (the faucet's fees and token-account rent, about 490 new wallets a SOL) and the
/// oracle authority (the oracle's daily roots accounts, about 0.07 SOL a day).
const PAYING_KEY_SOL: u64 = LAMPORTS_PER_SOL;
/// How long before the first demo fixture's kickoff `localnet`'s clock starts: time to stake
/// before the demo markets close.
pub const DEMO_LEAD_SECS: i64 = 2 * 60 * 60;

/// Genesis hashes of the public clusters: devnet runs the real TxLINE oracle, and nothing is
/// ever bootstrapped on mainnet-beta.
pub const DEVNET_GENESIS_HASH: &str = "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG";
pub const MAINNET_GENESIS_HASH: &str = "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d";

/// The demo markets' dispute window: short, so that a local demo reaches claims in a minute.
pub const DEMO_DISPUTE_WINDOW_SECS: i64 = 60;

/// Demo markets, each made from the proof file of that name, closing at its match's kickoff,
/// so that the file's proof, published after the match, settles it.
pub const DEMO_MARKETS: &[&str] = &[
    "arsenal-home-goals-over-1",
    "chelsea-away-goals-over-1",
    "city-away-corners-under-6",
    "newcastle-home-goals-exactly-2",
    "arsenal-chelsea-total-goals-over-2",
];

/// Where `localnet`'s clock starts: `DEMO_LEAD_SECS` before the earliest kickoff of the demo
/// markets' fixtures, so that every demo market is open at first and every fixture's batch is
/// still to come (a proof must be published after the close and before the clock).
pub fn demo_clock_start() -> Result<i64, NodeError> {
    demo_proof_files()?
        .iter()
        .map(|(_, kickoff)| kickoff - DEMO_LEAD_SECS)
        .min()
        .ok_or_else(|| NodeError::Bootstrap("no demo markets".into()))
}

/// Each demo market's proof file (a case of the catalog, which names its market) and its
/// match's kickoff, in `DEMO_MARKETS` order.
fn demo_proof_files() -> Result<Vec<(ProofFile, i64)>, NodeError> {
    let committed = fulltime_matches::committed()
        .map_err(|error| NodeError::Bootstrap(format!("proof files: {error}")))?;
    DEMO_MARKETS
        .iter()
        .map(|name| {
            let proof_file = committed
                .proof_file(name)
                .ok_or_else(|| NodeError::Bootstrap(format!("no proof file named {name}")))?;
            let kickoff = proof_file.kickoff.ok_or_else(|| {
                NodeError::Bootstrap(format!("the proof file {name} has no kickoff"))
            })?;
            if proof_file.market.is_none() {
                return Err(NodeError::Bootstrap(format!(
                    "the proof file {name} names no market"
                )));
            }
            Ok((proof_file.clone(), kickoff))
        })
        .collect()
}

/// What a bootstrap creates besides the mint and the config.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BootstrapOptions {
    /// Post the proof files' roots with the mock oracle's `insert_scores_root`; impossible
    /// where the real TxLINE oracle runs (devnet).
    pub oracle_roots: bool,
    /// Create the demo markets (`DEMO_MARKETS`) as markets 0 to 4; they settle only with the
    /// proof files' roots posted.
    pub demo_markets: bool,
    /// Airdrop the wallet up to this many lamports when it holds less (0 leaves its SOL alone).
    pub wallet_lamports: u64,
    /// Mint the wallet up to this many test USDC base units when it holds less.
    pub wallet_usdc: u64,
}

impl Default for BootstrapOptions {
    /// Everything, as `localnet` does.
    fn default() -> Self {
        Self {
            oracle_roots: true,
            demo_markets: true,
            wallet_lamports: WALLET_SOL,
            wallet_usdc: WALLET_USDC,
        }
    }
}

/// One bootstrap of the chain at `rpc_url`.
pub struct Bootstrap {
    pub rpc_url: String,
    /// Written to `env.json` for the clients; the bootstrap itself does not subscribe.
    pub ws_url: String,
    /// Where `env.json` is written.
    pub state_dir: PathBuf,
    pub keys: StateKeys,
    pub options: BootstrapOptions,
}

/// What the chain holds already: all of it looked at, and whatever would refuse the bootstrap
/// found, before anything is sent.
struct Found {
    mint_exists: bool,
    config: Option<Config>,
    /// The proof files' roots, when the bootstrap posts them.
    proof_roots: Option<ProofRoots>,
}

impl Found {
    async fn look(chain: &Chain<'_>, options: &BootstrapOptions) -> Result<Self, NodeError> {
        chain.check_cluster(options).await?;
        let mint_exists = chain.check_mint().await?;
        let config = chain.existing_config().await?;
        if config.is_none() {
            chain.check_upgrade_authority().await?;
        }
        let proof_roots = if options.oracle_roots {
            chain.check_oracle().await?;
            Some(chain.proof_roots().await?)
        } else {
            None
        };
        Ok(Self {
            mint_exists,
            config,
            proof_roots,
        })
    }
}

impl Bootstrap {
    /// Bootstraps the chain and writes `<state_dir>/env.json`; `progress` hears one line per
    /// step, saying what was done or found.
    pub async fn run(&self, progress: &mut dyn FnMut(String)) -> Result<LocalnetEnv, NodeError> {
        let rpc =
            RpcClient::new_with_commitment(self.rpc_url.clone(), CommitmentConfig::confirmed());
        let chain = Chain {
            rpc: &rpc,
            url: &self.rpc_url,
            keys: &self.keys,
        };
        // Everything that can refuse is looked at before anything is sent.
        let found = Found::look(&chain, &self.options).await?;
        chain
            .fund_payers(&self.options, found.proof_roots.as_ref(), progress)
            .await?;
        self.create_missing(&chain, found, progress).await?;
        let env = self.env();
        env.save(&self.state_dir)?;
        Ok(env)
    }

    /// The mint, the config, the oracle roots, the demo markets and the wallet's test USDC, each
    /// made only when `found` lacks it (and the options ask for it).
    async fn create_missing(
        &self,
        chain: &Chain<'_>,
        found: Found,
        progress: &mut dyn FnMut(String),
    ) -> Result<(), NodeError> {
        let options = &self.options;
        let authority = self.keys.authority.pubkey();
        let mint = self.keys.mint.pubkey();
        if found.mint_exists {
            progress(format!("test USDC mint {mint}: exists"));
        } else {
            chain.create_mint().await?;
            progress(format!("test USDC mint {mint}: created"));
        }
        let market_count = match found.config {
            Some(config) => {
                progress(format!(
                    "settlement config {}: exists ({} markets)",
                    pda::config(),
                    config.market_count
                ));
                config.market_count
            }
            None => {
                chain
                    .send(&[instructions::initialize(authority, mint)])
                    .await?;
                progress(format!("settlement config {}: initialized", pda::config()));
                0
            }
        };
        match &found.proof_roots {
            Some(roots) => progress(chain.post_proof_roots(roots).await?),
            None => progress("oracle roots: skipped".into()),
        }
        if options.demo_markets {
            progress(chain.create_demo_markets(market_count).await?);
        } else {
            progress("demo markets: skipped".into());
        }
        progress(chain.top_up_usdc(options.wallet_usdc).await?);
        Ok(())
    }

    /// What `env.json` says of the chain, for the clients.
    fn env(&self) -> LocalnetEnv {
        let keys = &self.keys;
        LocalnetEnv {
            rpc_url: self.rpc_url.clone(),
            ws_url: self.ws_url.clone(),
            settlement_program: settlement::ID,
            oracle_program: mock_oracle::ID,
            mint: keys.mint.pubkey(),
            mint_authority: keys.mint_authority.path.clone(),
            oracle_authority: self
                .options
                .oracle_roots
                .then(|| keys.oracle_authority.path.clone()),
            wallet: keys.wallet.path.clone(),
            chain: None,
        }
    }
}
