//! The flags only the dashboard reads: where the faucet, the proof files and the key config
//! are, and how far back the pool history reads.

use std::path::PathBuf;

use clap::Args;
use fulltime_client::rpc::DEFAULT_HISTORY_DEPTH;

use super::FaucetArgs;

/// Listed in `fulltime --help` under their own heading.
#[derive(Debug, Args)]
#[command(next_help_heading = "Dashboard options (no subcommand)")]
pub struct DashboardOptions {
    /// Where `f` asks for test USDC.
    #[command(flatten)]
    pub faucet: FaucetArgs,

    /// Where the proof files offered by `s` (settle) are.
    // `--fixtures`, its name before a proof file had its own word, still works.
    #[arg(
        long,
        default_value = "fixtures/generated",
        env = "FULLTIME_PROOFS",
        value_name = "DIR",
        alias = "fixtures"
    )]
    pub proofs: PathBuf,

    /// A key config file (TOML: binding = "key" or ["key", ...]) rebinding any key. Defaults to
    /// $XDG_CONFIG_HOME/fulltime/keys.toml (~/.config/fulltime/keys.toml) when it exists.
    #[arg(long, env = "FULLTIME_KEYS", value_name = "PATH")]
    pub keys: Option<PathBuf>,

    /// How many of a market's newest transactions the pool history (`p`) reads: its newest N
    /// deposits, a deposit being one transaction. Anyone may send transactions that name a
    /// market, so the reading stays this long however many there are.
    #[arg(
        long,
        default_value_t = DEFAULT_HISTORY_DEPTH,
        env = "FULLTIME_HISTORY_DEPTH",
        value_name = "N",
        value_parser = parse_history_depth
    )]
    pub history_depth: usize,
}

/// At least 1: a history that reads nothing would show nothing.
fn parse_history_depth(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(depth) if depth >= 1 => Ok(depth),
        _ => Err(format!(
            "`{text}` is not a number of transactions of at least 1"
        )),
    }
}
