//! What ends a running stack: a signal to the supervisor, the dashboard quitting, or a part
//! stopping on its own (a crash). Whatever it is, every part is then stopped.

use std::process::{ExitCode, ExitStatus};

use tokio::signal::unix::{SignalKind, signal};

use crate::error::{StackError, io};
use crate::launch::Stack;
use crate::part::Part;

#[derive(Debug)]
pub enum Ending {
    Signal(&'static str),
    DashboardQuit(ExitStatus),
    PartStopped {
        name: &'static str,
        status: ExitStatus,
    },
}

/// Waits for whatever ends the stack first.
pub async fn until_ending(
    stack: &mut Stack,
    dashboard: Option<&mut Part>,
) -> Result<Ending, StackError> {
    let mut interrupt = signal(SignalKind::interrupt()).map_err(io("listen for SIGINT"))?;
    let mut terminate = signal(SignalKind::terminate()).map_err(io("listen for SIGTERM"))?;
    let mut hangup = signal(SignalKind::hangup()).map_err(io("listen for SIGHUP"))?;
    let dashboard_quit = async {
        match dashboard {
            Some(dashboard) => dashboard.child.wait().await,
            None => std::future::pending().await,
        }
    };
    let ending = tokio::select! {
        _ = interrupt.recv() => Ending::Signal("SIGINT"),
        _ = terminate.recv() => Ending::Signal("SIGTERM"),
        _ = hangup.recv() => Ending::Signal("SIGHUP"),
        status = dashboard_quit => Ending::DashboardQuit(status.map_err(io("wait for the dashboard"))?),
        status = stack.node.child.wait() => Ending::PartStopped {
            name: "localnet",
            status: status.map_err(io("wait for localnet"))?,
        },
        status = stack.faucet.child.wait() => Ending::PartStopped {
            name: "faucet",
            status: status.map_err(io("wait for the faucet"))?,
        },
        status = stack.txline.child.wait() => Ending::PartStopped {
            name: "txline-api",
            status: status.map_err(io("wait for the TxLINE API"))?,
        },
    };
    Ok(ending)
}

impl Ending {
    /// What to tell the user once everything stopped; `None` for a plain quit.
    pub fn report(&self, stack: &Stack) -> Option<String> {
        match self {
            Self::Signal(name) => Some(format!("Stopped the stack on {name}.")),
            Self::DashboardQuit(status) if status.success() => None,
            Self::DashboardQuit(status) => Some(format!(
                "The dashboard stopped ({status}); stopped the node, the faucet and the TxLINE API."
            )),
            Self::PartStopped { name, status } => {
                let log = stack
                    .part(name)
                    .map(|part| {
                        format!(
                            " The last lines of {}:\n{}",
                            part.log.display(),
                            part.tail()
                        )
                    })
                    .unwrap_or_default();
                Some(format!(
                    "{name} stopped on its own ({status}); stopped the rest of the stack.{log}"
                ))
            }
        }
    }

    /// Success only for a plain quit or a requested stop.
    pub fn is_failure(&self) -> bool {
        match self {
            Self::Signal(_) => false,
            Self::DashboardQuit(status) => !status.success(),
            Self::PartStopped { .. } => true,
        }
    }
}

/// Once everything stopped: says what ended the stack, when worth saying, and gives the
/// supervisor's exit code.
pub fn conclude(ending: Result<Ending, StackError>, stack: &Stack) -> Result<ExitCode, StackError> {
    let ending = ending?;
    if let Some(report) = ending.report(stack) {
        eprintln!("{report}");
    }
    Ok(if ending.is_failure() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
