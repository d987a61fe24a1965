//! `fulltime`: the scriptable command line of Fulltime prediction markets.

mod cli;
mod input;
mod output;

use std::process::ExitCode;

use clap::Parser;

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    let json = cli.global.json;
    output::emit(cli.run().await, json)
}
