//! The text report, in the manner of `cargo test`: a line per timeline as it ends (`✓` or `✗`,
//! its name, steps, expectations, time), with `--verbose` its steps below it one item a line,
//! then a section per failure (the step, the action or expectation, expected against actual, the
//! transaction's logs), then the summary. Pure functions of the outcomes, so that tests read them.

use std::fmt::Write;
use std::time::Duration;

use fulltime_client::terminal_text::escaped;
use fulltime_desk::output::timeline::{StepRun, TimelineFailure};

use super::Outcome;
use super::colour::Colour;

/// `running 6 timelines`.
pub fn header(timelines: usize) -> String {
    format!("running {timelines} {}", plural(timelines, "timeline"))
}

/// `✓ pro-rata-payouts  6 steps, 21 expectations  0.41 s`; a failed one counts the steps it
/// reached of those written: `✗ changed  5 of 6 steps, ...`.
pub fn timeline_line(outcome: &Outcome, colour: Colour) -> String {
    let run = &outcome.run;
    let mark = if outcome.passed() {
        colour.green("✓")
    } else {
        colour.red("✗")
    };
    let steps = if outcome.passed() {
        format!("{} {}", run.steps.len(), plural(run.steps.len(), "step"))
    } else {
        format!("{} of {} steps", run.steps.len(), outcome.planned_steps)
    };
    let expectations = outcome.expectations();
    format!(
        "{mark} {}  {steps}, {expectations} {}  {}",
        colour.bold(&escaped(&outcome.name)),
        plural(expectations, "expectation"),
        colour.dim(&seconds(outcome.took, 2)),
    )
}

/// `--verbose`: each step, then what it did and each expectation, one a line, indented.
pub fn steps_block(steps: &[StepRun], colour: Colour) -> String {
    let mut block = String::new();
    for step in steps {
        let _ = writeln!(
            block,
            "    {}  {}",
            colour.dim(&step.at_utc),
            escaped(&step.name)
        );
        for done in &step.done {
            let _ = writeln!(block, "      {}", escaped(done));
        }
        for expectation in &step.expectations {
            let verdict = if expectation.held {
                colour.green("held")
            } else {
                colour.red(&format!("NOT HELD, found {}", escaped(&expectation.found)))
            };
            let what = escaped(&expectation.what);
            let _ = writeln!(block, "      {what} {}: {verdict}", expectation.expected);
        }
        if step.invariants_held {
            let _ = writeln!(block, "      invariants held");
        }
    }
    block.trim_end().to_owned()
}

/// A failure's section: where, what, expected against actual, and the logs.
pub fn failure_section(outcome: &Outcome, failure: &TimelineFailure, colour: Colour) -> String {
    let title = format!("---- {} ({}) ----", outcome.name, outcome.run.file);
    let mut section = colour.bold(&escaped(&title)).to_string();
    let step = outcome
        .run
        .steps
        .last()
        .filter(|step| step.name == failure.step);
    let at = step.map_or_else(String::new, |step| format!(" at {}", step.at_utc));
    let _ = write!(section, "\nstep:        {}{at}", escaped(&failure.step));
    let broken = step.and_then(|step| step.expectations.iter().find(|found| !found.held));
    match (&failure.action, broken) {
        (Some(action), _) => {
            let _ = write!(section, "\naction:      {}", escaped(action));
            expected_against_actual(&mut section, &failure.expected, &failure.happened, colour);
        }
        (None, Some(expectation)) => {
            let _ = write!(section, "\nexpectation: {}", escaped(&expectation.what));
            expected_against_actual(
                &mut section,
                &expectation.expected,
                &expectation.found,
                colour,
            );
        }
        (None, None) => {
            expected_against_actual(&mut section, &failure.expected, &failure.happened, colour);
        }
    }
    if !failure.logs.is_empty() {
        section.push_str("\nlogs:");
        for log in &failure.logs {
            let _ = write!(section, "\n  {}", escaped(log));
        }
    }
    section
}

fn expected_against_actual(section: &mut String, expected: &str, actual: &str, colour: Colour) {
    let _ = write!(
        section,
        "\nexpected:    {}",
        colour.green(&escaped(expected))
    );
    let _ = write!(section, "\nactual:      {}", colour.red(&escaped(actual)));
}

/// `6 passed, 0 failed, 1.9 s`.
pub fn summary_line(passed: usize, failed: usize, took: Duration, colour: Colour) -> String {
    let line = format!("{passed} passed, {failed} failed, {}", seconds(took, 1));
    if failed == 0 {
        colour.green(&line)
    } else {
        colour.red(&line)
    }
}

fn seconds(took: Duration, decimals: usize) -> String {
    format!("{:.decimals$} s", took.as_secs_f64())
}

fn plural(count: usize, word: &str) -> String {
    if count == 1 {
        word.to_owned()
    } else {
        format!("{word}s")
    }
}
