//! The timeline face: `fulltime timeline run FILE` hosts the desk's timeline engine
//! (`fulltime_desk::timeline`) on a fresh `localnet` of its own, or on the `--url` node. `cli/`
//! dispatches `timeline run` here; it imports the floor only, never the dashboard.
//!
//! `part.rs` is what the run's own processes share, `node.rs` its node, `own_faucet.rs` its
//! faucet, `own_txline.rs` its TxLINE API; `stop_step.rs` cuts the file at `--to`'s step;
//! `handoff.rs` leaves the own node running for `--to`, its wallets written into the book.

mod handoff;
mod node;
mod own_faucet;
mod own_txline;
mod part;
mod stop_step;

use fulltime_desk::timeline::{check_clock_before_first_step, play};

use fulltime_client::cluster::{Cluster, ClusterError};
use fulltime_client::snapshot::{SaveError, check_name};
use fulltime_files::snapshot::named_path;
use fulltime_matches::timeline::load;

use fulltime_files::localnet_env::LocalnetEnv;

use self::node::OwnNode;
use self::part::Lifetime;
use crate::args::{GlobalArgs, TimelineRunArgs};
use fulltime_desk::actions::save_snapshot_into;
use fulltime_desk::error::Error;
use fulltime_desk::output::timeline::TimelineRun;
use fulltime_desk::session::Session;

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
    let proofs = fulltime_matches::committed()?;
    let mut run = TimelineRun {
        file: args.file.display().to_string(),
        steps: Vec::new(),
        failure: None,
        node: None,
        snapshot: None,
    };
    if args.on_given_url {
        check_clock_before_first_step(session, &timeline).await?;
        let faucet_url = session.faucet_url(args.faucet.url.as_deref());
        play::play(session, &timeline, &proofs, &faucet_url, &mut run).await?;
        if let Some(name) = &args.snapshot {
            run.snapshot = Some(save_snapshot_into(session, name, session.state_dir()).await?);
        }
    } else {
        let lifetime = if args.to.is_some() {
            Lifetime::Detachable
        } else {
            Lifetime::Run
        };
        let node = OwnNode::start(lifetime).await?;
        let env = LocalnetEnv::load(node.state_dir()).map_err(ClusterError::from)?;
        let faucet = own_faucet::start(&env, node.state_dir(), lifetime).await?;
        let txline = own_txline::start(node.state_dir(), lifetime).await?;
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
