use std::path::Path;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use fulltime_files::stack_record::{ProcessRecord, StackRecord};

use crate::error::StackError;
use crate::os::{self, Signal};
use crate::part::STOP_GRACE;

const POLL: Duration = Duration::from_millis(25);

pub async fn down(state_dir: &Path) -> Result<ExitCode, StackError> {
    let Some(record) = StackRecord::load(state_dir)? else {
        println!(
            "No stack is running from {} (no {}).",
            state_dir.display(),
            StackRecord::path_in(state_dir).display()
        );
        return Ok(ExitCode::SUCCESS);
    };
    stop_recorded(&record).await?;
    StackRecord::remove(state_dir);
    let pids: Vec<String> = record
        .processes()
        .iter()
        .map(|(name, process)| format!("{name} pid {}", process.pid))
        .collect();
    println!(
        "Stopped the stack from {} ({}).",
        state_dir.display(),
        pids.join(", ")
    );
    Ok(ExitCode::SUCCESS)
}

/// Asks the supervisor to stop the parts, then makes sure each recorded process is gone,
/// whether or not a supervisor was still there to do it.
pub async fn stop_recorded(record: &StackRecord) -> Result<(), StackError> {
    for (name, process) in record.processes() {
        // The supervisor stops its parts one after the other, each with its own grace period.
        let grace = if name == "supervisor" {
            STOP_GRACE * 4
        } else {
            STOP_GRACE
        };
        stop(process, name, grace).await?;
    }
    Ok(())
}

/// SIGTERM, and SIGKILL if it outlives `grace`.
async fn stop(
    process: &ProcessRecord,
    what: &'static str,
    grace: Duration,
) -> Result<(), StackError> {
    if !process.is_running() {
        return Ok(());
    }
    os::send(process.pid, Signal::Terminate);
    if gone_within(process, grace).await {
        return Ok(());
    }
    os::send(process.pid, Signal::Kill);
    if gone_within(process, grace).await {
        return Ok(());
    }
    Err(StackError::StillRunning {
        what,
        pid: process.pid,
        waited: grace * 2,
    })
}

async fn gone_within(process: &ProcessRecord, limit: Duration) -> bool {
    let started = Instant::now();
    while process.is_running() {
        if started.elapsed() > limit {
            return false;
        }
        tokio::time::sleep(POLL).await;
    }
    true
}
