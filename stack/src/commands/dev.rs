use std::ffi::OsString;
use std::process::ExitCode;

use fulltime_files::stack_record::StackRecord;

use super::refuse_if_running;
use crate::error::StackError;
use crate::launch::{self, Stack};
use crate::options::StackOptions;
use crate::part::{Part, Terminal};
use crate::watch::{conclude, until_ending};

/// The stack, then the dashboard in this terminal; when the dashboard quits (or a part stops, or
/// the supervisor is told to stop) everything stops.
pub async fn dev(options: StackOptions) -> Result<ExitCode, StackError> {
    let options = options.resolved()?;
    refuse_if_running(&options).await?;
    let dashboard_program = options.binary("fulltime")?;
    let mut stack = launch::start(options.clone()).await?;
    stack.save_record().await?;
    println!("Opening the dashboard; q quits it and stops the stack.");
    let mut dashboard = match Part::spawn(
        "dashboard",
        &dashboard_program,
        dashboard_args(&stack),
        Terminal::Inherit,
    ) {
        Ok(dashboard) => dashboard,
        Err(error) => {
            stop(&mut stack, &options).await;
            return Err(error);
        }
    };
    let ending = until_ending(&mut stack, Some(&mut dashboard)).await;
    // The dashboard goes first, so that it gives the terminal back before anything is printed.
    dashboard.stop().await;
    stop(&mut stack, &options).await;
    conclude(ending, &stack)
}

/// The dashboard on the node's funded wallet, its faucet, its TxLINE API, and the state
/// directory whose logs its log view follows.
fn dashboard_args(stack: &Stack) -> Vec<OsString> {
    vec![
        "--url".into(),
        "localnet".into(),
        "--state-dir".into(),
        stack.options.state_dir.clone().into(),
        "--keypair".into(),
        stack.env.wallet.clone().into(),
        "--faucet-url".into(),
        stack.faucet_url.clone().into(),
        "--txline-url".into(),
        stack.txline_url.clone().into(),
    ]
}

async fn stop(stack: &mut Stack, options: &StackOptions) {
    stack.stop().await;
    StackRecord::remove(&options.state_dir);
}
