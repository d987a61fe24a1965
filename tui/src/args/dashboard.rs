//! The flags only the dashboard reads: where the faucet, the proof fixtures and the key config
//! are.

use std::path::PathBuf;

use clap::Args;

use super::FaucetArgs;

/// Listed in `fulltime --help` under their own heading.
#[derive(Debug, Args)]
#[command(next_help_heading = "Dashboard options (no subcommand)")]
pub struct DashboardOptions {
    /// Where `f` asks for test USDC.
    #[command(flatten)]
    pub faucet: FaucetArgs,

    /// Where the proof fixtures offered by `s` (settle) are.
    #[arg(
        long,
        default_value = "fixtures/generated",
        env = "FULLTIME_FIXTURES",
        value_name = "DIR"
    )]
    pub fixtures: PathBuf,

    /// A key config file (TOML: binding = "key" or ["key", ...]) rebinding any key. Defaults to
    /// $XDG_CONFIG_HOME/fulltime/keys.toml (~/.config/fulltime/keys.toml) when it exists.
    #[arg(long, env = "FULLTIME_KEYS", value_name = "PATH")]
    pub keys: Option<PathBuf>,
}
