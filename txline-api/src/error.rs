//! Every answer that is not a 200: one enum, one JSON shape
//! `{"error": "<machine code>", "message": "<human text>"}`, as the faucet answers. No message
//! carries a credential, asked for or held.

use std::time::Duration;

use axum::{
    Json,
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use fulltime_matches::catalog::ProveError;
use serde_json::json;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// A credential header is missing or empty; names which.
    #[error("{0}")]
    Unauthorized(&'static str),
    /// Both credentials were sent, and they are not the stand-in's.
    #[error(
        "these credentials are not this server's: `fulltime` finds its own in the state \
         directory's txline.toml, under this server's base URL"
    )]
    Forbidden,
    /// A path or query that does not parse, or a value out of range.
    #[error("{0}")]
    BadRequest(String),
    /// No such fixture, record or stat in the catalog.
    #[error(transparent)]
    Unknown(#[from] ProveError),
    #[error("no such endpoint; see the TxLINE API's paths under /api/")]
    NotFound,
    #[error("method not allowed; every endpoint of the TxLINE API is a GET")]
    MethodNotAllowed,
    #[error("the request announces a body larger than {limit} bytes; the API takes none")]
    BodyTooLarge { limit: usize },
    #[error("the request took longer than {timeout:?}")]
    RequestTimeout { timeout: Duration },
    /// A bug inside the server; the cause is logged.
    #[error("internal error")]
    Internal(String),
}

/// What a 401 says is missing.
pub const MISSING_BEARER: &str = "missing the header Authorization: Bearer <guest JWT>";
pub const MISSING_API_TOKEN: &str = "missing the header X-Api-Token: <API token>";

impl ApiError {
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden => StatusCode::FORBIDDEN,
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::Unknown(_) | Self::NotFound => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::BodyTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::RequestTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The machine-readable code clients branch on.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Unauthorized(_) => "unauthorized",
            Self::Forbidden => "forbidden",
            Self::BadRequest(_) => "bad_request",
            Self::Unknown(ProveError::NoFixture { .. }) => "unknown_fixture",
            Self::Unknown(ProveError::NoRecord { .. }) => "unknown_record",
            Self::Unknown(ProveError::NoStat { .. }) => "unknown_stat",
            Self::NotFound => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::BodyTooLarge { .. } => "body_too_large",
            Self::RequestTimeout { .. } => "request_timeout",
            Self::Internal(_) => "internal",
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let Self::Internal(cause) = &self {
            tracing::error!(error = %cause, "internal error");
        }
        let body = json!({ "error": self.code(), "message": self.to_string() });
        let mut response = (self.status(), Json(body)).into_response();
        if matches!(self, Self::Unauthorized(_)) {
            // RFC 6750: a 401 names the scheme it wants.
            response
                .headers_mut()
                .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::txline::api::API_TOKEN_HEADER;

    use super::*;

    #[test]
    fn a_401_names_the_header_the_client_sends() {
        assert!(MISSING_API_TOKEN.contains(API_TOKEN_HEADER));
        let unknown = ApiError::from(ProveError::NoStat {
            fixture_id: 7,
            seq: 2,
            key: 9,
        });
        assert_eq!(unknown.status(), StatusCode::NOT_FOUND);
        assert_eq!(unknown.to_string(), "record 2 of fixture 7 has no stat 9");
    }
}
