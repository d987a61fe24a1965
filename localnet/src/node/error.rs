use std::path::PathBuf;

use fulltime_client::localnet_env::LocalnetEnvError;

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
    #[error("bootstrapping the chain failed: {0}")]
    Bootstrap(String),
    #[error(transparent)]
    Env(#[from] LocalnetEnvError),
}
