//! The reports of what went wrong between the client and the chain: a program's error with its
//! logs, a failed transaction, an unreachable node, a missing account, a warp or a snapshot the
//! node cannot make.

use fulltime_client::rpc::ClientError;
use fulltime_client::snapshot::SaveError;

use super::ErrorReport;

pub(super) fn client_report(error: &ClientError) -> ErrorReport {
    match error {
        ClientError::Program { failure, logs } => {
            ErrorReport::program(failure).with_notes(log_notes(logs))
        }
        ClientError::Transaction { logs, .. } => ErrorReport::other(
            "TransactionFailed",
            error,
            "Read the transaction logs for the cause",
        )
        .with_notes(log_notes(logs)),
        ClientError::Rpc { .. } => ErrorReport::other(
            "RpcError",
            error,
            "Check that the node at --url is running and reachable",
        ),
        ClientError::Signing(_) => {
            ErrorReport::other("SigningError", error, "Check the --keypair file")
        }
        ClientError::ConfigNotFound { .. } => ErrorReport::other(
            "ConfigNotFound",
            error,
            "Pick a cluster where the settlement program is deployed and initialized (--url)",
        ),
        ClientError::MarketNotFound { .. } => ErrorReport::other(
            "MarketNotFound",
            error,
            "List the markets with `fulltime markets`",
        ),
        ClientError::Decode { .. } => ErrorReport::other(
            "DecodeError",
            error,
            "Point --url at a cluster running this version of the settlement program",
        ),
        ClientError::WarpUnsupported { .. } => {
            ErrorReport::other("WarpUnsupported", error, "Use --url localnet")
        }
        ClientError::WarpBackwards { .. } => ErrorReport::other(
            "WarpBackwards",
            error,
            "Give a time after the cluster clock, like +10m",
        ),
        ClientError::SnapshotUnsupported { .. } => {
            ErrorReport::other("SnapshotUnsupported", error, "Use --url localnet")
        }
        ClientError::Checkpoint { .. } => ErrorReport::other(
            "CheckpointRefused",
            error,
            "Use --url localnet, and an id it answered to localnet_saveCheckpoint",
        ),
    }
}

pub(super) fn snapshot_report(error: &SaveError) -> ErrorReport {
    match error {
        SaveError::Client(error) => client_report(error),
        SaveError::Key { .. } => ErrorReport::other(
            "KeypairUnreadable",
            error,
            "Restart localnet so that env.json names its keypair files again",
        ),
        SaveError::Name { .. } => {
            ErrorReport::other("InvalidSnapshotName", error, "Pick a name like bug-17")
        }
        SaveError::Exists { .. } => ErrorReport::other(
            "SnapshotExists",
            error,
            "Pick another name (`fulltime snapshot list` lists the saved ones)",
        ),
        SaveError::File(_) | SaveError::Directory { .. } => ErrorReport::other(
            "SnapshotNotWritten",
            error,
            "Check that the state directory is writable and has room",
        ),
    }
}

/// A failed transaction's logs, one note a line: the program that failed and why, in its words.
fn log_notes(logs: &[String]) -> impl Iterator<Item = String> + '_ {
    logs.iter().map(|line| format!("log: {line}"))
}
