//! Every answer that is not a 200: one enum, one JSON shape
//! `{"error": "<machine code>", "message": "<human text>"}`, which a 429 extends with
//! `retry_after_secs` (and the `Retry-After` header) and `mint_unconfirmed` with `signature`.
//! Answers after which the server closes the connection say so with `Connection: close`.

use std::time::Duration;

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use fulltime_client::faucet::FAUCET_PATH;
use serde_json::json;

use crate::{
    cooldown::Busy,
    limits::{Limited, Scope},
    mint::MintError,
};

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// The body is not a JSON object sent as `application/json`.
    #[error("{0}")]
    InvalidRequest(&'static str),
    /// The body is a JSON object without a usable `wallet`.
    #[error("{0}")]
    InvalidWallet(&'static str),
    #[error("the request body is larger than {limit} bytes")]
    BodyTooLarge { limit: usize },
    #[error("the faucet has no mint authority configured, so it cannot mint")]
    NotConfigured,
    #[error("{}", cooldown_message(.0))]
    Cooldown(Busy),
    #[error("{}", rate_limited_message(.0))]
    RateLimited(Limited),
    /// The mint did not answer 200; the cause is logged, never sent: it may name the RPC node
    /// or the authority.
    #[error("the mint did not succeed")]
    Mint(#[source] MintError),
    #[error("the request took longer than {timeout:?}")]
    RequestTimeout { timeout: Duration },
    #[error("the request body did not arrive within {timeout:?} of its headers")]
    BodyTimeout { timeout: Duration },
    /// The connection is one more than its peer address, or its network, may hold open;
    /// answered without reaching the router (see `serve::refusal`).
    #[error("{}", too_many_connections_message(.scope, .max, .retry_after))]
    TooManyConnections {
        scope: ConnectionScope,
        max: usize,
        retry_after: Duration,
    },
    #[error("no such endpoint; the faucet serves POST {FAUCET_PATH}")]
    NotFound,
    #[error("method not allowed; the faucet serves POST {FAUCET_PATH}")]
    MethodNotAllowed,
    /// A bug or a panic inside the server; the cause is logged.
    #[error("internal error")]
    Internal(String),
}

impl From<Busy> for AppError {
    fn from(busy: Busy) -> Self {
        Self::Cooldown(busy)
    }
}

impl From<Limited> for AppError {
    fn from(limited: Limited) -> Self {
        Self::RateLimited(limited)
    }
}

impl AppError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::InvalidRequest(_) | Self::InvalidWallet(_) => StatusCode::BAD_REQUEST,
            Self::BodyTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::NotConfigured => StatusCode::SERVICE_UNAVAILABLE,
            Self::Cooldown(_) | Self::RateLimited(_) | Self::TooManyConnections { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            Self::Mint(_) | Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::RequestTimeout { .. } | Self::BodyTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
            Self::NotFound => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
        }
    }

    /// The machine-readable code clients branch on.
    pub fn code(&self) -> &'static str {
        match self {
            Self::InvalidRequest(_) => "invalid_request",
            Self::InvalidWallet(_) => "invalid_wallet",
            Self::BodyTooLarge { .. } => "body_too_large",
            Self::NotConfigured => "not_configured",
            Self::Cooldown(_) => "cooldown",
            Self::RateLimited(Limited {
                scope: Scope::Peer, ..
            }) => "rate_limited_client",
            Self::RateLimited(Limited {
                scope: Scope::Global,
                ..
            }) => "rate_limited_global",
            Self::Mint(MintError::Mainnet) => "mainnet_refused",
            Self::Mint(MintError::Unconfirmed(_)) => "mint_unconfirmed",
            Self::Mint(_) => "mint_failed",
            Self::RequestTimeout { .. } => "request_timeout",
            Self::BodyTimeout { .. } => "body_timeout",
            Self::TooManyConnections { .. } => "too_many_connections",
            Self::NotFound => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::Internal(_) => "internal",
        }
    }

    /// How long a 429 asks the client to wait.
    fn retry_after(&self) -> Option<Duration> {
        match self {
            Self::Cooldown(busy) => Some(busy.retry_after),
            Self::RateLimited(limited) => Some(limited.retry_after),
            Self::TooManyConnections { retry_after, .. } => Some(*retry_after),
            _ => None,
        }
    }

    /// A 408 ends the connection, as RFC 9110 asks: what is left of the request on it cannot
    /// be told from a next one. A connection over its peer address's or network's cap is
    /// refused whole.
    fn closes_connection(&self) -> bool {
        matches!(
            self,
            Self::RequestTimeout { .. }
                | Self::BodyTimeout { .. }
                | Self::TooManyConnections { .. }
        )
    }

    fn message(&self) -> String {
        match self {
            Self::Mint(MintError::Mainnet) => {
                "this faucet mints devnet test USDC only, and its RPC node is mainnet-beta; \
                 nothing was minted"
                    .to_owned()
            }
            Self::Mint(MintError::Unconfirmed(sent)) => format!(
                "the mint transaction {} was sent but is not confirmed yet, and it may still \
                 land until its blockhash expires (about 90 s). This wallet stays reserved \
                 meanwhile: its requests are answered 429 until the transaction is confirmed \
                 (then the cooldown starts) or has expired (then it may ask again)",
                sent.signature
            ),
            Self::Mint(_) => {
                "the mint failed and nothing was minted; this wallet may retry now".to_owned()
            }
            other => other.to_string(),
        }
    }
}

