//! A suite: timelines played one after another on one node, each from the same clean state, the
//! node's checkpoint kept before the first and restored before each next one (accounts and
//! clock). A failing timeline stops at its own first unexpected result and the suite goes on.
//!
//! `load.rs` makes PATHs timelines, `ground.rs` is the run's own node with its faucet and TxLINE
//! API, `clean_state.rs` the checkpoint between timelines; each timeline is played by the desk's
//! `play_reporting`, its steps handed on as they end. [`run_suite`] is what `timeline run` and any other command that wants
//! every timeline's [`TimelineRun`] call.

mod clean_state;
mod ground;
mod load;

use std::time::{Duration, Instant};

use fulltime_desk::error::Error;
use fulltime_desk::output::timeline::{StepRun, TimelineRun};
use fulltime_desk::session::Session;
use fulltime_desk::timeline::play::play_reporting;

pub use self::clean_state::CleanState;
pub use self::ground::{Needs, OwnGround};
pub use self::load::{LoadFailure, LoadedTimeline, load_paths};
use super::part::Lifetime;

/// Where a suite plays.
#[derive(Clone, Debug)]
pub enum SuiteNode {
    /// A `localnet`, faucet and TxLINE API of the suite's own, started for it and stopped after.
    Own,
    /// The session's node (`--url`), with this faucet for `faucet` actions.
    Given { faucet_url: String },
}

impl SuiteNode {
    /// `--url`'s node, given on the command line, with the faucet `faucet_url` names (or the
    /// session's); otherwise one of the suite's own.
    pub fn chosen(session: &Session, on_given_url: bool, faucet_url: Option<&str>) -> Self {
        if on_given_url {
            Self::Given {
                faucet_url: session.faucet_url(faucet_url),
            }
        } else {
            Self::Own
        }
    }
}

/// What a suite reports as it goes.
#[derive(Clone, Copy, Debug)]
pub enum SuiteEvent<'a> {
    /// A timeline is about to be set up and played.
    Started { timeline: &'a LoadedTimeline },
    /// One of its steps ended.
    Stepped {
        timeline: &'a LoadedTimeline,
        step: &'a StepRun,
    },
    /// It ended: every step as written, or at its first unexpected result (`run.failure`).
    Finished {
        timeline: &'a LoadedTimeline,
        run: &'a TimelineRun,
        took: Duration,
    },
}

/// Plays every timeline in order on `node`, each from the state the first started from; their
/// runs in the same order. An error (the node gone, a node that cannot start) ends the suite; a
/// first timeline whose first step is before a given node's clock is refused with nothing sent.
pub async fn run_suite(
    session: &Session,
    node: &SuiteNode,
    timelines: &[LoadedTimeline],
    on_event: &mut impl FnMut(SuiteEvent<'_>),
) -> Result<Vec<TimelineRun>, Error> {
    let proofs = fulltime_matches::committed()?;
    let ground;
    let (session, faucet_url) = match node {
        SuiteNode::Own => {
            ground = OwnGround::start_for(session, Lifetime::Run, Needs::of(timelines)).await?;
            (&ground.session, ground.faucet.url().to_owned())
        }
        SuiteNode::Given { faucet_url } => (session, faucet_url.clone()),
    };
    let mut clean = CleanState::keep(session, timelines.len(), node).await?;
    let mut runs = Vec::with_capacity(timelines.len());
    for (index, timeline) in timelines.iter().enumerate() {
        let started = Instant::now();
        let mut run = TimelineRun::starting(&timeline.path.display().to_string());
        // Before `Started`: a refused first timeline has printed nothing.
        let ready = clean
            .ready_for(session, index, &timeline.timeline, &mut run)
            .await?;
        on_event(SuiteEvent::Started { timeline });
        if ready {
            play_reporting(
                session,
                &timeline.timeline,
                &proofs,
                &faucet_url,
                &mut run,
                &mut |step| on_event(SuiteEvent::Stepped { timeline, step }),
            )
            .await?;
        }
        on_event(SuiteEvent::Finished {
            timeline,
            run: &run,
            took: started.elapsed(),
        });
        runs.push(run);
    }
    Ok(runs)
}
