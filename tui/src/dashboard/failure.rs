//! A failure as the dashboard's error popup shows it: the command line's own [`ErrorReport`],
//! so that both say the same name, code, program, meaning and action, with what was being done.

use fulltime_desk::error::{Error, ErrorReport};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailureView {
    /// What was being done: `Deposit`, `Faucet`, ...
    pub doing: String,
    pub report: ErrorReport,
    /// Refused by the client's own checks: no transaction left the machine.
    pub nothing_sent: bool,
}

impl FailureView {
    pub fn new(doing: &str, error: &Error) -> Self {
        let mut report = error.report();
        let nothing_sent = matches!(error, Error::Refused(_));
        if nothing_sent {
            // The command line's note about --force does not apply here.
            report.notes.clear();
        }
        Self {
            doing: doing.to_owned(),
            report,
            nothing_sent,
        }
    }

    /// `OutcomeLocked (settlement program error 6007)`; a faucet refusal with its HTTP status.
    pub fn headline(&self) -> String {
        match (&self.report.program, self.report.code) {
            (None, Some(status)) => format!("{} ({status})", self.report.error),
            _ => self.report.headline(),
        }
    }
}
