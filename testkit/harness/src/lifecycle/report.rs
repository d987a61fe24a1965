//! What running a lifecycle reports: how each step ended, or the first disagreement.

use std::collections::BTreeMap;
use std::fmt;

/// The first step at which the chain and the model disagreed.
#[derive(Debug)]
pub struct Violation {
    /// `None` in the set-up or the final pay-out.
    pub step: Option<usize>,
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(step) => write!(f, "step {step}: {}", self.detail),
            None => write!(f, "{}", self.detail),
        }
    }
}

impl std::error::Error for Violation {}

impl Violation {
    /// What went wrong without its numbers (`claim (OutOfVault(#)): wallet # went from # to
    /// #`): a shrunk lifecycle must fail this same way, with whatever amounts, wallets and
    /// markets are left.
    pub fn kind(&self) -> String {
        let mut kind = String::with_capacity(self.detail.len());
        for char in self.detail.chars() {
            if !char.is_ascii_digit() {
                kind.push(char);
            } else if !kind.ends_with('#') {
                kind.push('#');
            }
        }
        kind
    }
}

/// How often each kind of step ended each way, to show what a run exercised.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub outcomes: BTreeMap<String, u64>,
    /// How often each kind of value was drawn where the outcome does not tell it, such as a
    /// batch's date: `"batch dated BeforeClose(1)"`.
    pub draws: BTreeMap<String, u64>,
    pub transactions: u64,
}

impl Tally {
    pub fn merge(&mut self, other: Tally) {
        self.transactions += other.transactions;
        for (label, count) in other.outcomes {
            *self.outcomes.entry(label).or_default() += count;
        }
        for (label, count) in other.draws {
            *self.draws.entry(label).or_default() += count;
        }
    }
}

/// A lifecycle that ran as the model predicted.
#[derive(Clone, Debug, Default)]
pub struct Run {
    /// How each step ended, in order, pay-out included: `"claim: ok"`, `"settle: ProofNotLater"`.
    pub transcript: Vec<String>,
    pub tally: Tally,
}

impl Run {
    pub(super) fn count(&mut self, label: String) {
        *self.tally.outcomes.entry(label.clone()).or_default() += 1;
        self.transcript.push(label);
    }

    /// Counts a draw, outside the transcript.
    pub(super) fn draw(&mut self, label: String) {
        *self.tally.draws.entry(label).or_default() += 1;
    }
}
