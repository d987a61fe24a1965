//! The flags every subcommand and the dashboard take, like the solana CLI's.

use std::path::PathBuf;

use clap::Args;
use fulltime_client::cluster::Cluster;
use fulltime_files::localnet_env::DEFAULT_STATE_DIR;

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

    /// TxLINE's API, where proofs and score records come from: its base URL. Defaults to
    /// TxLINE's devnet host on devnet, its mainnet host on mainnet, and on localnet the local
    /// stand-in that `just dev` starts (recorded in <state-dir>/stack.json). Credentials: `fulltime
    /// txline login`, or TXLINE_JWT and TXLINE_API_TOKEN.
    #[arg(long, global = true, env = "FULLTIME_TXLINE_URL", value_name = "URL")]
    pub txline_url: Option<String>,

    /// Offer MICRO_LAMPORTS per compute unit on top of the base fee, on every transaction sent:
    /// for a congested cluster (devnet). localnet accepts it and needs none.
    #[arg(
        long,
        global = true,
        env = "FULLTIME_PRIORITY_FEE",
        value_name = "MICRO_LAMPORTS"
    )]
    pub priority_fee: Option<u64>,
}
