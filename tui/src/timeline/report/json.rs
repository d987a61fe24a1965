//! `--json`: one object a line per event, each parsing on its own, so that a script reads the
//! suite as it goes: `timeline` when one starts, `step` as each step ends, `finished` with the
//! whole run, `summary` last, with the suite's coverage; `not_loaded` for each PATH that gave no timeline, `refused` for
//! flags that do not fit the PATHs.

use std::time::Duration;

use fulltime_desk::error::ErrorReport;
use fulltime_desk::output::coverage::Coverage;
use fulltime_desk::output::timeline::StepRun;
use serde_json::{Value, json};

use super::Outcome;
use crate::timeline::suite::LoadedTimeline;

pub fn started(timeline: &LoadedTimeline) -> Value {
    json!({
        "event": "timeline",
        "file": timeline.path.display().to_string(),
        "name": timeline.name,
        "steps": timeline.timeline.steps.len(),
    })
}

pub fn stepped(timeline: &LoadedTimeline, step: &StepRun) -> Value {
    json!({
        "event": "step",
        "file": timeline.path.display().to_string(),
        "name": timeline.name,
        "step": step,
    })
}

/// The run whole (`--to`'s node and `--snapshot`'s file included), with its verdict.
pub fn finished(outcome: &Outcome) -> Value {
    json!({
        "event": "finished",
        "file": outcome.run.file,
        "name": outcome.name,
        "passed": outcome.passed(),
        "steps": outcome.run.steps.len(),
        "expectations": outcome.expectations(),
        "seconds": outcome.took.as_secs_f64(),
        "run": outcome.run,
    })
}

pub fn summary(passed: usize, failed: usize, took: Duration, coverage: &Coverage) -> Value {
    json!({
        "event": "summary",
        "passed": passed,
        "failed": failed,
        "seconds": took.as_secs_f64(),
        "coverage": coverage,
    })
}

/// The error's usual object (`error`, `code`, `program`, `message`, `action`) with `event`:
/// `not_loaded` with the `file` it is about, or `refused` when it is about the command.
pub fn refusal(file: Option<&str>, report: &ErrorReport) -> Value {
    let mut value = match file {
        Some(file) => json!({ "event": "not_loaded", "file": file }),
        None => json!({ "event": "refused" }),
    };
    if let (Some(object), Ok(Value::Object(fields))) =
        (value.as_object_mut(), serde_json::to_value(report))
    {
        object.extend(fields);
    }
    value
}
