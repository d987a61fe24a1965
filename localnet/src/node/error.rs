use std::path::PathBuf;

use fulltime_files::localnet_env::LocalnetEnvError;
use fulltime_files::state_dir_lock::StateDirLockError;

#[derive(Debug, thiserror::Error)]
pub enum NodeError {
    #[error("cannot create the state directory {}: {source}", path.display())]
    StateDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("keypair {}: {reason}", path.display())]
    Keypair { path: PathBuf, reason: String },
    #[error("port {port} ({what}) is already in use; pick another with {flag}")]
    PortInUse {
        port: u16,
        what: &'static str,
        flag: &'static str,
    },
    #[error("the node did not start: {0}")]
    Start(String),
    #[error(
        "the chain kept in {} cannot be resumed: {reason}; start a new chain with --reset \
         (it deletes the kept chain), or start from a snapshot with --snapshot NAME",
        path.display()
    )]
    KeptChain { path: PathBuf, reason: String },
    #[error(
        "the snapshot {} cannot be loaded: {reason}; nothing was started from it (ask for the \
         file again, or pick another: `fulltime snapshot list`)",
        path.display()
    )]
    Snapshot { path: PathBuf, reason: String },
    #[error(
        "the bundle {} cannot be opened: {reason}; nothing was started from it and the state \
         directory is as it was",
        path.display()
    )]
    Bundle { path: PathBuf, reason: String },
    #[error("cannot keep the chain: {0}")]
    Keep(String),
    #[error("bootstrapping the chain failed: {0}")]
    Bootstrap(String),
    #[error(transparent)]
    Env(#[from] LocalnetEnvError),
    #[error(transparent)]
    StateDirLock(#[from] StateDirLockError),
}
