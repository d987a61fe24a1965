//! A failure as the dashboard's error popup shows it, built from the command line's own report
//! (`CliError::report`) so that both say the same name, code, program, meaning and action.

use fulltime_client::rpc::ClientError;

use crate::output::failure::CliError;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailureView {
    /// What was being done: `Deposit`, `Faucet`, ...
    pub doing: String,
    pub error: String,
    pub code: Option<u32>,
    pub program: Option<String>,
    pub message: String,
    pub action: String,
    pub notes: Vec<String>,
    /// Refused by the client's own checks: no transaction left the machine.
    pub nothing_sent: bool,
}

impl FailureView {
    pub fn new(doing: &str, error: &CliError) -> Self {
        let report = error.report();
        let nothing_sent = matches!(error, CliError::Client(ClientError::Refused(_)));
        // The command line's note about --force does not apply here.
        let notes = if nothing_sent {
            Vec::new()
        } else {
            report.notes
        };
        Self {
            doing: doing.to_owned(),
            error: report.error,
            code: report.code,
            program: report.program,
            message: report.message,
            action: report.action,
            notes,
            nothing_sent,
        }
    }

    /// `OutcomeLocked (settlement program error 6007)`.
    pub fn headline(&self) -> String {
        match (&self.program, self.code) {
            (Some(program), Some(code)) => {
                format!("{} ({program} program error {code})", self.error)
            }
            (None, Some(code)) => format!("{} ({code})", self.error),
            _ => self.error.clone(),
        }
    }
}
