//! One connection: HTTP/1 with hyper's header-read timeout, a deadline on each request's body,
//! closed once idle, and shut down gracefully when the server stops.
//!
//! HTTP/1 only: the header-read timeout is HTTP/1's, and the faucet's clients (the dashboard,
//! curl, browsers over a proxy) speak it.

use std::{net::SocketAddr, pin::pin, sync::Arc};

use axum::{Router, extract::ConnectInfo, http::Request};
use hyper::{body::Incoming, server::conn::http1, service::service_fn};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::{net::TcpStream, sync::watch};
use tower::ServiceExt;

use super::{
    ConnectionLimits, MAX_BUFFER_BYTES,
    activity::{Activity, WatchedStream},
};
use crate::extract::BodyDeadline;

/// Serves requests on `stream` until the client closes it, a limit closes it, or `stopping`
/// turns true and the request in flight, if any, is answered.
pub(super) async fn serve(
    stream: TcpStream,
    peer: SocketAddr,
    app: Router,
    limits: ConnectionLimits,
    mut stopping: watch::Receiver<bool>,
) {
    let activity = Activity::new();
    let io = TokioIo::new(WatchedStream::new(stream, Arc::clone(&activity)));
    let requests = {
        let activity = Arc::clone(&activity);
        service_fn(move |mut request: Request<Incoming>| {
            // What the `PeerAddress` extractor reads, as `axum::serve` would provide it.
            request.extensions_mut().insert(ConnectInfo(peer));
            // Counted from here, where hyper has the headers: what `AppJson` reads the body by.
            let body_deadline = BodyDeadline::from_now(limits.body_read_timeout);
            request.extensions_mut().insert(body_deadline);
            let in_flight = activity.request_started();
            let answer = app.clone().oneshot(request);
            async move {
                let answer = answer.await;
                drop(in_flight);
                answer
            }
        })
    };
    let mut connection = pin!(
        http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_read_timeout)
            .max_buf_size(MAX_BUFFER_BYTES)
            .serve_connection(io, requests)
    );
    let mut shutting_down = false;
    loop {
        tokio::select! {
            served = connection.as_mut() => {
                if let Err(error) = served {
                    tracing::debug!(%peer, %error, "connection closed");
                }
                return;
            }
            () = activity.idle_for(limits.idle_timeout) => {
                tracing::debug!(%peer, "closing an idle connection");
                return;
            }
            // Closes the connection if idle, or after the answer to its request in flight.
            _ = stopping.changed(), if !shutting_down => {
                shutting_down = true;
                connection.as_mut().graceful_shutdown();
            }
        }
    }
}
