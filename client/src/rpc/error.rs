use anchor_lang::prelude::Pubkey;
use solana_instruction::error::InstructionError;
use solana_rpc_client_api::client_error::{Error as RpcClientError, ErrorKind};
use solana_rpc_client_api::request::{RpcError, RpcResponseErrorData};
use solana_signature::Signature;
use solana_transaction_error::TransactionError;

use crate::errors::{ProgramFailure, explain_logs};

/// Everything that can go wrong between the client and the chain.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The settlement program or the oracle refused the transaction, in preflight simulation or
    /// on chain.
    #[error("{failure}")]
    Program {
        failure: Box<ProgramFailure>,
        logs: Vec<String>,
    },
    /// A transaction that failed without a known program error; `message` is the node's text.
    #[error("transaction failed: {message}")]
    Transaction { message: String, logs: Vec<String> },
    #[error("RPC request to {url} failed: {source}")]
    Rpc {
        url: String,
        #[source]
        source: Box<RpcClientError>,
    },
    #[error("cannot sign the transaction: {0}")]
    Signing(String),
    #[error(
        "no settlement config at {address} on {url}: the settlement program is not deployed or \
         not initialized there"
    )]
    ConfigNotFound { address: Pubkey, url: String },
    #[error(
        "market {id} does not exist (markets are numbered from 0; `fulltime markets` lists them)"
    )]
    MarketNotFound { id: u64 },
    #[error("account {address} is not a valid {what}: {reason}")]
    Decode {
        what: &'static str,
        address: Pubkey,
        reason: String,
    },
    #[error(
        "the clock of {cluster} cannot be moved: {reason}; warp needs a node that serves \
         surfpool's `surfnet_timeTravel`, as localnet does"
    )]
    WarpUnsupported { cluster: String, reason: String },
    #[error(
        "warp only moves the clock forward: the cluster is at {now}, the target {target} is not \
         later (unix seconds)"
    )]
    WarpBackwards { now: i64, target: i64 },
    #[error(
        "the node at {url} cannot export its accounts: {reason}; a snapshot needs a node that \
         serves surfpool's `surfnet_exportSnapshot`, as localnet does"
    )]
    SnapshotUnsupported { url: String, reason: String },
    /// A `localnet` checkpoint call the node refused, or a node without checkpoints.
    #[error("the node at {url} refused the checkpoint call: {reason}")]
    Checkpoint { url: String, reason: String },
}

impl ClientError {
    /// The program error that refused the transaction, when a program refused it.
    pub fn program_failure(&self) -> Option<&ProgramFailure> {
        match self {
            Self::Program { failure, .. } => Some(failure),
            _ => None,
        }
    }

    /// The transaction's log lines, when it got far enough to have them.
    pub fn logs(&self) -> &[String] {
        match self {
            Self::Program { logs, .. } | Self::Transaction { logs, .. } => logs,
            _ => &[],
        }
    }
}

/// How a failed `send_and_confirm` failed.
pub(super) enum SendFailure {
    /// Preflight simulation refused it; the node returned the simulation's logs.
    Simulated {
        message: String,
        error: Option<TransactionError>,
        logs: Vec<String>,
    },
    /// It ran on chain and failed; its logs must be fetched.
    Executed { error: TransactionError },
    /// Anything else: transport, node or confirmation errors.
    Other(RpcClientError),
}

impl SendFailure {
    pub(super) fn classify(error: RpcClientError) -> Self {
        match error.kind() {
            ErrorKind::RpcError(RpcError::RpcResponseError {
                message,
                data: RpcResponseErrorData::SendTransactionPreflightFailure(simulation),
                ..
            }) => Self::Simulated {
                message: message.clone(),
                error: simulation.err.clone().map(Into::into),
                logs: simulation.logs.clone().unwrap_or_default(),
            },
            ErrorKind::TransactionError(error) => Self::Executed {
                error: error.clone(),
            },
            _ => Self::Other(error),
        }
    }

    /// The client error for this failure. An on-chain failure carries the transaction's logs,
    /// fetched by the caller; any other RPC error is turned into a client error by `other`.
    pub(super) fn into_client_error(
        self,
        signature: &Signature,
        executed_logs: Vec<String>,
        other: impl FnOnce(RpcClientError) -> ClientError,
    ) -> ClientError {
        match self {
            SendFailure::Simulated {
                message,
                error,
                logs,
            } => transaction_failure(message, error.as_ref(), logs),
            SendFailure::Executed { error } => transaction_failure(
                executed_message(signature, &error),
                Some(&error),
                executed_logs,
            ),
            SendFailure::Other(error) => other(error),
        }
    }
}

/// A transaction's failure, explained by the error catalog when it is a custom program error.
pub(super) fn transaction_failure(
    message: String,
    error: Option<&TransactionError>,
    logs: Vec<String>,
) -> ClientError {
    let explained = match error {
        Some(TransactionError::InstructionError(_, InstructionError::Custom(code))) => {
            explain_logs(*code, &logs)
        }
        _ => None,
    };
    match explained {
        Some(failure) => ClientError::Program {
            failure: Box::new(failure),
            logs,
        },
        None => ClientError::Transaction {
            message: without_log_listing(&message),
            logs,
        },
    }
}

