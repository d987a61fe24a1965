//! `--to`: the run's own node and faucet handed to the tester, running where the run stopped,
//! with the timeline's wallets in the node's wallet book so that `--keypair alice` works there.

use fulltime_files::localnet_env::LocalnetEnv;

use fulltime_desk::timeline::{Cast, write_into_book};

use super::node::OwnNode;
use super::part::ServingPart;
use fulltime_desk::error::Error;
use fulltime_desk::output::node_left_running::{LeftRunning, NodeLeftRunning};

/// Writes the cast's wallets into the node's wallet book and leaves the node, its faucet and its
/// TxLINE API running.
pub fn leave_running(
    node: OwnNode,
    faucet: ServingPart,
    txline: ServingPart,
    env: &LocalnetEnv,
    cast: &Cast,
) -> Result<NodeLeftRunning, Error> {
    write_into_book(node.state_dir(), cast)?;
    let state_dir = node.state_dir().to_owned();
    let faucet_url = faucet.url().to_owned();
    let txline_url = txline.url().to_owned();
    Ok(NodeLeftRunning::new(LeftRunning {
        rpc_url: env.rpc_url.clone(),
        state_dir: &state_dir,
        pid: node.leave_running(),
        faucet_url,
        faucet_pid: faucet.leave_running(),
        txline_url,
        txline_pid: txline.leave_running(),
        wallets: cast.wallets().map(|(name, _)| name.to_string()).collect(),
    }))
}
