//! What the command prints: every result in two renderings, text for people and one JSON object
//! for scripts (`--json`), and every failure in the shape of [`failure::ErrorReport`].

pub mod failure;
pub mod market;
pub mod stat_names;
pub mod terms;
pub mod transaction;

use std::io::Write;
use std::process::ExitCode;

use failure::CliError;

/// A command's result, rendered both ways; `--json` picks one.
#[derive(Debug)]
pub struct Output {
    pub human: String,
    pub json: serde_json::Value,
}

/// Prints a result or a failure and gives the exit code. JSON goes to stdout either way, so a
/// script reads one object; human errors go to stderr.
pub fn emit(result: Result<Output, CliError>, json: bool) -> ExitCode {
    match result {
        Ok(output) if json => {
            print(&pretty(&output.json));
            ExitCode::SUCCESS
        }
        Ok(output) => {
            print(&output.human);
            ExitCode::SUCCESS
        }
        Err(error) => {
            let report = error.report();
            if json {
                print(&pretty(&report.json()));
            } else {
                eprintln!("{}", report.human());
            }
            ExitCode::FAILURE
        }
    }
}

/// Writes `text` and a newline to stdout. A reader that has gone (`fulltime markets | head -1`)
/// wants no more, so a failed write is dropped rather than a panic, as `println!` would.
fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{text}").and_then(|()| stdout.flush());
}

fn pretty(value: &serde_json::Value) -> String {
    // A `Value` always serializes.
    serde_json::to_string_pretty(value).unwrap_or_else(|_| value.to_string())
}
