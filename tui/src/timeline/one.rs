//! The one timeline `--to` and `--snapshot` act on: cut at `--to`'s step and the snapshot's name
//! checked before anything starts, played on a node of its own (left running for `--to`) or on
//! `--url`'s, then the snapshot saved where the run stopped, whether at the step or at the first
//! unexpected result.

use std::time::Instant;

use fulltime_client::snapshot::{SaveError, check_name};
use fulltime_desk::actions::save_snapshot_into;
use fulltime_desk::error::Error;
use fulltime_desk::output::timeline::TimelineRun;
use fulltime_desk::session::Session;
use fulltime_desk::timeline::check_clock_before_first_step;
use fulltime_desk::timeline::play::play_reporting;
use fulltime_files::snapshot::named_path;

use super::handoff;
use super::part::Lifetime;
use super::report::{Reporter, Verdict};
use super::stop_step;
use super::suite::{LoadedTimeline, OwnGround, SuiteEvent};
use crate::args::TimelineRunArgs;

pub async fn run_one(
    session: &Session,
    args: &TimelineRunArgs,
    mut timeline: LoadedTimeline,
    mut reporter: Reporter,
) -> Result<Verdict, Error> {
    if let Some(step) = &args.to {
        stop_step::cut_after(&mut timeline.timeline, step)?;
    }
    if let Some(name) = &args.snapshot {
        check_name(name)?;
        let path = named_path(session.state_dir(), name);
        if path.exists() {
            return Err(SaveError::Exists { path }.into());
        }
    }
    let timeline = &timeline;
    let proofs = fulltime_matches::committed()?;
    let mut run = TimelineRun::starting(&timeline.path.display().to_string());
    if args.on_given_url {
        check_clock_before_first_step(session, &timeline.timeline).await?;
    }
    reporter.begin(1);
    reporter.event(SuiteEvent::Started { timeline });
    let started = Instant::now();
    let mut on_step = |step: &_| reporter.event(SuiteEvent::Stepped { timeline, step });
    if args.on_given_url {
        let faucet_url = session.faucet_url(args.faucet.url.as_deref());
        play_reporting(
            session,
            &timeline.timeline,
            &proofs,
            &faucet_url,
            &mut run,
            &mut on_step,
        )
        .await?;
        if let Some(name) = &args.snapshot {
            run.snapshot = Some(save_snapshot_into(session, name, session.state_dir()).await?);
        }
    } else {
        let lifetime = if args.to.is_some() {
            Lifetime::Detachable
        } else {
            Lifetime::Run
        };
        // On an error the node and its parts go (dropped) before the answer, whatever it is.
        let ground = OwnGround::start(session, lifetime).await?;
        let own = &ground.session;
        let cast = play_reporting(
            own,
            &timeline.timeline,
            &proofs,
            ground.faucet.url(),
            &mut run,
            &mut on_step,
        )
        .await?;
        if let Some(name) = &args.snapshot {
            run.snapshot = Some(save_snapshot_into(own, name, session.state_dir()).await?);
        }
        if args.to.is_some() {
            let OwnGround {
                node,
                env,
                faucet,
                txline,
                ..
            } = ground;
            run.node = Some(handoff::leave_running(node, faucet, txline, &env, &cast)?);
        }
    }
    reporter.event(SuiteEvent::Finished {
        timeline,
        run: &run,
        took: started.elapsed(),
    });
    Ok(reporter.finish())
}
