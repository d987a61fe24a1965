//! The dashboard's flags: the command line's global flags, plus where the faucet and the proof
//! fixtures are.

use std::path::PathBuf;

use clap::Args;
use fulltime_client::faucet::DEFAULT_FAUCET_URL;

use crate::cli::GlobalArgs;

/// `fulltime` without a subcommand: the dashboard.
#[derive(Debug)]
pub struct DashboardArgs {
    pub global: GlobalArgs,
    pub dashboard: DashboardOptions,
}

/// The flags only the dashboard reads, listed in `fulltime --help` under their own heading.
#[derive(Debug, Args)]
#[command(next_help_heading = "Dashboard options (no subcommand)")]
pub struct DashboardOptions {
    /// The faucet's base URL, for `f`.
    #[arg(
        long,
        default_value = DEFAULT_FAUCET_URL,
        env = "FULLTIME_FAUCET_URL",
        value_name = "URL"
    )]
    pub faucet_url: String,

    /// Where the proof fixtures offered by `s` (settle) are.
    #[arg(
        long,
        default_value = "fixtures/generated",
        env = "FULLTIME_FIXTURES",
        value_name = "DIR"
    )]
    pub fixtures: PathBuf,
}
