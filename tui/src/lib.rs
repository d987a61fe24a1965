//! `fulltime`: the dashboard (no subcommand) and the scriptable command line of Fulltime
//! prediction markets. The `fulltime` binary only calls [`main`]; `dashboard-bench` measures the
//! dashboard through [`bench`].

mod cli;
mod dashboard;
mod input;
mod output;

use std::process::ExitCode;

use clap::Parser;

pub use dashboard::bench;

/// The `fulltime` command: a subcommand's result, or the dashboard when there is none.
pub async fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let Some(command) = cli.command else {
        let args = dashboard::DashboardArgs {
            global: cli.global,
            dashboard: cli.dashboard,
        };
        return match dashboard::run(args).await {
            Ok(()) => ExitCode::SUCCESS,
            Err(error) => {
                eprintln!("{error:?}");
                ExitCode::FAILURE
            }
        };
    };
    let json = cli.global.json;
    output::emit(cli::run(cli.global, command).await, json)
}
