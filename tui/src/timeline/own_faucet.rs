//! The run's own faucet: the `faucet` binary beside `fulltime` on a free port, minting with its
//! node's mint authority, started as the stack starts it; stopped with the run, or left running
//! with its node (`--to`).

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::Command;

use fulltime_client::faucet::SERVING;
use fulltime_files::localnet_env::LocalnetEnv;

use super::part::{Lifetime, PartBinary, ServingPart, free_ports};
use fulltime_desk::error::NodeError;

const FAUCET: PartBinary = PartBinary {
    binary: "faucet",
    package: "fulltime-faucet",
};

/// Starts the faucet for the node `env` describes, its logs in `state_dir`, and waits until it
/// serves.
pub async fn start(
    env: &LocalnetEnv,
    state_dir: &Path,
    lifetime: Lifetime,
) -> Result<ServingPart, NodeError> {
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
    ServingPart::start(FAUCET, command, address, state_dir, lifetime, |line| {
        line.contains(SERVING)
    })
    .await
}
