//! `fulltime-stack`: the local stack (`localnet`, the faucet, the local TxLINE API, the
//! dashboard) as one supervised group of processes. `just dev`, `just up` and `just down` run it.

use std::process::ExitCode;

use clap::Parser;
use fulltime_client::terminal_text::escaped;
use fulltime_stack::commands::{StackCommand, run};

#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    #[command(subcommand)]
    command: StackCommand,
}

// One thread: the parts are spawned from the thread that lives as long as the supervisor, so
// their parent-death signal fires only when the supervisor itself ends.
#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli.command).await {
        Ok(code) => code,
        Err(error) => {
            // It may quote a file (a log's tail, stack.json): each line escaped, lines kept.
            let lines: Vec<String> = error
                .to_string()
                .lines()
                .map(|line| escaped(line).into_owned())
                .collect();
            eprintln!("fulltime-stack: {}", lines.join("\n"));
            ExitCode::FAILURE
        }
    }
}
