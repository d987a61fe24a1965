//! `faucet`: serves `POST /api/faucet`. Parses the configuration, binds, installs tracing and
//! shuts down gracefully; everything else is in the library.

use std::io::IsTerminal;
use std::{net::SocketAddr, process::ExitCode};

use clap::Parser;
use fulltime_faucet::{app, config::Args};
use tracing_subscriber::{EnvFilter, layer::SubscriberExt, util::SubscriberInitExt};

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::registry()
        .with(
            EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "fulltime_faucet=info,faucet=info,tower_http=info".into()),
        )
        // Colours only on a terminal: `just dev` sends this output to a log file.
        .with(tracing_subscriber::fmt::layer().with_ansi(std::io::stdout().is_terminal()))
        .init();

    let config = Args::parse().resolve();
    let bind = config.bind;
    let state = config.app_state();

    let listener = match tokio::net::TcpListener::bind(bind).await {
        Ok(listener) => listener,
        Err(error) => {
            tracing::error!(%bind, %error, "cannot listen");
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(address = %bind, "serving POST /api/faucet");
    // The peer's address is what the per-client rate limit is keyed by.
    let service = app(state).into_make_service_with_connect_info::<SocketAddr>();
    if let Err(error) = axum::serve(listener, service)
        .with_graceful_shutdown(shutdown_signal())
        .await
    {
        tracing::error!(%error, "server failed");
        return ExitCode::FAILURE;
    }
    tracing::info!("stopped");
    ExitCode::SUCCESS
}

/// Ctrl-C or SIGTERM; requests in flight then finish (each is bounded by the request timeout).
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(error) = tokio::signal::ctrl_c().await {
            tracing::error!(%error, "cannot listen for Ctrl-C");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(error) => {
                tracing::error!(%error, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();

    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
