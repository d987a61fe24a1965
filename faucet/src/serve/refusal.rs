//! A connection over its peer address's or its network's cap: its request is answered 429
//! `too_many_connections` with `Connection: close`, and the connection closed.
//!
//! An answer rather than a bare close, so that an honest client over its share (many users
//! behind one NAT) learns why and when to retry instead of seeing a reset. hyper reads the
//! request first, so the answer is one the client expects and the close is clean; a client
//! that sends no request in time is closed unanswered.

use std::{convert::Infallible, future::Future, sync::Arc, time::Duration};

use axum::{http::Request, response::IntoResponse};
use hyper::{body::Incoming, server::conn::http1, service::service_fn};
use hyper_util::rt::TokioIo;
use tokio::{net::TcpStream, sync::Semaphore};

use super::MAX_BUFFER_BYTES;
use super::peer_slots::Crowded;
use crate::error::AppError;

/// Refusals under way at once. They hold no slot of the connection cap, so that a client over
/// its share cannot take everyone's slots with refusals; this bounds the file descriptors they
/// use instead. Past it a connection over its cap is closed at once, unanswered.
const AT_ONCE: usize = 64;

/// How long a refused connection has to send its request. A client sends it right after
/// connecting: this is a slow link's worth, and short, since it is spent on a client that has
/// its share already.
const REQUEST_DEADLINE: Duration = Duration::from_secs(2);

/// When the answer asks the client to come back: its own connections end as their requests are
/// answered, within seconds for a client that is not holding them.
const RETRY_AFTER: Duration = Duration::from_secs(1);

pub(super) struct Refusals {
    under_way: Arc<Semaphore>,
}

impl Refusals {
    pub(super) fn new() -> Self {
        Self {
            under_way: Arc::new(Semaphore::new(AT_ONCE)),
        }
    }

    /// The refusal of `stream`, over the cap `crowded` says, to run in a task of its own; `None`
    /// when [`AT_ONCE`] are under way, and `stream` is then closed as it is dropped.
    pub(super) fn refuse(
        &self,
        stream: TcpStream,
        crowded: Crowded,
    ) -> Option<impl Future<Output = ()> + Send + 'static> {
        let Ok(under_way) = Arc::clone(&self.under_way).try_acquire_owned() else {
            tracing::debug!(
                "refusals at their bound: closing a connection over its cap unanswered"
            );
            return None;
        };
        Some(async move {
            answer(stream, crowded).await;
            drop(under_way);
        })
    }
}

async fn answer(stream: TcpStream, crowded: Crowded) {
    let refuse = service_fn(move |_request: Request<Incoming>| async move {
        let refused = AppError::TooManyConnections {
            scope: crowded.scope,
            max: crowded.max,
            retry_after: RETRY_AFTER,
        };
        Ok::<_, Infallible>(refused.into_response())
    });
    let connection = http1::Builder::new()
        .keep_alive(false)
        .max_buf_size(MAX_BUFFER_BYTES)
        .serve_connection(TokioIo::new(stream), refuse);
    match tokio::time::timeout(REQUEST_DEADLINE, connection).await {
        Ok(Ok(())) => tracing::debug!("refused a connection over its address's or network's cap"),
        Ok(Err(error)) => tracing::debug!(%error, "a refused connection failed"),
        Err(_) => tracing::debug!("a refused connection sent no request in time"),
    }
}
