//! What stops the server: Ctrl-C or SIGTERM.

use std::future::Future;

/// Listens for Ctrl-C and SIGTERM from now on, so that a signal sent as soon as the server says
/// it serves is not lost; the future completes on either, and [`crate::serve::serve`] then stops
/// within its shutdown timeout.
pub fn shutdown_signal() -> std::io::Result<impl Future<Output = ()>> {
    #[cfg(unix)]
    let (mut interrupt, mut terminate) = {
        use tokio::signal::unix::{SignalKind, signal};
        (
            signal(SignalKind::interrupt())?,
            signal(SignalKind::terminate())?,
        )
    };
    Ok(async move {
        #[cfg(unix)]
        tokio::select! {
            _ = interrupt.recv() => {},
            _ = terminate.recv() => {},
        }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("shutting down");
    })
}
