//! What an action did held against what the file says: success, or the error it must fail with.

use fulltime_client::proof_file::ExpectedError;
use fulltime_matches::timeline::Action;

use super::describe::describe;
use crate::error::{Error, ErrorReport};
use crate::output::timeline::TimelineFailure;

/// What `action` did, when it went as the file says; else the unexpected result (its step
/// filled in by the caller).
pub fn judged(action: &Action, done: Result<String, Error>) -> Result<String, TimelineFailure> {
    let mut described = describe(&action.kind);
    if action.force {
        described.push_str(" (forced)");
    }
    let unexpected = |expected: String, report: Option<ErrorReport>| TimelineFailure {
        step: String::new(),
        action: Some(described.clone()),
        expected,
        happened: report.as_ref().map_or_else(
            || "it succeeded".to_owned(),
            |report| format!("{}: {}", report.headline(), report.message),
        ),
        logs: report.map(|report| report.notes).unwrap_or_default(),
    };
    match (done, &action.fails) {
        (Ok(done), None) => Ok(done),
        (Ok(_), Some(expected)) => Err(unexpected(format!("to fail with {}", expected.name), None)),
        (Err(error), Some(expected)) if is_expected(&error.report(), expected) => Ok(format!(
            "{described}: refused with {} as expected",
            expected.name
        )),
        (Err(error), fails) => Err(unexpected(
            fails.as_ref().map_or_else(
                || "success".to_owned(),
                |expected| format!("to fail with {}", expected.name),
            ),
            Some(error.report()),
        )),
    }
}

/// Whether the failure `report` is the one the file names: its name, and its program when it
/// is a program's error.
fn is_expected(report: &ErrorReport, expected: &ExpectedError) -> bool {
    report.error == expected.name
        && report
            .program
            .as_deref()
            .is_none_or(|program| program == expected.program.label())
}
