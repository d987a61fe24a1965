//! The timeline face: `fulltime timeline run FILE` plays a match day written as a file
//! (`fulltime_proof_files::timeline`) against a fresh `localnet` of its own, through the action
//! layer, and checks what the file expects from the chain. Beside `cli/` and `dashboard/`, it
//! imports the floor only.
//!
//! `node.rs` is the run's own node; `play.rs` makes the wallets and markets and plays the steps;
//! `waves.rs` splits a step's actions into those sent together; `expect.rs` reads a step's
//! expectations from the chain;
//! `invariants.rs` checks the rules every step must leave true; the result is `output::timeline`.

mod expect;
mod invariants;
mod node;
mod play;
mod waves;

use fulltime_client::cluster::Cluster;
use fulltime_proof_files::timeline::load;

pub use self::node::NodeError;
use self::node::OwnNode;
use crate::args::{GlobalArgs, TimelineRunArgs};
use crate::error::Error;
use crate::output::timeline::TimelineRun;
use crate::session::Session;

/// Loads `args.file` (nothing starts when it does not load), starts a node, plays the timeline
/// on it and stops it. A run that met an unexpected result is [`Error::TimelineFailed`].
pub async fn run(args: &TimelineRunArgs) -> Result<TimelineRun, Error> {
    let timeline = load(&args.file).map_err(Box::new)?;
    let proofs = fulltime_proof_files::committed()?;
    let node = OwnNode::start()?;
    let session = Session::new(GlobalArgs {
        url: Cluster::Localnet,
        keypair: Some(node.desk_path()),
        json: false,
        state_dir: node.state_dir().to_owned(),
    });
    let mut run = TimelineRun {
        file: args.file.display().to_string(),
        steps: Vec::new(),
        failure: None,
    };
    let played = play::play(&session, &timeline, &proofs, &mut run).await;
    // The node goes before the answer, whatever it is.
    drop(session);
    drop(node);
    played?;
    if run.failure.is_some() {
        return Err(Error::TimelineFailed(Box::new(run)));
    }
    Ok(run)
}
