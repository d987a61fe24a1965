//! `--url`: a running node plays the timeline only when its clock is not past the first step,
//! as a clock never goes back.

use fulltime_matches::timeline::Timeline;

use crate::error::Error;
use crate::session::Session;

/// Refuses, naming both times, when the session's node is past the first step; sends nothing.
pub async fn check_clock_before_first_step(
    session: &Session,
    timeline: &Timeline,
) -> Result<(), Error> {
    let Some(first) = timeline.steps.first() else {
        return Ok(());
    };
    let now = session.client().await?.cluster_time().await?;
    if now > first.at {
        return Err(Error::ClockPastFirstStep {
            now,
            step: first.name.clone(),
            at: first.at,
        });
    }
    Ok(())
}
