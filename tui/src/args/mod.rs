//! The command line, parsed and nothing more: one [`Cli`] with the global flags, the dashboard's
//! options and the subcommands. What the flags resolve to is the session's (`session.rs`); what a
//! subcommand does is the command line's (`cli/`).

mod bundle;
mod command;
mod dashboard;

use clap::parser::ValueSource;
use clap::{ArgMatches, CommandFactory, FromArgMatches, Parser};

pub use bundle::{BundleCommand, BundleSaveArgs};
pub use command::{
    Command, CreateMarketArgs, DepositArgs, FaucetArgs, MarketArgs, ProofCommand, ProofFetchArgs,
    SettleArgs, SnapshotCommand, TimelineCommand, TimelineCoverageArgs, TimelineFuzzArgs,
    TimelineRunArgs, TxlineCommand, TxlineLoginArgs, TxlineScoresArgs, WalletCommand,
};
pub use dashboard::DashboardOptions;
pub use fulltime_desk::global_args::GlobalArgs;

/// Fulltime prediction markets on Solana: list and inspect markets, stake test USDC on YES or
/// NO, settle with a proof file, claim payouts.
///
/// Without a subcommand, `fulltime` opens the dashboard: the markets (live, filtered and sorted),
/// the selected market, the wallet and recent activity, with keys to deposit, settle, claim,
/// refund, create a market, warp the localnet clock, ask the faucet and save a snapshot of the
/// local chain (`?` lists them).
///
/// Amounts are USDC with up to 6 decimals (2.5 = 2.5 USDC). Failures print the program error's
/// name, message and the action to take, and exit non-zero; with --json, one JSON object
/// {"error", "code", "program", "message", "action"}.
#[derive(Debug, Parser)]
#[command(name = "fulltime", version)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    /// The dashboard's own flags; used only without a subcommand.
    #[command(flatten)]
    pub dashboard: DashboardOptions,
    /// None opens the dashboard.
    #[command(subcommand)]
    pub command: Option<Command>,
}

impl Cli {
    /// The command line of this process; clap's message and exit when it does not parse.
    pub fn from_command_line() -> Self {
        Self::from_matches(&Self::command().get_matches()).unwrap_or_else(|error| error.exit())
    }

    /// The parsed flags, and what only the values' sources tell: whether `timeline run` was
    /// given `--url` on the command line (its default, `localnet`, means a node of its own).
    fn from_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let mut cli = Self::from_arg_matches(matches)?;
        match &mut cli.command {
            Some(Command::Timeline(TimelineCommand::Run(args))) => {
                args.on_given_url = url_on_command_line(matches);
            }
            Some(Command::Timeline(TimelineCommand::Coverage(args))) => {
                args.on_given_url = url_on_command_line(matches);
            }
            _ => {}
        }
        Ok(cli)
    }
}

/// Whether `--url` was on the command line, before or after the subcommand (a global flag's
/// value is kept where it was written).
fn url_on_command_line(matches: &ArgMatches) -> bool {
    let mut level = Some(matches);
    while let Some(matches) = level {
        if matches.value_source("url") == Some(ValueSource::CommandLine) {
            return true;
        }
        level = matches.subcommand().map(|(_, sub)| sub);
    }
    false
}

#[cfg(test)]
mod tests;
