//! `fulltime`: the dashboard (no subcommand) and the scriptable command line of Fulltime
//! prediction markets.

mod cli;
mod dashboard;
mod input;
mod output;

use std::process::ExitCode;

use clap::Parser;

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    // No subcommand: the same global flags (and the dashboard's own) open the dashboard.
    // Anything else, `--help` included, is the command line's to parse and explain.
    if let Ok(args) = dashboard::DashboardArgs::try_parse() {
        return match dashboard::run(args).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("{error:?}");
                ExitCode::FAILURE
            }
        };
    }
    let cli = cli::Cli::parse();
    let json = cli.global.json;
    output::emit(cli.run().await, json)
}
