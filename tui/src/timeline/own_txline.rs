//! The run's own TxLINE API: the `txline-api` binary beside `fulltime` on a free port, serving the
//! match catalog with credentials it keeps in the run's state directory, started as the stack
//! starts it; stopped with the run, or left running with its node (`--to`). A timeline's settle
//! by record goes through it, as a settle on devnet goes through TxLINE's host.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::Command;

use fulltime_client::txline::api::SERVING;

use super::part::{Lifetime, PartBinary, ServingPart, free_ports};
use fulltime_desk::error::NodeError;

const TXLINE_API: PartBinary = PartBinary {
    binary: "txline-api",
    package: "fulltime-txline-api",
};

/// Starts the stand-in, its credentials and logs in `state_dir`, and waits until it serves.
pub async fn start(state_dir: &Path, lifetime: Lifetime) -> Result<ServingPart, NodeError> {
    let binary = TXLINE_API.path()?;
    let [port] = free_ports()?;
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let mut command = Command::new(binary);
    command
        .args(["--bind", &address.ip().to_string()])
        .args(["--port", &port.to_string()])
        .arg("--state-dir")
        .arg(state_dir);
    ServingPart::start(TXLINE_API, command, address, state_dir, lifetime, |line| {
        line.contains(SERVING)
    })
    .await
}
