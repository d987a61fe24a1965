//! The same clean state for every timeline of a suite: a checkpoint of the node kept before the
//! first and restored before each next one (accounts and clock; `localnet`'s own methods). A
//! given node that keeps no checkpoints (`solana-test-validator`, devnet) plays the timelines in
//! order on the chain the one before left, each checked against the clock, which never goes back.

use fulltime_desk::error::Error;
use fulltime_desk::output::timeline::{TimelineFailure, TimelineRun};
use fulltime_desk::session::Session;
use fulltime_desk::timeline::check_clock_before_first_step;
use fulltime_matches::timeline::Timeline;

use super::SuiteNode;
use fulltime_client::time::format_time;

pub struct CleanState {
    /// What each timeline after the first starts from; `None` for a single timeline, or on a
    /// given node without checkpoints.
    checkpoint: Option<u64>,
    /// A given node: its clock is checked before each timeline.
    given: bool,
}

impl CleanState {
    /// Keeps a checkpoint when more than one timeline is to play. The suite's own node always
    /// keeps them; a given node that refuses is played in order.
    pub async fn keep(
        session: &Session,
        timelines: usize,
        node: &SuiteNode,
    ) -> Result<Self, Error> {
        let given = matches!(node, SuiteNode::Given { .. });
        if timelines < 2 {
            return Ok(Self {
                checkpoint: None,
                given,
            });
        }
        let kept = session.client().await?.save_checkpoint().await;
        let checkpoint = match kept {
            Ok(checkpoint) => Some(checkpoint.id),
            Err(_) if given => None,
            Err(error) => return Err(error.into()),
        };
        Ok(Self { checkpoint, given })
    }

    /// Makes the chain ready for timeline `index`: the checkpoint restored after the first. On
    /// a given node, a first step before the clock refuses the first timeline (an error, nothing
    /// sent) and fails a later one in `run`; `false` when it must not play.
    pub async fn ready_for(
        &mut self,
        session: &Session,
        index: usize,
        timeline: &Timeline,
        run: &mut TimelineRun,
    ) -> Result<bool, Error> {
        if let (Some(checkpoint), true) = (self.checkpoint, index > 0) {
            session
                .client()
                .await?
                .restore_checkpoint(checkpoint)
                .await?;
        }
        if !self.given {
            return Ok(true);
        }
        match check_clock_before_first_step(session, timeline).await {
            Ok(()) => Ok(true),
            Err(Error::ClockPastFirstStep { now, step, at }) if index > 0 => {
                run.failure = Some(TimelineFailure {
                    step,
                    action: None,
                    expected: format!("the node's clock at or before {}", format_time(at)),
                    happened: format!("it is at {}", format_time(now)),
                    logs: Vec::new(),
                });
                Ok(false)
            }
            Err(error) => Err(error),
        }
    }
}
