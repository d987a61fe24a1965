//! `axum::Json` with our rejection, so a malformed body answers in the same JSON shape as every
//! other error, and the body's limits: its size (the router's body limit) and its deadline, so a
//! body that does not come is answered 408.

use std::time::Duration;

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use tokio::time::Instant;

use crate::error::AppError;

/// A valid body is about 60 bytes; anything near this limit is not a faucet request.
pub const BODY_LIMIT_BYTES: usize = 4 * 1024;

/// By when a request's body must have arrived: its headers' arrival plus the body-read timeout.
/// [`crate::serve`] puts one on every request, as it puts the peer's `ConnectInfo`; a request
/// without one (the router called directly, as in tests) is bounded by the request timeout
/// alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BodyDeadline {
    pub at: Instant,
    /// What the deadline was counted with, for the answer's message.
    pub timeout: Duration,
}

impl BodyDeadline {
    /// The deadline of a request whose headers have just arrived.
    pub fn from_now(timeout: Duration) -> Self {
        Self {
            at: Instant::now() + timeout,
            timeout,
        }
    }
}

pub struct AppJson<T>(pub T);

impl<S, T> FromRequest<S> for AppJson<T>
where
    axum::Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let deadline = request.extensions().get::<BodyDeadline>().copied();
        let read = axum::Json::<T>::from_request(request, state);
        let axum::Json(value) = match deadline {
            Some(deadline) => {
                tokio::time::timeout_at(deadline.at, read)
                    .await
                    .map_err(|_| AppError::BodyTimeout {
                        timeout: deadline.timeout,
                    })??
            }
            None => read.await?,
        };
        Ok(Self(value))
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
                    limit: BODY_LIMIT_BYTES,
                }
            }
            _ => Self::InvalidRequest("the request body could not be read"),
        }
    }
}
