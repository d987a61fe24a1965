//! `--to STEP`: the timeline cut after the step named STEP, checked before anything starts.

use fulltime_matches::timeline::Timeline;

use fulltime_desk::error::Error;

/// Keeps the steps up to and including `step`; a name that is no step is refused, naming the
/// steps there are. Markets created in later steps are never reached, so never created.
pub fn cut_after(timeline: &mut Timeline, step: &str) -> Result<(), Error> {
    let index = timeline
        .step_named(step)
        .map_err(|steps| Error::UnknownStep {
            step: step.to_owned(),
            steps,
        })?;
    timeline.steps.truncate(index + 1);
    Ok(())
}
