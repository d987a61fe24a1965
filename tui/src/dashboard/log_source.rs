//! The log files the dashboard follows in the state directory, and what the tail task
//! (`tasks/tail.rs`) found in one at a look, which the log view (`panes/logs/`) keeps.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogSource {
    /// `localnet.log`: the node's output, with `--log-transactions` every transaction and its
    /// program logs.
    Node,
    /// `faucet.log`: one line per request.
    Faucet,
}

impl LogSource {
    pub const ALL: [Self; 2] = [Self::Node, Self::Faucet];

    pub fn file_name(self) -> &'static str {
        match self {
            Self::Node => "localnet.log",
            Self::Faucet => "faucet.log",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Node => "node",
            Self::Faucet => "faucet",
        }
    }

    pub fn other(self) -> Self {
        match self {
            Self::Node => Self::Faucet,
            Self::Faucet => Self::Node,
        }
    }
}

/// What one look at a log file found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LogRead {
    Missing,
    Unreadable(String),
    /// The complete lines written since the last look; `restarted` when the file was truncated
    /// or replaced, so these are its first lines.
    Lines {
        restarted: bool,
        lines: Vec<String>,
    },
}
