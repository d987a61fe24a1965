use std::path::PathBuf;
use std::process::ExitStatus;
use std::time::Duration;

use fulltime_files::localnet_env::LocalnetEnvError;
use fulltime_files::stack_record::StackRecordError;
use fulltime_files::state_dir_lock::StateDirLockError;

#[derive(Debug, thiserror::Error)]
pub enum StackError {
    #[error(
        "no `{name}` in {}: build the stack first (`just dev` and `just up` do: cargo build --locked -p fulltime-localnet -p fulltime-faucet -p fulltime-txline-api -p fulltime-tui -p fulltime-stack --bins)",
        dir.display()
    )]
    MissingBinary { name: &'static str, dir: PathBuf },
    #[error("cannot {what}: {source}")]
    Io {
        what: String,
        source: std::io::Error,
    },
    #[error("{name} stopped during start-up ({status}); the last lines of {}:\n{tail}", log.display())]
    Exited {
        name: &'static str,
        status: ExitStatus,
        log: PathBuf,
        tail: String,
    },
    #[error("{name} did not answer within {}s; the last lines of {}:\n{tail}", waited.as_secs(), log.display())]
    NotReady {
        name: &'static str,
        waited: Duration,
        log: PathBuf,
        tail: String,
    },
    #[error(
        "a stack is already running from {} (supervisor pid {pid}); `just down` stops it",
        state_dir.display()
    )]
    AlreadyRunning { pid: u32, state_dir: PathBuf },
    #[error(transparent)]
    Record(#[from] StackRecordError),
    #[error(transparent)]
    Env(#[from] LocalnetEnvError),
    #[error(transparent)]
    StateDirLock(#[from] StateDirLockError),
    #[error("the supervisor stopped before the stack was ready ({status}); see {}", log.display())]
    SupervisorFailed { status: ExitStatus, log: PathBuf },
    #[error("{what} still running after {}s (pid {pid})", waited.as_secs())]
    StillRunning {
        what: &'static str,
        pid: u32,
        waited: Duration,
    },
}

pub fn io(what: impl Into<String>) -> impl FnOnce(std::io::Error) -> StackError {
    let what = what.into();
    move |source| StackError::Io { what, source }
}
