//! The timeline face: `fulltime timeline run FILE` plays a match day written as a file
//! (`fulltime_proof_files::timeline`) against a fresh `localnet` of its own, or the `--url` node,
//! through the action layer, and checks what the file expects from the chain. Beside `cli/` and
//! `dashboard/`, it imports the floor only.
//!
//! `part.rs` is what the run's own processes share, `node.rs` its node, `own_faucet.rs` its
//! faucet, `own_txline.rs` its TxLINE API; `stop_step.rs` cuts the file at `--to`'s step;
//! `given_node.rs` checks a `--url` node's clock before anything is sent; `play/` makes the
//! wallets and markets and plays the steps; `waves.rs` splits a step's actions into those sent
//! together; `expect.rs` reads a step's expectations from the chain; `invariants.rs` checks the
//! rules every step must leave true; `handoff.rs` leaves the own node running for `--to`, its
//! wallets written into the book by `book.rs`; the result is `output::timeline`. `stepper.rs`
//! plays a timeline a step at a time on a node that runs, a checkpoint kept before each step, for
//! the dashboard's timeline pane (`play/`'s `set_up` and `play_step` are what both use).
//! `record/` turns hand actions into a timeline file (the dashboard's recording).

mod book;
mod expect;
mod given_node;
mod handoff;
mod invariants;
mod node;
mod own_faucet;
mod own_txline;
mod part;
mod play;
pub mod record;
mod stepper;
mod stop_step;
mod waves;

use fulltime_client::cluster::{Cluster, ClusterError};
use fulltime_client::snapshot::{SaveError, check_name, named_path};
use fulltime_proof_files::timeline::load;

use fulltime_client::localnet_env::LocalnetEnv;

pub use self::book::write_into_book;
use self::node::OwnNode;
use self::part::Lifetime;
pub use self::play::{Stepped, cast_of};
pub use self::stepper::Stepper;
use crate::actions::save_snapshot_into;
use crate::args::{GlobalArgs, TimelineRunArgs};
use crate::error::Error;
use crate::output::timeline::TimelineRun;
use crate::session::Session;

/// Loads `args.file` and checks `--to` and `--snapshot` (nothing starts when one is wrong), then
/// plays the timeline on a node of its own with a faucet and a TxLINE API of its own (stopped at
/// the end unless `--to`), or on `--url`'s node with `--faucet-url`'s faucet and the session's
/// TxLINE API. A run that met an unexpected result is [`Error::TimelineFailed`]; `--to` and
/// `--snapshot` act where the run stopped, whether at the step or at that result.
pub async fn run(session: &Session, args: &TimelineRunArgs) -> Result<TimelineRun, Error> {
    let mut timeline = load(&args.file).map_err(Box::new)?;
    if let Some(step) = &args.to {
        stop_step::cut_after(&mut timeline, step)?;
    }
    if let Some(name) = &args.snapshot {
        check_name(name)?;
        let path = named_path(session.state_dir(), name);
        if path.exists() {
            return Err(SaveError::Exists { path }.into());
        }
    }
    let proofs = fulltime_proof_files::committed()?;
    let mut run = TimelineRun {
        file: args.file.display().to_string(),
        steps: Vec::new(),
        failure: None,
        node: None,
        snapshot: None,
    };
    if args.on_given_url {
        given_node::check_clock_before_first_step(session, &timeline).await?;
        play::play(session, &timeline, &proofs, &args.faucet.url, &mut run).await?;
        if let Some(name) = &args.snapshot {
            run.snapshot = Some(save_snapshot_into(session, name, session.state_dir()).await?);
        }
    } else {
        let lifetime = if args.to.is_some() {
            Lifetime::Detachable
        } else {
            Lifetime::Run
        };
        let node = OwnNode::start(lifetime)?;
        let env = LocalnetEnv::load(node.state_dir()).map_err(ClusterError::from)?;
        let faucet = own_faucet::start(&env, node.state_dir(), lifetime)?;
        let txline = own_txline::start(node.state_dir(), lifetime)?;
        let own = Session::new(GlobalArgs {
            url: Cluster::Localnet,
            keypair: Some(node.desk_path()),
            json: false,
            state_dir: node.state_dir().to_owned(),
            txline_url: Some(txline.url().to_owned()),
            priority_fee: session.priority_fee(),
        });
        // On an error the node and the faucet go (dropped) before the answer, whatever it is.
        let cast = play::play(&own, &timeline, &proofs, faucet.url(), &mut run).await?;
        if let Some(name) = &args.snapshot {
            run.snapshot = Some(save_snapshot_into(&own, name, session.state_dir()).await?);
        }
        if args.to.is_some() {
            run.node = Some(handoff::leave_running(node, faucet, txline, &env, &cast)?);
        }
    }
    if run.failure.is_some() {
        return Err(Error::TimelineFailed(Box::new(run)));
    }
    Ok(run)
}
