use std::time::Duration;

use anchor_lang::prelude::Pubkey;
use solana_instruction::error::InstructionError;
use solana_rpc_client_api::client_error::{Error as RpcClientError, ErrorKind};
use solana_rpc_client_api::request::{RpcError, RpcResponseErrorData};
use solana_signature::Signature;
use solana_transaction_error::TransactionError;

use crate::cluster::Cluster;
use crate::errors::{ProgramFailure, explain_logs};
use crate::unreachable::Cause;

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
    /// The node answered with an error, or with something that is not a JSON-RPC answer.
    #[error("RPC request to {url} failed: {source}")]
    Rpc {
        url: String,
        #[source]
        source: Box<RpcClientError>,
    },
    /// No answer came from the node at all: see [`Cause`].
    #[error("cannot reach {url}{}: {cause}", named(.cluster))]
    Unreachable {
        url: String,
        /// `devnet`, `mainnet` or `localnet`; `None` for a URL given as it is.
        cluster: Option<String>,
        cause: Cause,
    },
    /// The node answers, but the settlement program is not there.
    #[error(
        "the settlement program {program} is not deployed at {url}{}: {reason}",
        named(.cluster)
    )]
    ProgramNotDeployed {
        program: Pubkey,
        url: String,
        cluster: Option<String>,
        reason: &'static str,
    },
    #[error("cannot sign the transaction: {0}")]
    Signing(String),
    /// The program is deployed, but nobody initialized it there.
    #[error(
        "no settlement config at {address} on {url}: the settlement program is deployed there \
         but not initialized"
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
        "warp cannot move the clock to {target}: the latest time a chain reaches is {latest} \
         ({}), and a time is refused rather than clamped",
        crate::time::format_time(*latest)
    )]
    WarpBeyondChain { target: i64, latest: i64 },
    #[error(
        "the node at {url} cannot export its accounts: {reason}; a snapshot needs a node that \
         serves surfpool's `surfnet_exportSnapshot`, as localnet does"
    )]
    SnapshotUnsupported { url: String, reason: String },
    /// A transaction too big for one packet: nothing was sent.
    #[error(
        "the transaction is {bytes} bytes, more than the {limit} one packet carries; nothing was \
         sent"
    )]
    TooLarge { bytes: usize, limit: usize },
    /// A `localnet` checkpoint call the node refused, or a node without checkpoints.
    #[error("the node at {url} refused the checkpoint call: {reason}")]
    Checkpoint { url: String, reason: String },
}

impl ClientError {
    /// A request to the node at `url` (of `cluster`) that failed: `Unreachable` when no answer
    /// came within `timeout` or at all, the RPC error as it came otherwise. Every request of the
    /// client ends here when it fails, so every face tells the two apart the same way.
    pub(crate) fn from_rpc(
        url: String,
        cluster: Option<&Cluster>,
        timeout: Duration,
        source: RpcClientError,
    ) -> Self {
        match Cause::of_rpc(&source, timeout) {
            Some(cause) => Self::Unreachable {
                url,
                cluster: cluster.and_then(Self::cluster_name),
                cause,
            },
            None => Self::Rpc {
                url,
                source: Box::new(source),
            },
        }
    }

    /// The name a message gives `cluster` beside its URL; none for a URL given as it is.
    pub(crate) fn cluster_name(cluster: &Cluster) -> Option<String> {
        match cluster {
            Cluster::Custom(_) => None,
            named => Some(named.to_string()),
        }
    }

