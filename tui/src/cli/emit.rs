//! What the command line prints when a command ends: its result, or its failure's report, and
//! the exit code.

use std::io::Write;
use std::process::ExitCode;

use fulltime_desk::error::Error;
use fulltime_desk::output::OutputFormat;

use super::Ran;

/// Prints a formatted result, or a failure's report, and gives the exit code. JSON goes to
/// stdout either way, so a script reads one object; text errors go to stderr.
pub fn emit(result: Result<Ran, Error>, format: OutputFormat) -> ExitCode {
    match result {
        Ok(Ran::Printed(text)) => {
            print(&text);
            ExitCode::SUCCESS
        }
        Ok(Ran::Reported(verdict)) => ExitCode::from(verdict.exit_code()),
        // A timeline that stopped prints its steps up to there, with what happened.
        Err(Error::TimelineFailed(run)) => {
            print(&format.formatted_string(&*run));
            ExitCode::FAILURE
        }
        // A fuzz that found a divergence prints its report, with the shrunk file's path.
        Err(Error::FuzzDiverged(report)) => {
            print(&format.formatted_string(&*report));
            ExitCode::FAILURE
        }
        Err(error) => {
            let report = error.report();
            match format {
                OutputFormat::Json => print(&format.formatted_string(&report)),
                OutputFormat::Text => eprintln!("{report}"),
            }
            ExitCode::from(error.exit_code())
        }
    }
}

/// Writes `text` and a newline to stdout. A reader that has gone (`fulltime markets | head -1`)
/// wants no more, so a failed write is dropped rather than a panic, as `println!` would.
fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{text}").and_then(|()| stdout.flush());
}
