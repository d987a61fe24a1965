//! `txline-api`: binds, finds its credentials in the state directory, says where it serves (the
//! line the stack waits for) and serves until Ctrl-C or SIGTERM; everything else is in the
//! library.

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use fulltime_client::txline::api::{CredentialsFile, SERVING};
use fulltime_matches::catalog::Catalog;
use fulltime_txline_api::credentials::{Origin, own_credentials};
use fulltime_txline_api::{
    AppState, app, config::Args, serve::serve, shutdown_signal::shutdown_signal,
};
use tracing_subscriber::{EnvFilter, layer::SubscriberExt, util::SubscriberInitExt};

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::registry()
        .with(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| {
                "fulltime_txline_api=info,txline_api=info,tower_http=info".into()
            }),
        )
        // Logs on stderr, no colours: the stack sends them to a log file. Stdout has the ready
        // line alone.
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(std::io::stderr)
                .with_ansi(false),
        )
        .init();

    let args = Args::parse();
    let shutdown = match shutdown_signal() {
        Ok(shutdown) => shutdown,
        Err(error) => {
            tracing::error!(%error, "cannot listen for SIGTERM");
            return ExitCode::FAILURE;
        }
    };
    let address = args.address();
    let listener = match tokio::net::TcpListener::bind(address).await {
        Ok(listener) => listener,
        Err(error) => {
            tracing::error!(%address, %error, "cannot listen");
            return ExitCode::FAILURE;
        }
    };
    let base_url = match listener.local_addr() {
        Ok(bound) => format!("http://{bound}"),
        Err(error) => {
            tracing::error!(%error, "cannot read the address listened on");
            return ExitCode::FAILURE;
        }
    };
    // Found once the port is ours, so that two servers never write the same entry.
    let credentials = match own_credentials(&args.state_dir, &base_url) {
        Ok((credentials, origin)) => {
            let file = CredentialsFile::path_in(&args.state_dir);
            let how = match origin {
                Origin::Kept => "kept in",
                Origin::Generated => "generated into",
            };
            tracing::info!("credentials for {base_url} {how} {}", file.display());
            credentials
        }
        Err(error) => {
            tracing::error!(%error, "cannot find or make this server's credentials");
            return ExitCode::FAILURE;
        }
    };
    let state = AppState::new(Catalog::committed(), credentials);
    let mut stdout = std::io::stdout();
    let _ = writeln!(stdout, "{SERVING} {base_url}");
    let _ = stdout.flush();
    let served = serve(listener, app(state), shutdown).await;
    if let Err(error) = served {
        tracing::error!(%error, "serving failed");
        return ExitCode::FAILURE;
    }
    tracing::info!("stopped");
    ExitCode::SUCCESS
}