    /// Whether the node never answered.
    pub fn is_unreachable(&self) -> bool {
        matches!(self, Self::Unreachable { .. })
    }

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

/// ` (devnet)` after a URL, for a cluster with a name.
fn named(cluster: &Option<String>) -> String {
    cluster
        .as_ref()
        .map_or_else(String::new, |name| format!(" ({name})"))
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
    use std::path::Path;

    use solana_rpc_client_api::request::RpcResponseErrorData;
    use solana_rpc_client_api::response::RpcSimulateTransactionResult;

    use super::*;
    use crate::cluster::Endpoint;
    use crate::loopback::{account_answer, black_hole, closed_port_url, json_rpc_node};
    use crate::rpc::FulltimeClient;

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

    /// A client of `url` as a custom cluster, connected with `timeout`: reading the settlement
    /// config is its first request.
    async fn connect(url: &str, timeout: Duration) -> Result<FulltimeClient, ClientError> {
        let endpoint = Endpoint::resolve(url.parse().expect("a URL"), Path::new("unused"))
            .expect("an endpoint");
        FulltimeClient::connect_with_timeout(endpoint, timeout).await
    }

    const LONG: Duration = Duration::from_secs(30);

    #[tokio::test]
    async fn a_closed_port_is_unreachable_refused_naming_the_url() {
        let url = closed_port_url();
        let error = connect(&url, LONG).await.err().expect("refused");
        assert!(
            matches!(
                &error,
                ClientError::Unreachable { url: named, cluster: None, cause: Cause::Refused }
                    if *named == url
            ),
            "{error:?}"
        );
        assert_eq!(
            error.to_string(),
            format!("cannot reach {url}: connection refused")
        );
    }

    #[tokio::test]
    async fn a_name_that_does_not_resolve_is_unreachable_by_dns() {
        let url = "http://fulltime-no-such-host.invalid:8899";
        let error = connect(url, LONG).await.err().expect("not resolved");
        assert_eq!(
            error.to_string(),
            "cannot reach http://fulltime-no-such-host.invalid:8899: DNS lookup of \
             fulltime-no-such-host.invalid failed"
        );
    }

    #[tokio::test]
    async fn a_node_that_never_answers_is_unreachable_timed_out() {
        let url = format!("http://{}", black_hole().await);
        let timeout = Duration::from_millis(300);
        let error = connect(&url, timeout).await.err().expect("timed out");
        assert_eq!(
            error.to_string(),
            format!("cannot reach {url}: timed out after 300 ms")
        );
    }

    #[tokio::test]
    async fn a_named_cluster_is_named_beside_its_url() {
        let url = closed_port_url();
        let error = ClientError::from_rpc(
            url.clone(),
            Some(&Cluster::Devnet),
            LONG,
            RpcClientError::from(std::io::Error::from(std::io::ErrorKind::ConnectionRefused)),
        );
        assert_eq!(
            error.to_string(),
            format!("cannot reach {url} (devnet): connection refused")
        );
        assert!(error.is_unreachable());
    }

    /// A node that answers every `getAccountInfo` with `program` for the settlement program's id
    /// and no account for any other address.
    async fn node_with_program(program: serde_json::Value) -> String {
        let program_id = settlement::ID.to_string();
        json_rpc_node(move |method, params| match method {
            "getAccountInfo" if params[0] == program_id.as_str() => account_answer(program.clone()),
            "getAccountInfo" => account_answer(serde_json::Value::Null),
            _ => serde_json::Value::Null,
        })
        .await
    }

    fn account(executable: bool) -> serde_json::Value {
        serde_json::json!({
            "lamports": 1_141_440,
            "data": ["", "base64"],
            "owner": "BPFLoaderUpgradeab1e11111111111111111111111",
            "executable": executable,
            "rentEpoch": 0,
            "space": 0,
        })
    }

    #[tokio::test]
    async fn a_node_without_the_program_says_it_is_not_deployed() {
        let url = node_with_program(serde_json::Value::Null).await;
        let error = connect(&url, LONG).await.err().expect("not deployed");
        assert_eq!(
            error.to_string(),
            format!(
                "the settlement program {} is not deployed at {url}: no account has its address",
                settlement::ID
            )
        );

        let url = node_with_program(account(false)).await;
        let error = connect(&url, LONG).await.err().expect("not deployed");
        assert!(
            matches!(
                error,
                ClientError::ProgramNotDeployed { reason, .. }
                    if reason == "its account is not executable"
            ),
            "{error:?}"
        );
    }

    #[tokio::test]
    async fn a_node_with_the_program_and_no_config_says_it_is_not_initialized() {
        let url = node_with_program(account(true)).await;
        let error = connect(&url, LONG).await.err().expect("not initialized");
        assert!(
            matches!(
                error,
                ClientError::ConfigNotFound { address, .. } if address == crate::pda::config()
            ),
            "{error:?}"
        );
    }

    #[test]
    fn a_client_side_failure_stays_an_rpc_error() {
        let error: RpcClientError = ErrorKind::Custom("connection refused".into()).into();
        assert!(matches!(explain(error), ClientError::Rpc { .. }));
    }
}
