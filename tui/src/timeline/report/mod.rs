//! What `timeline run` prints of a suite, from its events as they come: text for people
//! (`text.rs`, painted by `colour.rs` on a terminal), one JSON object a line for scripts
//! (`json.rs`), and a JUnit XML file for CI (`junit.rs`). The [`Reporter`] keeps each timeline's
//! [`Outcome`] for the failures' sections, the summary and the JUnit file at the end.

mod colour;
mod json;
mod junit;
mod text;

use std::io::Write;
use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use fulltime_desk::error::{Error, ErrorReport};
use fulltime_desk::output::OutputFormat;
use fulltime_desk::output::timeline::TimelineRun;
use fulltime_desk::timeline::coverage::tally;

pub use self::colour::Colour;
use super::suite::{LoadFailure, SuiteEvent};

/// A timeline as it ended.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The report's name for it: its file's name without `.toml`.
    pub name: String,
    /// How many steps its file has (a failed run reaches fewer).
    pub planned_steps: usize,
    pub run: TimelineRun,
    pub took: Duration,
}

impl Outcome {
    pub fn passed(&self) -> bool {
        self.run.failure.is_none()
    }

    /// The expectations checked, over every step run.
    pub fn expectations(&self) -> usize {
        self.run
            .steps
            .iter()
            .map(|step| step.expectations.len())
            .sum()
    }
}

/// How the suite ended, as the exit code says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every timeline went as written: 0.
    Passed,
    /// At least one did not: 1.
    Failed,
    /// Nothing ran: a PATH that does not load, or flags that do not fit the PATHs: 2.
    NotRun,
}

impl Verdict {
    pub fn exit_code(self) -> u8 {
        match self {
            Self::Passed => 0,
            Self::Failed => 1,
            Self::NotRun => 2,
        }
    }
}

/// Text for people or JSON lines for scripts.
#[derive(Clone, Copy, Debug)]
pub enum Style {
    Text { colour: Colour, verbose: bool },
    Json,
}

impl Style {
    /// As the session prints (`--json` or text), the text coloured on a terminal.
    pub fn of(format: OutputFormat, verbose: bool) -> Self {
        match format {
            OutputFormat::Json => Self::Json,
            OutputFormat::Text => Self::Text {
                colour: Colour::for_stdout(),
                verbose,
            },
        }
    }
}

pub struct Reporter {
    style: Style,
    out: Box<dyn Write>,
    /// Where a text failure before the run goes (stderr); JSON goes to `out` either way.
    errors: Box<dyn Write>,
    junit: Option<PathBuf>,
    outcomes: Vec<Outcome>,
    started: Instant,
    started_at: SystemTime,
}

impl Reporter {
    pub fn new(
        style: Style,
        out: Box<dyn Write>,
        errors: Box<dyn Write>,
        junit: Option<PathBuf>,
    ) -> Self {
        Self {
            style,
            out,
            errors,
            junit,
            outcomes: Vec::new(),
            started: Instant::now(),
            started_at: SystemTime::now(),
        }
    }

    /// To stdout and stderr, as `fulltime` prints.
    pub fn to_terminal(style: Style, junit: Option<PathBuf>) -> Self {
        Self::new(
            style,
            Box::new(std::io::stdout()),
            Box::new(std::io::stderr()),
            junit,
        )
    }

    /// Names every PATH that gave no timeline; nothing runs.
    pub fn not_loaded(&mut self, failures: Vec<LoadFailure>) -> Verdict {
        for failure in failures {
            let file = failure.path().display().to_string();
            let report = match failure {
                LoadFailure::Timeline(error) => Error::Timeline(error).report(),
                other => ErrorReport::other(
                    "NoTimelines",
                    other,
                    "Name timeline files, or folders that hold *.toml timelines",
                ),
            };
            self.refusal(Some(&file), &report);
        }
        Verdict::NotRun
    }

    /// Says why nothing runs, as a failure of any command says it (with `event` in JSON).
    pub fn refused(&mut self, report: &ErrorReport) -> Verdict {
        self.refusal(None, report);
        Verdict::NotRun
    }

