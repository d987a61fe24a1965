//! A suite's coverage (`fulltime timeline coverage`): each error with where it was first reached
//! or why no timeline can reach it, each stage and transition with where it was first visited,
//! each action kind with how often it went through and what refused it; then what nothing
//! reached, in one list.

use std::collections::BTreeMap;
use std::fmt;

use fulltime_client::terminal_text::escaped;
use serde::Serialize;

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Coverage {
    /// How many timelines ran.
    pub timelines: usize,
    /// The timelines that stopped at an unexpected result: what they did up to it counts.
    pub failed: Vec<String>,
    /// Every settlement and oracle error of the catalog, in its order, then the token program's
    /// and the client's refusals that were met.
    pub errors: Vec<ErrorCoverage>,
    pub stages: Vec<Visited>,
    pub transitions: Vec<Visited>,
    pub actions: Vec<ActionCoverage>,
}

/// A timeline's step: where something was met.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Place {
    pub timeline: String,
    pub step: String,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ErrorCoverage {
    /// `settlement`, `oracle`, `token`, or `client` for the client's own checks.
    pub program: String,
    pub name: String,
    /// Every step that met it, in run order.
    pub reached_by: Vec<Place>,
    /// Why no transaction a timeline sends can raise it.
    pub unreachable: Option<&'static str>,
}

/// A stage (`open`) or a transition (`open → closed`) and every step that left a market there.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Visited {
    pub what: String,
    pub by: Vec<Place>,
    /// A transition the program has no instruction for, seen because a step warped past a
    /// stage (`open → provisional`): listed, not counted.
    pub jump: bool,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ActionCoverage {
    pub kind: &'static str,
    /// How many went through.
    pub done: u64,
    /// How many each error refused, by `program:name`.
    pub refused: BTreeMap<String, u64>,
}

impl Coverage {
    /// The errors of `program` (`settlement`, `oracle`).
    fn of_program<'a>(&'a self, program: &'a str) -> impl Iterator<Item = &'a ErrorCoverage> {
        self.errors
            .iter()
            .filter(move |error| error.program == program)
    }

    /// How many errors of `program` were reached, how many no timeline can reach, and how
    /// many there are.
    fn reached(&self, program: &str) -> (usize, usize, usize) {
        let count = |keep: fn(&ErrorCoverage) -> bool| {
            self.of_program(program).filter(|error| keep(error)).count()
        };
        (
            count(|error| !error.reached_by.is_empty()),
            count(|error| error.reached_by.is_empty() && error.unreachable.is_some()),
            count(|_| true),
        )
    }

    /// Everything no run reached that a timeline could: errors, stages, transitions, actions
    /// never sent.
    pub fn unreached(&self) -> Vec<String> {
        let errors = ["settlement", "oracle"].into_iter().flat_map(|program| {
            self.of_program(program)
                .filter(|error| error.reached_by.is_empty() && error.unreachable.is_none())
                .map(|error| format!("{}:{}", error.program, error.name))
        });
        let visited = self.stages.iter().chain(&self.transitions);
        let unvisited = visited
            .filter(|visited| visited.by.is_empty())
            .map(|visited| visited.what.clone());
        let unsent = self
            .actions
            .iter()
            .filter(|action| action.done == 0 && action.refused.is_empty())
            .map(|action| format!("{} (never sent)", action.kind));
        errors.chain(unvisited).chain(unsent).collect()
    }

