//! `fulltime-bootstrap`: makes any node with the Fulltime programs ready to use (the same
//! bootstrap `localnet` runs on its own chain) and writes `<state-dir>/env.json`.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use fulltime_client::amount::{LAMPORTS_PER_SOL, parse_usdc};
use fulltime_client::cluster::{Cluster, DEVNET_URL};
use fulltime_client::terminal_text::escaped;
use fulltime_files::localnet_env::{DEFAULT_STATE_DIR, LocalnetEnv};
use fulltime_localnet::node::{
    Bootstrap, BootstrapOptions, KeyPaths, NodeError, StateKeys, WALLET_SOL, websocket_url,
};

const DEFAULT_URL: &str = "http://127.0.0.1:8899";

/// Bootstraps a node that runs the settlement program and the mock TxLINE oracle, over JSON-RPC:
/// the test USDC mint (the address of <state-dir>/usdc-mint.json, 6 decimals), the settlement
/// config, the proof files' oracle roots, the demo markets, and the wallet's SOL and test
/// USDC; then writes <state-dir>/env.json, which `fulltime --url localnet` and the faucet read.
///
/// Every step looks first and does only what is missing (an existing mint is reused, an existing
/// config, posted roots and demo markets are left alone, the wallet is topped up), so running it
/// again is harmless. Anything that would fail is reported before a transaction is sent.
///
/// The settlement program's `initialize` accepts only the program's upgrade authority, so the
/// authority keypair (--authority) must be the one the program was deployed with: the
/// UPGRADE_AUTHORITY of `solana-test-validator --upgradeable-program`, the deployer of `anchor
/// deploy`, or <state-dir>/mint-authority.json for `localnet --no-bootstrap`. It pays for
/// everything and is airdropped 1000 SOL when it holds less than 1 SOL. It is also the test USDC
/// mint's authority (the faucet's key) unless --mint-authority names another key. The mock
/// oracle takes roots only from its own upgrade authority (--oracle-authority).
#[derive(Debug, Parser)]
#[command(version)]
struct Args {
    /// JSON-RPC URL of the node, or `localhost` (http://127.0.0.1:8899) or `devnet`. Mainnet is
    /// refused.
    #[arg(
        short,
        long,
        default_value = DEFAULT_URL,
        value_name = "URL_OR_MONIKER",
        value_parser = parse_url
    )]
    url: String,
    /// WebSocket URL written to env.json [default: derived from --url like the solana CLI:
    /// ws(s)://, and the next port when the URL names one].
    #[arg(long, value_name = "URL")]
    ws_url: Option<String>,
    /// Where the keypairs are kept (created when missing) and env.json is written.
    #[arg(long, default_value = DEFAULT_STATE_DIR, value_name = "DIR")]
    state_dir: PathBuf,
    /// Keypair file of the settlement program's upgrade authority: it initializes the config,
    /// becomes the mint authority and pays [default: <state-dir>/mint-authority.json, created
    /// if missing].
    #[arg(long, value_name = "PATH")]
    authority: Option<PathBuf>,
    /// Keypair file of the test USDC mint's authority, the faucet's key, created if missing and
    /// given 1 SOL by the authority for fees and token-account rent [default: the authority].
    /// Keep an internet-facing faucet's key apart from the program's upgrade authority.
    #[arg(long, value_name = "PATH")]
    mint_authority: Option<PathBuf>,
    /// Keypair file of the mock oracle's upgrade authority, the only key it takes roots from
    /// [default: <state-dir>/oracle-authority.json, created if missing].
    #[arg(long, value_name = "PATH")]
    oracle_authority: Option<PathBuf>,
    /// Keypair file of the wallet to fund [default: ~/.config/solana/id.json when it exists,
    /// else <state-dir>/wallet.json, created if missing].
    #[arg(long, value_name = "PATH")]
    wallet: Option<PathBuf>,
    /// Airdrop the wallet up to this many SOL when it holds less; 0 leaves its SOL alone (on
    /// devnet, where airdrops are scarce).
    #[arg(long, value_name = "SOL", default_value_t = WALLET_SOL / LAMPORTS_PER_SOL)]
    wallet_sol: u64,
    /// Mint the wallet up to this much test USDC when it holds less.
    #[arg(long, value_name = "USDC", default_value = "1000", value_parser = parse_usdc_arg)]
    wallet_usdc: u64,
    /// Do not post the proof files' roots to the mock oracle: for a cluster whose oracle is
    /// the real TxLINE program (devnet), which takes no roots from anyone else.
    #[arg(long)]
    no_oracle_roots: bool,
    /// Do not create the demo markets (they settle only with the proof files' roots posted).
    #[arg(long)]
    no_demo_markets: bool,
}

