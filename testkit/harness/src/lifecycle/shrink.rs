//! Shrinking a lifecycle that parted from the model: in process, where a run takes
//! milliseconds, steps are dropped one at a time, each cut kept while the lifecycle still fails
//! the same way. A lifecycle whose mock oracle fails a false predicate is tried first with the
//! one localnet runs, which returns `false`, so that the timeline it is written as replays
//! there.

use std::panic::{self, AssertUnwindSafe};

use fulltime_localnet::native::FalsePredicate;

use super::model::Plant;
use super::report::Violation;
use super::runner::run_lifecycle_with;
use super::step::Step;

/// Passes over the steps before giving up on finding one more to drop.
const MAX_PASSES: usize = 8;

/// A lifecycle cut down while it kept failing the same way.
#[derive(Debug)]
pub struct Shrunk {
    pub oracle: FalsePredicate,
    pub steps: Vec<Step>,
    pub violation: Violation,
    /// Lifecycles run to shrink it.
    pub trials: usize,
}

/// Shrinks the lifecycle of `oracle` and `steps`, which fails with `violation`.
pub fn shrink(
    oracle: FalsePredicate,
    plant: Option<Plant>,
    steps: Vec<Step>,
    violation: Violation,
) -> Shrunk {
    let kind = violation.kind();
    let mut shrunk = Shrunk {
        oracle,
        steps,
        violation,
        trials: 0,
    };
    let still_fails = |oracle, steps: &[Step], trials: &mut usize| {
        *trials += 1;
        // A cut the harness itself cannot run (it panics) fails another way.
        let run = panic::catch_unwind(AssertUnwindSafe(|| {
            run_lifecycle_with(oracle, plant, steps)
        }));
        match run {
            Ok(Err(violation)) if violation.kind() == kind => Some(violation),
            _ => None,
        }
    };
    if oracle != FalsePredicate::ReturnFalse
        && let Some(violation) = still_fails(
            FalsePredicate::ReturnFalse,
            &shrunk.steps,
            &mut shrunk.trials,
        )
    {
        shrunk.oracle = FalsePredicate::ReturnFalse;
        shrunk.violation = violation;
    }
    for _ in 0..MAX_PASSES {
        let mut dropped_any = false;
        // From the end: a late step is less often what the others need.
        let mut index = shrunk.steps.len();
        while index > 0 {
            index -= 1;
            let mut cut = shrunk.steps.clone();
            cut.remove(index);
            if let Some(violation) = still_fails(shrunk.oracle, &cut, &mut shrunk.trials) {
                shrunk.steps = cut;
                shrunk.violation = violation;
                dropped_any = true;
            }
        }
        if !dropped_any {
            break;
        }
    }
    shrunk
}
