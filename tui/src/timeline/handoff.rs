//! `--to`: the run's own node handed to the tester, running where the run stopped, with the
//! timeline's wallets in its state directory's wallet book so that `--keypair alice` works there.

use fulltime_client::cluster::ClusterError;
use fulltime_client::localnet_env::LocalnetEnv;
use fulltime_client::wallet_book::WalletBook;

use super::node::OwnNode;
use super::play::Cast;
use crate::error::Error;
use crate::output::node_left_running::NodeLeftRunning;

/// Writes the cast's wallets into the node's wallet book and leaves the node running.
pub fn leave_running(node: OwnNode, cast: &Cast) -> Result<NodeLeftRunning, Error> {
    let book = WalletBook::in_state_dir(node.state_dir());
    for (name, keypair) in cast.wallets() {
        book.insert(name, keypair)?;
    }
    let env = LocalnetEnv::load(node.state_dir()).map_err(ClusterError::from)?;
    let wallets = cast.wallets().map(|(name, _)| name.to_string()).collect();
    let left = node.leave_running();
    Ok(NodeLeftRunning::new(
        env.rpc_url,
        &left.state_dir,
        left.pid,
        wallets,
    ))
}