    /// One line for the suite's report, counting only what a timeline can reach:
    /// `coverage: 30/30 settlement errors, 5/9 oracle errors, 6/6 stages, 6/6 transitions`.
    pub fn summary_line(&self) -> String {
        let errors = |program: &str| {
            let (reached, unreachable, all) = self.reached(program);
            format!("{reached}/{} {program} errors", all - unreachable)
        };
        let count = |visited: &[Visited]| {
            let counted = visited.iter().filter(|visited| !visited.jump);
            let reached = counted.clone().filter(|visited| !visited.by.is_empty());
            format!("{}/{}", reached.count(), counted.count())
        };
        format!(
            "coverage: {}, {}, {} stages, {} transitions",
            errors("settlement"),
            errors("oracle"),
            count(&self.stages),
            count(&self.transitions),
        )
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(formatter, "coverage of {} timelines", self.timelines)?;
        if !self.failed.is_empty() {
            let failed: Vec<String> = self
                .failed
                .iter()
                .map(|name| escaped(name).into_owned())
                .collect();
            writeln!(
                formatter,
                "{} stopped at an unexpected result, counted up to it: {}",
                failed.len(),
                failed.join(", ")
            )?;
        }
        for program in ["settlement", "oracle"] {
            let (reached, unreachable, all) = self.reached(program);
            writeln!(
                formatter,
                "\n{program} errors: {reached} of {all} reached, {unreachable} no timeline can raise"
            )?;
            for error in self.of_program(program) {
                write_error(formatter, error)?;
            }
        }
        let others: Vec<&ErrorCoverage> = self
            .errors
            .iter()
            .filter(|error| !matches!(error.program.as_str(), "settlement" | "oracle"))
            .collect();
        if !others.is_empty() {
            writeln!(formatter, "\nother refusals met")?;
            for error in others {
                write_error(formatter, error)?;
            }
        }
        write_visited(formatter, "market stages", &self.stages)?;
        write_visited(formatter, "transitions", &self.transitions)?;
        writeln!(formatter, "\nactions")?;
        for action in &self.actions {
            write_action(formatter, action)?;
        }
        let unreached = self.unreached();
        if unreached.is_empty() {
            write!(
                formatter,
                "\nnothing a timeline can reach is left unreached"
            )
        } else {
            write!(formatter, "\nnot reached: {}", unreached.join(", "))
        }
    }
}

/// `  ✓ MarketClosed  hostile-desk › after the close (and 2 more)`.
fn write_error(formatter: &mut fmt::Formatter<'_>, error: &ErrorCoverage) -> fmt::Result {
    let name = escaped(&error.name);
    match (error.reached_by.first(), error.unreachable) {
        (Some(first), _) => writeln!(
            formatter,
            "  ✓ {name:<26} {}",
            place_words(first, error.reached_by.len())
        ),
        (None, Some(why)) => writeln!(formatter, "  - {name:<26} no timeline can: {why}"),
        (None, None) => writeln!(formatter, "  ✗ {name:<26} not reached"),
    }
}

fn write_visited(
    formatter: &mut fmt::Formatter<'_>,
    title: &str,
    visited: &[Visited],
) -> fmt::Result {
    let counted = visited.iter().filter(|visited| !visited.jump);
    let reached = counted
        .clone()
        .filter(|visited| !visited.by.is_empty())
        .count();
    writeln!(
        formatter,
        "\n{title}: {reached} of {} visited",
        counted.count()
    )?;
    for visited in visited {
        match visited.by.first() {
            Some(first) => writeln!(
                formatter,
                "  ✓ {:<26} {}{}",
                visited.what,
                place_words(first, visited.by.len()),
                if visited.jump {
                    " (a warp past a stage)"
                } else {
                    ""
                }
            )?,
            None => writeln!(formatter, "  ✗ {:<26} not visited", visited.what)?,
        }
    }
    Ok(())
}

/// `  ✓ deposit   done 40, refused 3 (settlement:MarketClosed 2, settlement:OutcomeLocked 1)`.
fn write_action(formatter: &mut fmt::Formatter<'_>, action: &ActionCoverage) -> fmt::Result {
    let refused: u64 = action.refused.values().sum();
    if action.done == 0 && refused == 0 {
        return writeln!(formatter, "  ✗ {:<26} never sent", action.kind);
    }
    write!(
        formatter,
        "  ✓ {:<26} done {}, refused {refused}",
        action.kind, action.done
    )?;
    if refused > 0 {
        let each: Vec<String> = action
            .refused
            .iter()
            .map(|(error, count)| format!("{} {count}", escaped(error)))
            .collect();
        write!(formatter, " ({})", each.join(", "))?;
    }
    writeln!(formatter)
}

/// `hostile-desk › after the close`, and how many more steps met it.
fn place_words(first: &Place, met: usize) -> String {
    let place = format!("{} › {}", escaped(&first.timeline), escaped(&first.step));
    match met {
        0 | 1 => place,
        more => format!("{place} (and {} more)", more - 1),
    }
}
