//! The reports of what went wrong between the client and the chain: a program's error with its
//! logs, a failed transaction, an unreachable node (which URL, why), a program not deployed, a
//! missing account, a warp or a snapshot the node cannot make.

use fulltime_client::rpc::ClientError;
use fulltime_client::snapshot::SaveError;
use fulltime_client::unreachable::Cause;

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
        ClientError::Unreachable { url, cause, .. } => {
            ErrorReport::unreachable("Unreachable", error, url, cause, reach_action(cause))
        }
        ClientError::ProgramNotDeployed { url, .. } => ErrorReport {
            url: Some(url.clone()),
            ..ErrorReport::other(
                "ProgramNotDeployed",
                error,
                "Deploy the settlement program there, or point --url at a node that runs it \
                 (`just dev` starts localnet with it)",
            )
        },
        ClientError::Signing(_) => {
            ErrorReport::other("SigningError", error, "Check the --keypair file")
        }
        ClientError::ConfigNotFound { .. } => ErrorReport::other(
            "ConfigNotFound",
            error,
            "Initialize it with fulltime-bootstrap (`just bootstrap`), or pick a cluster where it \
             is initialized (--url)",
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
        ClientError::WarpBeyondChain { .. } => ErrorReport::other(
            "WarpBeyondChain",
            error,
            "Give a time no later than 9999-12-31T23:59:59Z",
        ),
        ClientError::SnapshotUnsupported { .. } => {
            ErrorReport::other("SnapshotUnsupported", error, "Use --url localnet")
        }
        ClientError::TooLarge { .. } => ErrorReport::other(
            "TransactionTooLarge",
            error,
            "A proof deeper than one transaction carries cannot settle (the program README's \
             \"A transaction that fits\"); drop --priority-fee to win its 12 bytes",
        ),
        ClientError::Checkpoint { .. } => ErrorReport::other(
            "CheckpointRefused",
            error,
            "Use --url localnet, and an id it answered to localnet_saveCheckpoint",
        ),
    }
}

/// What to do about a URL that could not be reached, by why; the faucet's reports share all but
/// the refusal's.
pub(super) fn reach_action(cause: &Cause) -> &'static str {
    match cause {
        Cause::Refused => "Start the node at that URL (`just dev` for localnet), or fix --url",
        Cause::TimedOut { .. } => "Check the network and the server's load, then try again",
        Cause::Dns { .. } => {
            "Check the host's name and the network; offline, work on localnet \
             (`just dev`, --url localnet)"
        }
        Cause::Tls { .. } => {
            "Check the URL's scheme (http:// or https://) and the server's certificate"
        }
        Cause::Other { .. } => "Check that the server at that URL is running and reachable",
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
