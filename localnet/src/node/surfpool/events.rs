//! What surfpool's runloop says as it runs, in the node's words: transactions processed, its
//! errors and warnings, accounts it wrote outside a transaction.

use anchor_lang::prelude::Pubkey;
use crossbeam_channel::Receiver;
use solana_signature::Signature;
use solana_transaction_error::TransactionError;
use surfpool_types::SimnetEvent;

/// Local time of day, to the millisecond, as the events carry it.
const TIME_FORMAT: &str = "%H:%M:%S%.3f";

/// How surfpool 1.6.1 words an error that is a transaction the preflight simulation refused.
const SIMULATION_FAILED: &str = "Transaction simulation failed: ";

/// The runloop's events, in the order it said them, until it stops.
pub struct RunloopEvents(Receiver<SimnetEvent>);

/// One thing the runloop said; `time` is the local time of day it said it, to the millisecond.
#[derive(Debug)]
pub enum RunloopEvent {
    /// A transaction was processed (with `error` when it failed).
    TransactionProcessed {
        time: String,
        transaction: ProcessedTransaction,
        error: Option<TransactionError>,
    },
    /// An error of surfpool's ([`preflight_refusal`] tells a transaction the preflight refused).
    Error {
        time: String,
        message: String,
    },
    Warning(String),
    Aborted(String),
    /// An account surfpool wrote outside a transaction (airdrops, cheat codes, a restore), for
    /// which it sends no commit.
    AccountWritten(Pubkey),
    /// Anything else it says: routine.
    Routine,
}

/// A processed transaction, as the transaction log shows it.
#[derive(Clone, Debug, Default)]
pub struct ProcessedTransaction {
    pub signature: Signature,
    pub logs: Vec<String>,
}

impl RunloopEvents {
    pub(super) fn new(events: Receiver<SimnetEvent>) -> Self {
        Self(events)
    }
}

impl Iterator for RunloopEvents {
    type Item = RunloopEvent;

    fn next(&mut self) -> Option<RunloopEvent> {
        self.0.recv().ok().map(RunloopEvent::from)
    }
}

impl From<SimnetEvent> for RunloopEvent {
    fn from(event: SimnetEvent) -> Self {
        match event {
            SimnetEvent::TransactionProcessed(time, meta, error) => Self::TransactionProcessed {
                time: time.format(TIME_FORMAT).to_string(),
                transaction: ProcessedTransaction {
                    signature: meta.signature,
                    logs: meta.logs,
                },
                error,
            },
            SimnetEvent::ErrorLog(time, message) => Self::Error {
                time: time.format(TIME_FORMAT).to_string(),
                message,
            },
            SimnetEvent::WarnLog(_, message) => Self::Warning(message),
            SimnetEvent::Aborted(reason) => Self::Aborted(reason),
            SimnetEvent::AccountUpdate(_, pubkey) => Self::AccountWritten(pubkey),
            _ => Self::Routine,
        }
    }
}

/// The error of a transaction the preflight simulation refused, if surfpool's error `message`
/// reports one.
pub fn preflight_refusal(message: &str) -> Option<&str> {
    message.strip_prefix(SIMULATION_FAILED)
}
