//! What the dashboard shows of its session: where it is connected and as whom.

use std::path::PathBuf;

use fulltime_client::cluster::Cluster;

/// Fixed while the dashboard runs, but for the wallet, which `W` switches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionView {
    /// `localnet`, `devnet`, ... as given to --url.
    pub cluster: String,
    /// The JSON-RPC URL it resolved to, or why it did not resolve.
    pub rpc_url: Result<String, String>,
    /// The wallet's address, or why there is none (then the dashboard only reads).
    pub wallet: Result<String, String>,
    pub faucet_url: String,
    /// Where localnet keeps env.json, and where `just dev` writes the node's and the faucet's
    /// logs.
    pub state_dir: PathBuf,
    /// Which local chain localnet serves and since when (`resumed chain, made ...`), as its
    /// env.json says; `None` off localnet.
    pub chain: Option<String>,
}

impl SessionView {
    /// Whether it is on localnet's chain: what snapshots, bundles and timelines need (they step
    /// back by localnet's checkpoints and save its chain).
    pub fn on_localnet(&self) -> bool {
        self.cluster == Cluster::Localnet.to_string()
    }
}
