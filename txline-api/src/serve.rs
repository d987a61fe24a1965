//! Serving until told to stop: new connections are then refused, and the requests in flight
//! have [`SHUTDOWN_TIMEOUT`] to be answered before the server returns anyway.

use std::future::{Future, IntoFuture};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use tokio::net::TcpListener;
use tokio::sync::Notify;

/// Within the 10 s that the stack and `docker stop` wait before SIGKILL.
pub const SHUTDOWN_TIMEOUT: Duration = Duration::from_secs(5);

pub async fn serve(
    listener: TcpListener,
    app: Router,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let stopping = Arc::new(Notify::new());
    let told = Arc::clone(&stopping);
    let server = axum::serve(listener, app).with_graceful_shutdown(async move {
        shutdown.await;
        told.notify_one();
    });
    let deadline = async {
        stopping.notified().await;
        tokio::time::sleep(SHUTDOWN_TIMEOUT).await;
    };
    tokio::select! {
        served = server.into_future() => served,
        () = deadline => {
            tracing::warn!("requests still in flight after {SHUTDOWN_TIMEOUT:?}; stopping anyway");
            Ok(())
        }
    }
}