fn parse_url(text: &str) -> Result<String, String> {
    match text.parse::<Cluster>().map_err(|error| error.to_string())? {
        Cluster::Localnet => Ok(DEFAULT_URL.to_owned()),
        Cluster::Devnet => Ok(DEVNET_URL.to_owned()),
        Cluster::Mainnet => Err("mainnet-beta is never bootstrapped".to_owned()),
        Cluster::Custom(url) => Ok(url),
    }
}

fn parse_usdc_arg(text: &str) -> Result<u64, String> {
    parse_usdc(text).map_err(|error| error.to_string())
}

fn main() -> ExitCode {
    let args = Args::parse();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            eprintln!("fulltime-bootstrap: cannot start the async runtime: {error}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            // A node's answers are quoted in the error: text from outside.
            eprintln!("fulltime-bootstrap: {}", escaped(&error.to_string()));
            ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> Result<(), NodeError> {
    let ws_url = match args.ws_url {
        Some(url) => url,
        None => websocket_url(&args.url).ok_or_else(|| {
            NodeError::Bootstrap(format!("cannot derive a WebSocket URL from {}", args.url))
        })?,
    };
    std::fs::create_dir_all(&args.state_dir).map_err(|source| NodeError::StateDir {
        path: args.state_dir.clone(),
        source,
    })?;
    let keys = StateKeys::load_or_create(
        &args.state_dir,
        KeyPaths {
            authority: args.authority,
            mint_authority: args.mint_authority,
            oracle_authority: args.oracle_authority,
            wallet: args.wallet,
        },
    )?;
    let bootstrap = Bootstrap {
        rpc_url: args.url,
        ws_url,
        state_dir: args.state_dir.clone(),
        keys,
        options: BootstrapOptions {
            oracle_roots: !args.no_oracle_roots,
            demo_markets: !args.no_demo_markets,
            wallet_lamports: args.wallet_sol.saturating_mul(LAMPORTS_PER_SOL),
            wallet_usdc: args.wallet_usdc,
        },
    };
    println!("bootstrapping {}", bootstrap.rpc_url);
    let env = bootstrap
        .run(&mut |line| println!("  {}", escaped(&line)))
        .await?;
    println!(
        "done: env {} (mint {}, wallet {}); try `fulltime --url localnet --state-dir {} markets`",
        LocalnetEnv::path_in(&args.state_dir).display(),
        env.mint,
        env.wallet.display(),
        args.state_dir.display(),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use fulltime_localnet::node::WALLET_USDC;

    use super::*;

    #[test]
    fn defaults_fund_the_wallet_like_localnet() {
        let args = Args::parse_from(["fulltime-bootstrap"]);
        assert_eq!(args.url, "http://127.0.0.1:8899");
        assert_eq!(args.wallet_sol * LAMPORTS_PER_SOL, WALLET_SOL);
        assert_eq!(args.wallet_usdc, WALLET_USDC);
        assert!(!args.no_oracle_roots && !args.no_demo_markets);
    }

    #[test]
    fn urls_take_monikers_but_never_mainnet() {
        assert_eq!(
            parse_url("localhost").as_deref(),
            Ok("http://127.0.0.1:8899")
        );
        assert_eq!(parse_url("devnet").as_deref(), Ok(DEVNET_URL));
        assert_eq!(
            parse_url("http://10.0.0.2:8899").as_deref(),
            Ok("http://10.0.0.2:8899")
        );
        assert!(parse_url("mainnet").is_err());
        assert!(parse_url("127.0.0.1:8899").is_err());
    }
}
