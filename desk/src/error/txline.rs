//! The reports of TxLINE's API: no credentials, refused, nothing there, out of reach, an answer
//! that is not the published shape or not what was asked for. None carries a credential.

use fulltime_client::txline::api::TxlineError;
use fulltime_client::unreachable::Cause;

use super::ErrorReport;
use super::client::reach_action;

pub(super) fn txline_report(error: &TxlineError) -> ErrorReport {
    match error {
        TxlineError::NoCredentials { .. } | TxlineError::HalfCredentials => ErrorReport::other(
            "TxlineNoCredentials",
            error,
            "Log in with `fulltime txline login --jwt JWT --api-token TOKEN` (TxLINE's guest JWT \
             and activated API token for that host)",
        ),
        TxlineError::CredentialsFile { .. } => ErrorReport::other(
            "TxlineCredentialsUnreadable",
            error,
            "Log in again with `fulltime txline login`, which rewrites the file",
        ),
        TxlineError::NoApi { .. } | TxlineError::BadUrl { .. } => ErrorReport::other(
            "TxlineNoApi",
            error,
            "Pass --txline-url with the API's base URL",
        ),
        TxlineError::Refused { status, .. } => ErrorReport {
            code: Some(u32::from(*status)),
            ..ErrorReport::other(
                "TxlineRefused",
                error,
                "Renew the guest JWT (TxLINE's /auth/guest/start) and log in again; use the API \
                 token activated on the same host",
            )
        },
        TxlineError::NotFound { .. } => ErrorReport {
            code: Some(404),
            ..ErrorReport::other(
                "TxlineNotFound",
                error,
                "Check the fixture id and the record's sequence (`fulltime txline scores \
                 FIXTURE` lists them)",
            )
        },
        TxlineError::Unreachable { url, cause } => ErrorReport::unreachable(
            "TxlineUnreachable",
            error,
            url,
            cause,
            match cause {
                Cause::Refused => {
                    "Start the local TxLINE API (`just dev` starts it), or fix --txline-url"
                }
                _ => reach_action(cause),
            },
        ),
        TxlineError::Failed { status, .. } => ErrorReport {
            code: Some(u32::from(*status)),
            ..ErrorReport::other("TxlineFailed", error, "Try again later")
        },
        TxlineError::BadAnswer { .. } => ErrorReport::other(
            "TxlineBadAnswer",
            error,
            "Check that --txline-url points at TxLINE's API; nothing was sent",
        ),
        TxlineError::Mismatch { .. } => ErrorReport::other(
            "TxlineMismatch",
            error,
            "Nothing was sent; ask again, or report the answer to TxLINE",
        ),
    }
}
