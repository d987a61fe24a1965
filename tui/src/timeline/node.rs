//! The run's own `localnet`: the binary beside `fulltime` (as the stack finds its parts), on free
//! ports, in a temporary state directory; stopped and the directory removed when dropped, unless
//! it was left running (`--to`).

use std::path::{Path, PathBuf};
use std::process::{Child, Command};

use fulltime_files::localnet_env::READY;
use solana_keypair::{Keypair, write_keypair_file};
use solana_signer::Signer;

use super::part::{Lifetime, PartBinary, free_ports, io};
use fulltime_desk::error::NodeError;

const LOCALNET: PartBinary = PartBinary {
    binary: "localnet",
    package: "fulltime-localnet",
};

/// The desk's keypair file in the state directory.
const DESK: &str = "desk.json";

pub struct OwnNode {
    child: Child,
    state_dir: PathBuf,
    /// Left running: dropping it stops nothing and removes nothing.
    left: bool,
}

impl OwnNode {
    /// A fresh temporary state directory, made, for [`OwnNode::start_in`] (so that a part may
    /// start in it while the node starts).
    pub fn new_state_dir() -> Result<PathBuf, NodeError> {
        let state_dir = std::env::temp_dir().join(format!(
            "fulltime-timeline-{}-{}",
            std::process::id(),
            Keypair::new().pubkey()
        ));
        std::fs::create_dir_all(&state_dir).map_err(io("create the state directory"))?;
        Ok(state_dir)
    }

    /// Starts `localnet` beside this program in `state_dir` and waits for its `ready` line; the
    /// directory is removed with the node (or now, if it does not start).
    pub async fn start_in(state_dir: PathBuf, lifetime: Lifetime) -> Result<Self, NodeError> {
        let binary = match LOCALNET.path() {
            Ok(binary) => binary,
            Err(error) => {
                let _ = std::fs::remove_dir_all(&state_dir);
                return Err(error);
            }
        };
        match spawn(&binary, &state_dir, lifetime).await {
            Ok(child) => Ok(Self {
                child,
                state_dir,
                left: false,
            }),
            Err(error) => {
                let _ = std::fs::remove_dir_all(&state_dir);
                Err(error)
            }
        }
    }

    pub fn state_dir(&self) -> &Path {
        &self.state_dir
    }

    /// The keypair file of the wallet the node funded: the desk, which creates and settles.
    pub fn desk_path(&self) -> PathBuf {
        self.state_dir.join(DESK)
    }

    /// Leaves the node running (a `Detachable` one outlives this program) with its directory;
    /// its pid.
    pub fn leave_running(mut self) -> u32 {
        self.left = true;
        self.child.id()
    }
}

impl Drop for OwnNode {
    fn drop(&mut self) {
        if self.left {
            return;
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.state_dir);
    }
}

/// `binary` on free ports in `state_dir`, funding a fresh wallet there: the desk that creates
/// and settles the timeline's markets.
async fn spawn(binary: &Path, state_dir: &Path, lifetime: Lifetime) -> Result<Child, NodeError> {
    let wallet = state_dir.join(DESK);
    write_keypair_file(&Keypair::new(), &wallet)
        .map_err(|error| NodeError::Wallet(error.to_string()))?;
    let [rpc_port, ws_port] = free_ports()?;
    let mut command = Command::new(binary);
    command
        .args(["--rpc-port", &rpc_port.to_string()])
        .args(["--ws-port", &ws_port.to_string()])
        .arg("--state-dir")
        .arg(state_dir)
        .arg("--wallet")
        .arg(&wallet);
    // A run moves the clock by its steps' warps alone, so that a step one second before a
    // deadline acts before it; a node left running (`--to`) follows the wall clock for the user.
    if lifetime == Lifetime::Run {
        command.arg("--still-clock");
    }
    LOCALNET
        .start(command, state_dir, lifetime, |line| line.starts_with(READY))
        .await
}
