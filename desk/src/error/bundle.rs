//! `fulltime bundle save`'s failures: the chain's capture is a snapshot's, the rest its own.

use fulltime_client::bundle::BundleSaveError;

use super::ErrorReport;
use super::client::snapshot_report;
use super::setup::wallet_book_report;

pub(super) fn bundle_report(error: &BundleSaveError) -> ErrorReport {
    match error {
        BundleSaveError::Chain(error) => snapshot_report(error),
        BundleSaveError::WalletBook(error) => wallet_book_report(error),
        BundleSaveError::Name { .. } => {
            ErrorReport::other("InvalidBundleName", error, "Pick a name like bug-17")
        }
        BundleSaveError::Exists { .. } => {
            ErrorReport::other("BundleExists", error, "Pick another name or path")
        }
        BundleSaveError::File(_) | BundleSaveError::Directory { .. } => ErrorReport::other(
            "BundleNotWritten",
            error,
            "Check that the directory is writable and has room",
        ),
    }
}
