//! `axum::Json` with our rejection, so a malformed body answers in the same JSON shape as every
//! other error, and with the body's deadline, so a body that does not come is answered 408.

use std::time::Duration;

use axum::extract::{FromRequest, Request};
use tokio::time::Instant;

use crate::error::AppError;

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
    axum::Json<T>: FromRequest<S, Rejection = axum::extract::rejection::JsonRejection>,
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