    fn refusal(&mut self, file: Option<&str>, report: &ErrorReport) {
        match self.style {
            Style::Json => line(&mut self.out, &json::refusal(file, report).to_string()),
            Style::Text { .. } => line(&mut self.errors, &report.to_string()),
        }
    }

    /// The suite is about to play `timelines`.
    pub fn begin(&mut self, timelines: usize) {
        if let Style::Text { .. } = self.style {
            line(&mut self.out, &text::header(timelines));
        }
    }

    pub fn event(&mut self, event: SuiteEvent<'_>) {
        match (event, self.style) {
            (SuiteEvent::Started { timeline }, Style::Json) => {
                line(&mut self.out, &json::started(timeline).to_string());
            }
            (SuiteEvent::Stepped { timeline, step }, Style::Json) => {
                line(&mut self.out, &json::stepped(timeline, step).to_string());
            }
            (
                SuiteEvent::Finished {
                    timeline,
                    run,
                    took,
                },
                _,
            ) => {
                let outcome = Outcome {
                    name: timeline.name.clone(),
                    planned_steps: timeline.timeline.steps.len(),
                    run: run.clone(),
                    took,
                };
                self.finished(&outcome);
                self.outcomes.push(outcome);
            }
            _ => {}
        }
    }

    fn finished(&mut self, outcome: &Outcome) {
        let Style::Text { colour, verbose } = self.style else {
            line(&mut self.out, &json::finished(outcome).to_string());
            return;
        };
        line(&mut self.out, &text::timeline_line(outcome, colour));
        if verbose && !outcome.run.steps.is_empty() {
            line(
                &mut self.out,
                &text::steps_block(&outcome.run.steps, colour),
            );
        }
        // `--to` and `--snapshot` say where the node and the chain were left.
        if let Some(node) = &outcome.run.node {
            line(&mut self.out, &node.to_string());
        }
        if let Some(snapshot) = &outcome.run.snapshot {
            line(&mut self.out, &snapshot.to_string());
        }
    }

    /// The failures' sections and the summary; the JUnit file written.
    pub fn finish(mut self) -> Verdict {
        let took = self.started.elapsed();
        let failed = self.outcomes.iter().filter(|outcome| !outcome.passed());
        let failed = failed.count();
        let passed = self.outcomes.len() - failed;
        let runs: Vec<TimelineRun> = self.outcomes.iter().map(|o| o.run.clone()).collect();
        let coverage = tally(&runs);
        match self.style {
            Style::Json => line(
                &mut self.out,
                &json::summary(passed, failed, took, &coverage).to_string(),
            ),
            Style::Text { colour, .. } => {
                self.failures_and_summary(passed, failed, took, colour);
                line(&mut self.out, &coverage.summary_line());
            }
        }
        if let Some(path) = self.junit.take() {
            let xml = junit::document(&self.outcomes, took, self.started_at);
            if let Err(error) = std::fs::write(&path, xml) {
                let message = format!("cannot write {}: {error}", path.display());
                let report = ErrorReport::other(
                    "JunitUnwritten",
                    message,
                    "Name a file that can be written",
                );
                return self.refused(&report);
            }
        }
        if failed == 0 {
            Verdict::Passed
        } else {
            Verdict::Failed
        }
    }

    fn failures_and_summary(
        &mut self,
        passed: usize,
        failed: usize,
        took: Duration,
        colour: Colour,
    ) {
        let mut sections = Vec::new();
        for outcome in &self.outcomes {
            if let Some(failure) = &outcome.run.failure {
                sections.push(text::failure_section(outcome, failure, colour));
            }
        }
        if !sections.is_empty() {
            line(
                &mut self.out,
                &format!("\nfailures:\n\n{}", sections.join("\n\n")),
            );
        }
        line(&mut self.out, "");
        line(
            &mut self.out,
            &text::summary_line(passed, failed, took, colour),
        );
    }
}

/// Writes `text` and a newline, flushed so that a reader sees each line as it ends. A reader
/// that has gone wants no more: a failed write is dropped, as the command line drops it.
fn line(out: &mut Box<dyn Write>, text: &str) {
    let _ = writeln!(out, "{text}").and_then(|()| out.flush());
}

#[cfg(test)]
mod tests;
