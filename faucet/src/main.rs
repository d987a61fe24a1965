//! `faucet`: serves `POST /api/faucet`. Parses the configuration, installs tracing, binds and
//! serves until Ctrl-C or SIGTERM; everything else is in the library.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::Parser;
use fulltime_client::faucet::SERVING;
use fulltime_faucet::{app, config::Args, serve::serve, shutdown_signal::shutdown_signal};
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
    let limits = config.connections;
    let state = config.app_state();

    let shutdown = match shutdown_signal() {
        Ok(shutdown) => shutdown,
        Err(error) => {
            tracing::error!(%error, "cannot listen for SIGTERM");
            return ExitCode::FAILURE;
        }
    };
    let listener = match tokio::net::TcpListener::bind(bind).await {
        Ok(listener) => listener,
        Err(error) => {
            tracing::error!(%bind, %error, "cannot listen");
            return ExitCode::FAILURE;
        }
    };
    tracing::info!(address = %bind, "{SERVING}");
    serve(listener, app(state), limits, shutdown).await;
    tracing::info!("stopped");
    ExitCode::SUCCESS
}