fn cooldown_message(busy: &Busy) -> String {
    let secs = retry_after_secs(busy.retry_after);
    if busy.minting {
        format!("a mint to this wallet is under way or awaiting confirmation; retry in {secs} s")
    } else {
        format!("this wallet received test USDC recently; retry in {secs} s")
    }
}

fn rate_limited_message(limited: &Limited) -> String {
    let secs = retry_after_secs(limited.retry_after);
    match limited.scope {
        Scope::Peer => format!("too many requests from your address; retry in {secs} s"),
        Scope::Global => {
            format!("the faucet as a whole has too many requests; retry in {secs} s")
        }
    }
}

/// Which cap a connection was over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConnectionScope {
    /// Its peer address's (IPv6: its /64).
    Address,
    /// Its network's: its IPv4 /24 or IPv6 /48, or this machine's loopback.
    Network,
}

fn too_many_connections_message(
    scope: &ConnectionScope,
    max: &usize,
    retry_after: &Duration,
) -> String {
    let secs = retry_after_secs(*retry_after);
    let from = match scope {
        ConnectionScope::Address => "your address",
        ConnectionScope::Network => "your network (its /24 or /48, or the loopback)",
    };
    format!("too many connections from {from} (at most {max} at once); retry in {secs} s")
}

/// Whole seconds, rounded up and at least 1, as `Retry-After` needs.
fn retry_after_secs(wait: Duration) -> u64 {
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    secs.max(1)
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        match &self {
            Self::Mint(MintError::Mainnet) => {
                tracing::error!("refusing to mint: the RPC's genesis hash is mainnet-beta's")
            }
            Self::Mint(MintError::Unconfirmed(sent)) => tracing::warn!(
                signature = %sent.signature,
                "the mint was sent and not confirmed in time; the wallet stays reserved while it is followed"
            ),
            Self::Mint(cause) => tracing::error!(error = %causes(cause), "mint failed"),
            Self::RateLimited(limited) => tracing::info!(scope = ?limited.scope, "rate limited"),
            Self::Internal(cause) => tracing::error!(error = %cause, "internal error"),
            _ => {}
        }
        let mut body = json!({ "error": self.code(), "message": self.message() });
        if let Self::Mint(MintError::Unconfirmed(sent)) = &self {
            body["signature"] = sent.signature.to_string().into();
        }
        let retry_after = self.retry_after().map(retry_after_secs);
        if let Some(secs) = retry_after {
            body["retry_after_secs"] = secs.into();
        }
        let mut response = (self.status(), Json(body)).into_response();
        let headers = response.headers_mut();
        if let Some(secs) = retry_after {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        if self.closes_connection() {
            headers.insert(header::CONNECTION, HeaderValue::from_static("close"));
        }
        response
    }
}

/// An error and its causes, `a: b: c`, each said once (wrappers often repeat their source).
pub(crate) fn causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let cause_text = cause.to_string();
        if !text.ends_with(&cause_text) {
            text.push_str(": ");
            text.push_str(&cause_text);
        }
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_rounds_up_to_whole_seconds() {
        let secs = |millis| retry_after_secs(Duration::from_millis(millis));
        assert_eq!(secs(0), 1);
        assert_eq!(secs(1), 1);
        assert_eq!(secs(1_000), 1);
        assert_eq!(secs(1_001), 2);
        assert_eq!(secs(30_000), 30);
    }
}
