//! Where the chain and the model parted: the run's first unexpected result, in one line, and its
//! kind, which a shrunk timeline must keep for its divergence to count as the same: the kind of
//! action with the error expected and the one met, the kind of expectation, or the invariant.

use fulltime_matches::timeline::{ActionKind, Expectation, Timeline};
use serde::Serialize;

use crate::output::timeline::TimelineRun;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Divergence {
    /// What stays the same while the timeline shrinks.
    pub kind: String,
    /// The step it happened at.
    pub step: String,
    /// `step s3, alice claims from m1: expected success, happened NotAWinner (...)`.
    pub cause: String,
}

impl Divergence {
    /// The divergence `run` of `timeline` met, if it met one.
    pub fn of(timeline: &Timeline, run: &TimelineRun) -> Option<Self> {
        let failure = run.failure.as_ref()?;
        let step_run = run.steps.last()?;
        let step = timeline
            .steps
            .iter()
            .find(|step| step.name == failure.step)?;
        let kind = match &failure.action {
            // Actions are judged in file order, each that went as written said in `done`: the
            // one that did not is the next.
            Some(_) => {
                let action = step.actions.get(step_run.done.len())?;
                format!(
                    "{} expected {}, happened {}",
                    action_kind(&action.kind),
                    action
                        .fails
                        .as_ref()
                        .map_or("success", |error| error.name.as_str()),
                    first_word(&failure.happened),
                )
            }
            None => match step_run
                .expectations
                .iter()
                .position(|expectation| !expectation.held)
            {
                Some(index) => format!(
                    "expectation of {}",
                    expectation_kind(step.expect.get(index)?)
                ),
                None => format!(
                    "invariant {}",
                    failure
                        .expected
                        .split(" (")
                        .next()
                        .unwrap_or(&failure.expected)
                ),
            },
        };
        let action = failure
            .action
            .as_ref()
            .map(|action| format!(", {action}"))
            .unwrap_or_default();
        Some(Self {
            kind,
            step: failure.step.clone(),
            cause: format!(
                "step {}{action}: expected {}, happened {}",
                failure.step, failure.expected, failure.happened
            ),
        })
    }
}

/// `NotAWinner` of `NotAWinner (settlement program error 6011): ...`; `it` of `it succeeded`.
fn first_word(text: &str) -> &str {
    text.split([' ', ':']).next().unwrap_or(text)
}

fn action_kind(kind: &ActionKind) -> &'static str {
    kind.word()
}

fn expectation_kind(expectation: &Expectation) -> &'static str {
    match expectation {
        Expectation::Stage { .. } => "a stage",
        Expectation::Balance { .. } => "a balance",
        Expectation::Pays { .. } => "what a position pays",
        Expectation::Pool { .. } => "a pool",
    }
}
