//! The reports of the faucet's answers: unreachable, a refusal with its HTTP status, or not the
//! Fulltime faucet.

use fulltime_client::faucet::FaucetError;
use fulltime_client::unreachable::Cause;

use super::ErrorReport;
use super::client::reach_action;

pub(super) fn faucet_report(error: &FaucetError) -> ErrorReport {
    match error {
        FaucetError::Unreachable { url, cause } => ErrorReport::unreachable(
            "FaucetUnreachable",
            error,
            url,
            cause,
            match cause {
                Cause::Refused => "Start the faucet, or pass its address with --faucet-url",
                _ => reach_action(cause),
            },
        ),
        FaucetError::Refused {
            status,
            error: name,
            message,
            retry_after_secs,
        } => {
            let action = match (status, retry_after_secs) {
                (429, Some(seconds)) => format!("Wait {seconds} s before asking again"),
                (429, None) => "Wait before asking again".to_owned(),
                (400, _) => "Use a valid wallet address (--keypair)".to_owned(),
                (503, _) => "Configure the faucet's mint authority".to_owned(),
                _ => "Try again later; the faucet's log has the cause".to_owned(),
            };
            ErrorReport {
                code: Some(u32::from(*status)),
                ..ErrorReport::other(name, message, action)
            }
        }
        FaucetError::UnexpectedResponse { .. } => ErrorReport::other(
            "FaucetUnexpectedResponse",
            error,
            "Check that --faucet-url points at the Fulltime faucet",
        ),
    }
}
