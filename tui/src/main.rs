//! `fulltime`: the dashboard (no subcommand) and the scriptable command line of Fulltime
//! prediction markets.

use std::process::ExitCode;

#[tokio::main(flavor = "current_thread")]
async fn main() -> ExitCode {
    fulltime::main().await
}
