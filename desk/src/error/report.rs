//! A failure as printed, the same for both faces: its name, code, program, message and action,
//! which `--json` prints as one object and the dashboard's failure popup shows, plus notes for
//! people; a URL that could not be reached adds where and why.

use std::fmt;

use fulltime_client::errors::ProgramFailure;
use fulltime_client::terminal_text::escaped;
use fulltime_client::unreachable::Cause;
use serde::Serialize;

/// A failure as printed: `--json` prints these five fields, with `url` and `cause` where a URL
/// could not be reached; the text adds the notes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorReport {
    /// The program error's name, or a name for the client-side failure.
    pub error: String,
    /// The program error code, or the faucet's HTTP status.
    pub code: Option<u32>,
    /// `settlement` or `oracle` for program errors.
    pub program: Option<String>,
    pub message: String,
    pub action: String,
    /// The URL that could not be reached, or where the program is missing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Why the URL could not be reached, as one word: `refused`, `timed_out`, `dns`, `tls`,
    /// `other`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cause: Option<&'static str>,
    /// Extra lines for people: why nothing was sent, or the logs of an unexplained failure.
    #[serde(skip)]
    pub notes: Vec<String>,
}

impl ErrorReport {
    pub(crate) fn program(failure: &ProgramFailure) -> Self {
        Self {
            error: failure.name.clone(),
            code: Some(failure.code),
            program: Some(failure.source.label().to_owned()),
            message: failure.message.clone(),
            action: failure.action.to_owned(),
            url: None,
            cause: None,
            notes: Vec::new(),
        }
    }

    pub fn other(error: &str, message: impl ToString, action: impl Into<String>) -> Self {
        Self {
            error: error.to_owned(),
            code: None,
            program: None,
            message: message.to_string(),
            action: action.into(),
            url: None,
            cause: None,
            notes: Vec::new(),
        }
    }

    /// The report of `url`, which could not be reached for `cause`.
    pub(crate) fn unreachable(
        error: &str,
        message: impl ToString,
        url: &str,
        cause: &Cause,
        action: impl Into<String>,
    ) -> Self {
        Self {
            url: Some(url.to_owned()),
            cause: Some(cause.code()),
            ..Self::other(error, message, action)
        }
    }

    pub(crate) fn with_notes(mut self, notes: impl IntoIterator<Item = String>) -> Self {
        self.notes.extend(notes);
        self
    }

    /// `OutcomeLocked (settlement program error 6007)`; the name alone outside a program.
    pub fn headline(&self) -> String {
        match (&self.program, self.code) {
            (Some(program), Some(code)) => {
                format!("{} ({program} program error {code})", self.error)
            }
            _ => self.error.clone(),
        }
    }
}

/// `error: <headline>: <message>`, the action, then a line per note. Every part may quote the
/// outside (a node's or the faucet's answer, a file, a transaction's logs), so each is escaped.
impl fmt::Display for ErrorReport {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "error: {}: {}\naction: {}",
            escaped(&self.headline()),
            escaped(&self.message),
            escaped(&self.action)
        )?;
        for note in &self.notes {
            write!(formatter, "\nnote: {}", escaped(note))?;
        }
        Ok(())
    }
}
