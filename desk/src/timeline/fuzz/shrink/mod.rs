//! Shrinking a match day that diverged: greedy cuts (`cuts.rs`), each predicted afresh by the
//! model (so that the expectations stay its own) and played from the checkpoint, kept while the
//! divergence keeps its kind, until no cut is kept. The steps after the one that diverged go
//! first: the run never reached them.

mod cuts;

use fulltime_matches::timeline::Timeline;

use self::cuts::cuts;
use super::catalog::Catalog;
use super::divergence::Divergence;
use super::model::predict;
use super::planted::Planted;
use super::trial::Trial;

pub struct Shrunk {
    pub timeline: Timeline,
    pub divergence: Divergence,
    /// How many cut timelines were played.
    pub trials: u64,
}

/// The smallest timeline the cuts reach from `timeline` that still diverges as `divergence`
/// does.
pub async fn shrink(
    timeline: Timeline,
    divergence: Divergence,
    failed_step: &str,
    catalog: &Catalog,
    planted: Option<Planted>,
    trial: &Trial<'_>,
) -> Shrunk {
    let mut current = timeline;
    if let Ok(index) = current.step_named(failed_step) {
        current.steps.truncate(index + 1);
    }
    let mut shrunk = Shrunk {
        timeline: current,
        divergence,
        trials: 0,
    };
    loop {
        let mut kept_any = false;
        let mut index = 0;
        // The cuts of the timeline as it stands; after a kept cut, the next one tried is the
        // one now at the same place.
        while let Some(mut cut) = cuts(&shrunk.timeline).into_iter().nth(index) {
            index += 1;
            if predict(&mut cut, catalog, planted).is_err() || cut == shrunk.timeline {
                continue;
            }
            shrunk.trials += 1;
            // A cut that ends otherwise, or that the node could not play, is not kept.
            if let Ok(Some(found)) = trial.play(&cut).await
                && found.kind == shrunk.divergence.kind
            {
                shrunk.timeline = cut;
                shrunk.divergence = found;
                kept_any = true;
                index -= 1;
            }
        }
        if !kept_any {
            return shrunk;
        }
    }
}
