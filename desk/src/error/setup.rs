//! The reports of a session that cannot start: an unknown cluster, localnet not running, a
//! missing or unreadable keypair, the wallet book.

use fulltime_client::cluster::ClusterError;
use fulltime_client::keypair::KeypairError;
use fulltime_files::localnet_env::LocalnetEnvError;
use fulltime_files::wallet_book::WalletBookError;

use super::ErrorReport;

pub(super) fn cluster_report(error: &ClusterError) -> ErrorReport {
    match error {
        ClusterError::Unknown(_) => ErrorReport::other(
            "UnknownCluster",
            error,
            "Use --url localnet, devnet, mainnet or an http(s):// URL",
        ),
        ClusterError::Localnet(error) => localnet_env_report(error),
        ClusterError::SettlementProgramMismatch { .. } => ErrorReport::other(
            "SettlementProgramMismatch",
            error,
            "Restart localnet from this checkout",
        ),
    }
}

fn localnet_env_report(error: &LocalnetEnvError) -> ErrorReport {
    match error {
        LocalnetEnvError::Read { .. } => ErrorReport::other(
            "LocalnetNotRunning",
            error,
            "Start localnet (`just dev`), or pass the --state-dir it writes env.json to",
        ),
        _ => ErrorReport::other(
            "LocalnetEnvInvalid",
            error,
            "Restart localnet so that it rewrites env.json",
        ),
    }
}

pub(super) fn keypair_report(error: &KeypairError) -> ErrorReport {
    let name = match error {
        KeypairError::NoDefaultPath | KeypairError::NotFound { .. } => "KeypairNotFound",
        KeypairError::Read { .. } => "KeypairUnreadable",
        KeypairError::Invalid { .. } => "InvalidKeypair",
        // On localnet the wallet comes from env.json; its absence is localnet's.
        KeypairError::Localnet(error) => return localnet_env_report(error),
        KeypairError::NotFoundAnywhere { .. } => {
            return ErrorReport::other(
                "KeypairNotFound",
                error,
                "Make the wallet with `fulltime wallet new NAME`, or pass --keypair PATH",
            );
        }
        KeypairError::Book(error) => return wallet_book_report(error),
    };
    ErrorReport::other(
        name,
        error,
        "Pass --keypair PATH to a solana CLI keypair file (on localnet, the wallet it funded is \
         used when there is none)",
    )
}

pub(super) fn wallet_book_report(error: &WalletBookError) -> ErrorReport {
    let (name, action) = match error {
        WalletBookError::BadName(_) => (
            "InvalidWalletName",
            "Name the wallet with letters, digits, - or _ (at most 32)",
        ),
        WalletBookError::Exists { .. } => (
            "WalletExists",
            "Pick another name; `fulltime wallet list` shows the book",
        ),
        WalletBookError::NotFound { .. } => (
            "WalletNotFound",
            "See `fulltime wallet list`, or make it with `fulltime wallet new NAME`",
        ),
        WalletBookError::Read { .. } | WalletBookError::Write { .. } => (
            "WalletBookUnavailable",
            "Check the state directory (--state-dir) and its permissions",
        ),
        WalletBookError::Invalid { .. } => (
            "InvalidKeypair",
            "Remove or replace the damaged file in the wallet book",
        ),
        WalletBookError::Symlink { .. } => (
            "WalletBookUnavailable",
            "Remove the symbolic link from the wallet book, then make the wallet again",
        ),
    };
    ErrorReport::other(name, error, action)
}
