//! A timeline's run: a line per step (the chain time, the step, what was done, each expectation
//! held or not) and, when it stopped early, what was expected and what happened.

use std::fmt;

use fulltime_client::terminal_text::escaped;
use serde::Serialize;

use super::node_left_running::NodeLeftRunning;
use super::snapshot::SavedSnapshot;
use crate::input::format_time;

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TimelineRun {
    pub file: String,
    pub steps: Vec<StepRun>,
    /// The first unexpected result; `None` when every step went as written.
    pub failure: Option<TimelineFailure>,
    /// `--to`: the node, left running where the run stopped.
    pub node: Option<NodeLeftRunning>,
    /// `--snapshot`: the chain where the run stopped.
    pub snapshot: Option<SavedSnapshot>,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct StepRun {
    pub name: String,
    /// The chain clock after the step's warp, unix seconds.
    pub at: i64,
    pub at_utc: String,
    /// Each action as done: `alice deposits 10 USDC on YES in home-over-1`, `... refused
    /// MarketClosed as expected`.
    pub done: Vec<String>,
    pub expectations: Vec<ExpectationRun>,
    /// The invariants were checked after the step and held (`false` when the step stopped the
    /// run before they were checked, or one was broken).
    pub invariants_held: bool,
    /// Each action sent, in file order, and what the chain made of it: what coverage counts.
    pub acts: Vec<ActRun>,
    /// Every market of the timeline after the step, as the invariants read it (none when the
    /// step stopped before they were read).
    pub stages: Vec<MarketStage>,
}

/// One action as sent and what came of it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ActRun {
    /// The file's word for it: `deposit`, `claim_all`.
    pub kind: &'static str,
    /// Its market's label, when it has one.
    pub market: Option<String>,
    pub outcome: ActOutcome,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
#[serde(tag = "outcome", rename_all = "snake_case")]
pub enum ActOutcome {
    Done,
    /// Refused: by a program (`settlement`, `oracle`, `token`), or by the client before anything
    /// was sent (`program` is then `None`).
    Refused {
        program: Option<String>,
        error: String,
    },
}

/// A market's stage after a step: `open`, `closed`, `provisional`, `resolved`, `refundable`
/// (resolved with nobody on the winning side) or `expired`.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MarketStage {
    pub market: String,
    pub stage: &'static str,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ExpectationRun {
    /// `alice holds`, `home-over-1's pool`.
    pub what: String,
    pub expected: String,
    pub found: String,
    pub held: bool,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct TimelineFailure {
    pub step: String,
    /// The action that went otherwise; `None` when an expectation did not hold.
    pub action: Option<String>,
    pub expected: String,
    pub happened: String,
    /// The transaction's logs, when it had some.
    pub logs: Vec<String>,
}

impl TimelineRun {
    /// The run of `file` before its first step.
    pub fn starting(file: &str) -> Self {
        Self {
            file: file.to_owned(),
            steps: Vec::new(),
            failure: None,
            node: None,
            snapshot: None,
        }
    }
}

impl StepRun {
    pub fn new(name: &str, at: i64) -> Self {
        Self {
            name: name.to_owned(),
            at,
            at_utc: format_time(at),
            done: Vec::new(),
            expectations: Vec::new(),
            invariants_held: false,
            acts: Vec::new(),
            stages: Vec::new(),
        }
    }
}

/// `2026-05-16T13:30:00Z  stakes: alice deposits ...; home-over-1's stage open: held`.
impl fmt::Display for StepRun {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}  {}:", self.at_utc, escaped(&self.name))?;
        let done = self.done.iter().map(|done| escaped(done).into_owned());
        let held = self.expectations.iter().map(|expectation| {
            let verdict = if expectation.held {
                "held".to_owned()
            } else {
                format!("NOT HELD, found {}", expectation.found)
            };
            format!(
                "{} {}: {verdict}",
                escaped(&expectation.what),
                expectation.expected
            )
        });
        let invariants = self.invariants_held.then(|| "invariants held".to_owned());
        let parts: Vec<String> = done.chain(held).chain(invariants).collect();
        if parts.is_empty() {
            formatter.write_str(" nothing to do")
        } else {
            write!(formatter, " {}", parts.join("; "))
        }
    }
}

impl fmt::Display for TimelineRun {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        for step in &self.steps {
            writeln!(formatter, "{step}")?;
        }
        self.write_verdict(formatter)?;
        if let Some(node) = &self.node {
            write!(formatter, "\n{node}")?;
        }
        if let Some(snapshot) = &self.snapshot {
            write!(formatter, "\n{snapshot}")?;
        }
        Ok(())
    }
}

impl TimelineRun {
    /// Every expectation held, or where and how the run stopped.
    fn write_verdict(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.failure {
            None => write!(
                formatter,
                "{}: {} steps, every expectation held",
                escaped(&self.file),
                self.steps.len()
            ),
            Some(failure) => {
                write!(formatter, "FAILED at step {}", escaped(&failure.step))?;
                if let Some(action) = &failure.action {
                    write!(formatter, ", action {}", escaped(action))?;
                }
                write!(
                    formatter,
                    ": expected {}, happened {}",
                    escaped(&failure.expected),
                    escaped(&failure.happened)
                )?;
                for log in &failure.logs {
                    write!(formatter, "\n  log: {}", escaped(log))?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_is_one_line_and_a_failure_names_step_action_and_both_sides() {
        let mut step = StepRun::new("claims", 1_779_000_000);
        step.done.push("alice claims home-over-1".into());
        step.expectations.push(ExpectationRun {
            what: "alice holds".into(),
            expected: "102.941176".into(),
            found: "102.941176".into(),
            held: true,
        });
        step.expectations.push(ExpectationRun {
            what: "bob holds".into(),
            expected: "1".into(),
            found: "2".into(),
            held: false,
        });
        let run = TimelineRun {
            file: "t.toml".into(),
            steps: vec![step],
            failure: Some(TimelineFailure {
                step: "claims".into(),
                action: None,
                expected: "bob holds 1".into(),
                happened: "2".into(),
                logs: vec!["Program log: x".into()],
            }),
            node: None,
            snapshot: None,
        };
        assert_eq!(
            run.to_string(),
            "2026-05-17T06:40:00Z  claims: alice claims home-over-1; alice holds 102.941176: \
             held; bob holds 1: NOT HELD, found 2\nFAILED at step claims: expected bob holds 1, \
             happened 2\n  log: Program log: x"
        );
    }

    #[test]
    fn a_step_whose_invariants_held_says_so_last() {
        let mut step = StepRun::new("stakes", 1_779_000_000);
        step.done
            .push("alice deposits 10 USDC on YES in home-over-1".into());
        step.invariants_held = true;
        assert_eq!(
            step.to_string(),
            "2026-05-17T06:40:00Z  stakes: alice deposits 10 USDC on YES in home-over-1; \
             invariants held"
        );
    }
}
