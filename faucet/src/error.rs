//! Every answer that is not a 200: one enum, one JSON shape
//! `{"error": "<machine code>", "message": "<human text>"}`.

use axum::{
    Json,
    extract::rejection::JsonRejection,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde_json::json;

use crate::mint::MintError;

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
    #[error("this wallet received test USDC recently; retry in {retry_after_secs} s")]
    Cooldown { retry_after_secs: u64 },
    /// The cause is logged, never sent: it may name the RPC node or the authority.
    #[error("the mint failed")]
    MintFailed(#[source] MintError),
    #[error("the request took longer than {timeout:?}")]
    RequestTimeout { timeout: std::time::Duration },
    #[error("no such endpoint; the faucet serves POST /api/faucet")]
    NotFound,
    #[error("method not allowed; the faucet serves POST /api/faucet")]
    MethodNotAllowed,
    /// A bug or a panic inside the server; the cause is logged.
    #[error("internal error")]
    Internal(String),
}

impl AppError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::InvalidRequest(_) | Self::InvalidWallet(_) => StatusCode::BAD_REQUEST,
            Self::BodyTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::NotConfigured => StatusCode::SERVICE_UNAVAILABLE,
            Self::Cooldown { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::MintFailed(_) | Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            Self::RequestTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
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
            Self::Cooldown { .. } => "cooldown",
            Self::MintFailed(MintError::Mainnet) => "mainnet_refused",
            Self::MintFailed(_) => "mint_failed",
            Self::RequestTimeout { .. } => "request_timeout",
            Self::NotFound => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::Internal(_) => "internal",
        }
    }

    fn message(&self) -> String {
        match self {
            Self::MintFailed(MintError::Mainnet) => {
                "this faucet mints devnet test USDC only, and its RPC node is mainnet-beta; \
                 nothing was minted"
                    .to_owned()
            }
            Self::MintFailed(_) => {
                "the mint failed and nothing was minted; this wallet may retry now".to_owned()
            }
            other => other.to_string(),
        }
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        match &self {
            Self::MintFailed(MintError::Mainnet) => {
                tracing::error!("refusing to mint: the RPC's genesis hash is mainnet-beta's")
            }
            Self::MintFailed(cause) => tracing::error!(error = %causes(cause), "mint failed"),
            Self::Internal(cause) => tracing::error!(error = %cause, "internal error"),
            _ => {}
        }
        let mut body = json!({ "error": self.code(), "message": self.message() });
        if let Self::Cooldown { retry_after_secs } = self {
            body["retry_after_secs"] = retry_after_secs.into();
            let retry_after = [(header::RETRY_AFTER, HeaderValue::from(retry_after_secs))];
            return (self.status(), retry_after, Json(body)).into_response();
        }
        (self.status(), Json(body)).into_response()
    }
}

/// Every way `axum::Json` can refuse a body becomes a 400 in our shape (a 413 when too large),
/// so malformed input never answers with axum's plain-text 415 or 422.
impl From<JsonRejection> for AppError {
    fn from(rejection: JsonRejection) -> Self {
        match rejection {
            JsonRejection::MissingJsonContentType(_) => {
                Self::InvalidRequest("expected the header Content-Type: application/json")
            }
            JsonRejection::JsonSyntaxError(_) => {
                Self::InvalidRequest("the request body is not valid JSON")
            }
            JsonRejection::JsonDataError(_) => Self::InvalidRequest(
                "the request body must be a JSON object such as {\"wallet\": \"<address>\"}",
            ),
            rejection if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                Self::BodyTooLarge {
                    limit: crate::routes::BODY_LIMIT_BYTES,
                }
            }
            _ => Self::InvalidRequest("the request body could not be read"),
        }
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
