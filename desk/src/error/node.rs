//! Why a timeline run's own node, faucet or TxLINE API did not start (`NodeNotStarted`).

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum NodeError {
    #[error("{what}: {source}")]
    Io {
        what: &'static str,
        source: std::io::Error,
    },
    #[error("no `{binary}` beside this program at {} (build it: cargo build -p {package})", path.display())]
    Missing {
        binary: &'static str,
        package: &'static str,
        path: PathBuf,
    },
    #[error("write the node's wallet: {0}")]
    Wallet(String),
    #[error("{binary} did not say it serves; its output:\n{output}")]
    NotReady {
        binary: &'static str,
        output: String,
    },
}
