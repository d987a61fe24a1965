//! The flags every subcommand and the dashboard take, like the solana CLI's.

use std::path::PathBuf;

use clap::Args;
use fulltime_client::cluster::Cluster;
use fulltime_client::localnet_env::DEFAULT_STATE_DIR;

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

    /// Wallet keypair file (solana CLI JSON format), or the NAME of a wallet in the wallet book
    /// (`fulltime wallet list`); it signs and pays for transactions. Defaults to ~/.config/solana/id.json when it exists, else, on localnet only, the wallet
    /// localnet funded (`wallet` in <state-dir>/env.json).
    #[arg(
        short,
        long,
        global = true,
        env = "FULLTIME_KEYPAIR",
        value_name = "PATH|NAME"
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
