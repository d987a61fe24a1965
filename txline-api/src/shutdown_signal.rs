//! What stops the server: Ctrl-C or SIGTERM.

use std::future::Future;

/// Listens for Ctrl-C and SIGTERM from now on, so that a signal sent as soon as the server says
/// it serves is not lost; the future completes on either.
pub fn shutdown_signal() -> std::io::Result<impl Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let mut interrupt = signal(SignalKind::interrupt())?;
    let mut terminate = signal(SignalKind::terminate())?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {},
            _ = terminate.recv() => {},
        }
        tracing::info!("shutting down");
    })
}
