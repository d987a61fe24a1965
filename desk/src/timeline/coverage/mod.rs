//! Coverage: what a suite's runs did on the chain, tallied against everything there is to do.
//! Each settlement and oracle error of the catalog, reached by which timeline and step (or why
//! no transaction can raise it, `unreachable.rs`); each market stage and transition visited;
//! each action kind, done and refused. Counted from the runs' [`ActRun`]s and
//! [`MarketStage`]s, never from what the files say they expect.

mod unreachable;

use std::collections::BTreeMap;
use std::path::Path;

use fulltime_client::errors::ErrorSource;
use fulltime_matches::timeline::{ActionKind, error_catalog};

use super::stages::{STAGES, TRANSITIONS};
use crate::output::coverage::{ActionCoverage, Coverage, ErrorCoverage, Place, Visited};
use crate::output::timeline::{ActOutcome, MarketStage, StepRun, TimelineRun};

pub use self::unreachable::why_unreachable;

/// The coverage of `runs`: every settlement and oracle error, stage, transition and action
/// kind, each with where it was first met; token and client refusals only as met.
pub fn tally(runs: &[TimelineRun]) -> Coverage {
    let mut tally = Tally::default();
    for run in runs {
        tally.run(run);
    }
    let mut coverage = tally.into_coverage(runs.len());
    coverage.failed = runs
        .iter()
        .filter(|run| run.failure.is_some())
        .map(|run| timeline_name(&run.file))
        .collect();
    coverage
}

#[derive(Default)]
struct Tally {
    /// By `program:name` (a client refusal's program is `client`).
    errors: BTreeMap<(String, String), Vec<Place>>,
    stages: BTreeMap<&'static str, Vec<Place>>,
    transitions: BTreeMap<(&'static str, &'static str), Vec<Place>>,
    done: BTreeMap<&'static str, u64>,
    refused: BTreeMap<&'static str, BTreeMap<String, u64>>,
}

impl Tally {
    fn run(&mut self, run: &TimelineRun) {
        let timeline = timeline_name(&run.file);
        // Each market's stage after the step before.
        let mut last: BTreeMap<&str, &'static str> = BTreeMap::new();
        for step in &run.steps {
            let place = Place {
                timeline: timeline.clone(),
                step: step.name.clone(),
            };
            self.acts(step, &place);
            for MarketStage { market, stage } in &step.stages {
                self.stages.entry(stage).or_default().push(place.clone());
                if let Some(before) = last.insert(market, stage)
                    && before != *stage
                {
                    let met = self.transitions.entry((before, stage)).or_default();
                    met.push(place.clone());
                }
            }
        }
    }

    fn acts(&mut self, step: &StepRun, place: &Place) {
        for act in &step.acts {
            match &act.outcome {
                ActOutcome::Done => *self.done.entry(act.kind).or_default() += 1,
                ActOutcome::Refused { program, error } => {
                    let program = program.clone().unwrap_or_else(|| "client".to_owned());
                    let qualified = format!("{program}:{error}");
                    *self
                        .refused
                        .entry(act.kind)
                        .or_default()
                        .entry(qualified)
                        .or_default() += 1;
                    let met = self.errors.entry((program, error.clone())).or_default();
                    met.push(place.clone());
                }
            }
        }
    }

    fn into_coverage(mut self, timelines: usize) -> Coverage {
        let mut errors: Vec<ErrorCoverage> = error_catalog()
            .into_iter()
            .filter(|error| error.program != ErrorSource::Token)
            .map(|error| {
                let program = error.program.label().to_owned();
                let reached_by = self
                    .errors
                    .remove(&(program.clone(), error.name.clone()))
                    .unwrap_or_default();
                ErrorCoverage {
                    unreachable: why_unreachable(error.program, &error.name),
                    program,
                    name: error.name,
                    reached_by,
                }
            })
            .collect();
        // What else refused an action: the token program's errors and the client's own checks.
        errors.extend(
            self.errors
                .into_iter()
                .map(|((program, name), reached_by)| ErrorCoverage {
                    program,
                    name,
                    reached_by,
                    unreachable: None,
                }),
        );
        Coverage {
            timelines,
            failed: Vec::new(),
            errors,
            stages: STAGES
                .iter()
                .map(|stage| Visited {
                    what: (*stage).to_owned(),
                    by: self.stages.remove(stage).unwrap_or_default(),
                    jump: false,
                })
                .collect(),
            transitions: transitions(self.transitions),
            actions: ActionKind::WORDS
                .iter()
                .map(|kind| ActionCoverage {
                    kind,
                    done: self.done.get(kind).copied().unwrap_or(0),
                    refused: self.refused.remove(kind).unwrap_or_default(),
                })
                .collect(),
        }
    }
}

/// The program's transitions, each with where it was met, then any jump a far warp made.
fn transitions(mut met: BTreeMap<(&'static str, &'static str), Vec<Place>>) -> Vec<Visited> {
    let word = |(from, to): (&str, &str)| format!("{from} → {to}");
    let mut visited: Vec<Visited> = TRANSITIONS
        .iter()
        .map(|transition| Visited {
            what: word(*transition),
            by: met.remove(transition).unwrap_or_default(),
            jump: false,
        })
        .collect();
    visited.extend(met.into_iter().map(|(transition, by)| Visited {
        what: word(transition),
        by,
        jump: true,
    }));
    visited
}

/// `pro-rata-payouts` for `fixtures/timelines/pro-rata-payouts.toml`.
pub fn timeline_name(file: &str) -> String {
    Path::new(file).file_stem().map_or_else(
        || file.to_owned(),
        |stem| stem.to_string_lossy().into_owned(),
    )
}

#[cfg(test)]
mod tests;
