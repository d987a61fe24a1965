//! A `localnet` node of the bench's own, on free ports, in a state directory of its own.

use std::path::{Path, PathBuf};

use fulltime_localnet::native::FalsePredicate;
use fulltime_localnet::node::{ChainStart, Node, NodeOptions, load_or_create_keypair};
use fulltime_testkit::process::free_ports;

/// Options for a node in `state_dir` serving `chain`, funding `wallet`.
pub fn node_options(state_dir: &Path, wallet: PathBuf, chain: ChainStart) -> NodeOptions {
    let (rpc_port, ws_port) = free_ports().expect("free ports");
    NodeOptions {
        rpc_port,
        ws_port,
        state_dir: state_dir.to_owned(),
        wallet: Some(wallet),
        false_predicate: FalsePredicate::ReturnFalse,
        clock_start: None,
        wall_clock: true,
        chain,
        allow_origins: Vec::new(),
        unsafe_cheatcodes: false,
        rpc_limits: Default::default(),
        checkpoint_limits: Default::default(),
        pubsub_limits: Default::default(),
    }
}

/// A fresh wallet file, so the bench never touches the user's own keypair.
pub fn write_wallet(state_dir: &Path) -> PathBuf {
    std::fs::create_dir_all(state_dir).expect("state dir");
    let path = state_dir.join("bench-wallet.json");
    load_or_create_keypair(&path).expect("bench wallet");
    path
}

/// A node started with `options`, or `None` once the reason it did not start is printed.
pub async fn start(options: NodeOptions) -> Option<Node> {
    match Node::start(options).await {
        Ok(node) => Some(node),
        Err(error) => {
            eprintln!("localnet did not start: {error}");
            None
        }
    }
}
