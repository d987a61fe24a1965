//! Why a TxLINE request gave no usable answer. Each says what happened and what to do; none
//! carries a credential.

use std::path::PathBuf;
use std::time::Duration;

use crate::txline::json::ShapeError;
use crate::unreachable::Cause;

#[derive(Debug, thiserror::Error)]
pub enum TxlineError {
    #[error(
        "no TxLINE credentials for {base_url}: run `fulltime txline login --jwt JWT --api-token \
         TOKEN` (written to {}), or set TXLINE_JWT and TXLINE_API_TOKEN",
        file.display()
    )]
    NoCredentials { base_url: String, file: PathBuf },
    #[error("set both TXLINE_JWT and TXLINE_API_TOKEN, or neither")]
    HalfCredentials,
    #[error("{}: {problem}", path.display())]
    CredentialsFile { path: PathBuf, problem: String },
    #[error(
        "no TxLINE API is known for {cluster}: pass --txline-url URL (TxLINE's devnet host is \
         https://txline-dev.txodds.com)"
    )]
    NoApi { cluster: String },
    #[error("{url} is not an http(s) URL")]
    BadUrl { url: String },
    #[error(
        "TxLINE at {url} refused the credentials ({status}): renew the guest JWT and log in again \
         (`fulltime txline login`), with the API token activated on the same host"
    )]
    Refused { url: String, status: u16 },
    #[error("TxLINE has no {what} ({url} answered 404)")]
    NotFound { url: String, what: String },
    #[error("cannot reach TxLINE at {url}: {cause}")]
    Unreachable { url: String, cause: Cause },
    #[error("TxLINE at {url} answered {status}: {body}")]
    Failed {
        url: String,
        status: u16,
        body: String,
    },
    #[error("TxLINE at {url} answered, but not in the published shape: {problem}")]
    BadAnswer { url: String, problem: String },
    #[error("TxLINE at {url} answered for {answered}, not the {asked} asked for")]
    Mismatch {
        url: String,
        asked: String,
        answered: String,
    },
}

impl TxlineError {
    pub(super) fn shape(url: &str, error: ShapeError) -> Self {
        Self::BadAnswer {
            url: url.to_owned(),
            problem: error.to_string(),
        }
    }

    /// A request that got no answer (or lost it on the way): what stopped it.
    pub(super) fn unreachable(url: &str, error: &reqwest::Error, timeout: Duration) -> Self {
        Self::Unreachable {
            url: url.to_owned(),
            cause: Cause::of_http(error, timeout).unwrap_or_else(|| Cause::Other {
                reason: error.to_string(),
            }),
        }
    }
}
