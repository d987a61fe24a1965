//! The run's own faucet: the `faucet` binary beside `fulltime` on a free port, minting with its
//! node's mint authority, started as the stack starts it; stopped with the run, or left running
//! with its node (`--to`).

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::{Child, Command};

use fulltime_client::faucet::SERVING;
use fulltime_client::localnet_env::LocalnetEnv;

use super::part::{Lifetime, NodeError, PartBinary, free_ports};

const FAUCET: PartBinary = PartBinary {
    binary: "faucet",
    package: "fulltime-faucet",
};

pub struct OwnFaucet {
    child: Child,
    url: String,
    /// Left running: dropping it stops nothing.
    left: bool,
}

impl OwnFaucet {
    /// Starts the faucet for the node `env` describes, its logs in `state_dir`, and waits until
    /// it serves.
    pub fn start(
        env: &LocalnetEnv,
        state_dir: &Path,
        lifetime: Lifetime,
    ) -> Result<Self, NodeError> {
        let binary = FAUCET.path()?;
        let [port] = free_ports()?;
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let mut command = Command::new(binary);
        command
            .args(["--bind", &address.to_string()])
            .args(["--rpc-url", &env.rpc_url])
            .args(["--mint", &env.mint.to_string()])
            .arg("--mint-authority")
            .arg(&env.mint_authority);
        let child = FAUCET.start(command, state_dir, lifetime, |line| line.contains(SERVING))?;
        Ok(Self {
            child,
            url: format!("http://{address}"),
            left: false,
        })
    }

    /// Its base URL, as `--faucet-url` takes it.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Leaves the faucet running with its node; its pid.
    pub fn leave_running(mut self) -> u32 {
        self.left = true;
        self.child.id()
    }
}

impl Drop for OwnFaucet {
    fn drop(&mut self) {
        if !self.left {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}
