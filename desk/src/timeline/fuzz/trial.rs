//! One match day played on the fuzz's node: the chain put back to the checkpoint kept when the
//! fuzz started, then the timeline played by the engine `timeline run` uses (its expectations and
//! the invariants checked after each step).

use fulltime_matches::Generated;
use fulltime_matches::timeline::Timeline;

use super::divergence::Divergence;
use crate::error::Error;
use crate::output::timeline::TimelineRun;
use crate::session::Session;
use crate::timeline::play;

pub struct Trial<'a> {
    pub session: &'a Session,
    pub proofs: &'a Generated,
    pub faucet_url: &'a str,
    /// The clean chain every match day starts from.
    pub checkpoint: u64,
}

impl Trial<'_> {
    /// Plays `timeline` from the checkpoint; the divergence it met, if any.
    pub async fn play(&self, timeline: &Timeline) -> Result<Option<Divergence>, Error> {
        self.session
            .client()
            .await?
            .restore_checkpoint(self.checkpoint)
            .await?;
        let mut run = TimelineRun::starting("");
        play::play(
            self.session,
            timeline,
            self.proofs,
            self.faucet_url,
            &mut run,
        )
        .await?;
        Ok(Divergence::of(timeline, &run))
    }
}