/// The node's message without the copy of the logs some nodes append to it (surfpool writes
/// `...: 0x1: 5 log messages:\n...`): the logs travel on their own, and are shown once.
fn without_log_listing(message: &str) -> String {
    let Some((head, _)) = message.split_once(" log messages:") else {
        return message.to_owned();
    };
    match head.rsplit_once(": ") {
        Some((text, count)) if count.bytes().all(|byte| byte.is_ascii_digit()) => text.to_owned(),
        _ => message.to_owned(),
    }
}

/// Signature and error of a transaction that failed on chain, for messages.
pub(super) fn executed_message(signature: &Signature, error: &TransactionError) -> String {
    format!("{signature}: {error}")
}

#[cfg(test)]
mod tests {
    use solana_rpc_client_api::request::RpcResponseErrorData;
    use solana_rpc_client_api::response::RpcSimulateTransactionResult;

    use super::*;

    fn settlement_logs(code_hex: &str) -> Vec<String> {
        vec![
            format!("Program {} invoke [1]", settlement::ID),
            format!(
                "Program {} failed: custom program error: {code_hex}",
                settlement::ID
            ),
        ]
    }

    fn preflight_failure(error: TransactionError, logs: Vec<String>) -> RpcClientError {
        let simulation = RpcSimulateTransactionResult {
            err: Some(error.into()),
            logs: Some(logs),
            accounts: None,
            units_consumed: None,
            loaded_accounts_data_size: None,
            return_data: None,
            inner_instructions: None,
            replacement_blockhash: None,
            fee: None,
            pre_balances: None,
            post_balances: None,
            pre_token_balances: None,
            post_token_balances: None,
            loaded_addresses: None,
        };
        ErrorKind::RpcError(RpcError::RpcResponseError {
            code: -32002,
            message: "Transaction simulation failed: Error processing Instruction 0: custom \
                      program error: 0x1774"
                .into(),
            data: RpcResponseErrorData::SendTransactionPreflightFailure(simulation),
        })
        .into()
    }

    fn explain(error: RpcClientError) -> ClientError {
        SendFailure::classify(error).into_client_error(&Signature::default(), Vec::new(), |error| {
            ClientError::Rpc {
                url: "test".into(),
                source: Box::new(error),
            }
        })
    }

    #[test]
    fn a_preflight_custom_error_is_explained_by_the_catalog() {
        let error = preflight_failure(
            TransactionError::InstructionError(0, InstructionError::Custom(6004)),
            settlement_logs("0x1774"),
        );
        let explained = explain(error);
        let failure = explained.program_failure().expect("a program failure");
        assert_eq!(
            (failure.name.as_str(), failure.code, failure.action),
            ("BelowMinimum", 6004, "Increase amount")
        );
        assert_eq!(explained.logs().len(), 2);
    }

    #[test]
    fn a_failure_without_a_known_program_keeps_the_node_text() {
        let error = preflight_failure(
            TransactionError::InstructionError(0, InstructionError::InsufficientFunds),
            Vec::new(),
        );
        let explained = explain(error);
        assert!(explained.program_failure().is_none());
        assert!(
            explained
                .to_string()
                .starts_with("transaction failed: Transaction simulation failed"),
            "{explained}"
        );
    }

    #[test]
    fn the_logs_a_node_copies_into_its_message_are_shown_once() {
        let logs = vec![
            "Program Tokenkeg invoke [2]".to_owned(),
            "Program Tokenkeg failed: custom program error: 0x1".to_owned(),
        ];
        let message = format!(
            "Transaction simulation failed: Error processing Instruction 0: custom program \
             error: 0x1: 2 log messages:\n{}",
            logs.join("\n")
        );
        let error = transaction_failure(message, None, logs.clone());
        let ClientError::Transaction {
            message,
            logs: kept,
        } = error
        else {
            panic!("an unexplained failure");
        };
        assert_eq!(
            message,
            "Transaction simulation failed: Error processing Instruction 0: custom program \
             error: 0x1"
        );
        assert_eq!(kept, logs);
        assert_eq!(
            without_log_listing("Transaction simulation failed: Blockhash not found"),
            "Transaction simulation failed: Blockhash not found"
        );
    }

    #[test]
    fn an_on_chain_failure_without_logs_is_unexplained() {
        let error: RpcClientError = ErrorKind::TransactionError(
            TransactionError::InstructionError(0, InstructionError::Custom(6014)),
        )
        .into();
        // The code alone is ambiguous between the two programs; logs name the program.
        assert!(matches!(explain(error), ClientError::Transaction { .. }));
    }

    #[test]
    fn transport_errors_stay_rpc_errors() {
        let error: RpcClientError = ErrorKind::Custom("connection refused".into()).into();
        assert!(matches!(explain(error), ClientError::Rpc { .. }));
    }
}
