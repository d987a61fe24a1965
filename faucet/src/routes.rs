//! The router: `POST /api/faucet` and the layers every request goes through.

use std::time::Duration;

use axum::{
    BoxError, Json, Router,
    error_handling::HandleErrorLayer,
    extract::{DefaultBodyLimit, Request, State},
    routing::post,
};
use fulltime_client::faucet::{FAUCET_PATH, FaucetGrant};
use tower::{ServiceBuilder, timeout::TimeoutLayer};
use tower_http::{
    LatencyUnit,
    trace::{DefaultOnResponse, TraceLayer},
};
use tracing::{Instrument, Level, Span};

use crate::{
    error::AppError,
    extract::{AppJson, BODY_LIMIT_BYTES},
    follow,
    mint::MintError,
    peer::PeerAddress,
    state::AppState,
    wallet::{FaucetRequest, wallet_of},
};

pub fn app(state: AppState) -> Router {
    let request_timeout = state.request_timeout;
    Router::new()
        .route(FAUCET_PATH, post(faucet))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(
            ServiceBuilder::new()
                .layer(
                    TraceLayer::new_for_http()
                        .make_span_with(request_span)
                        .on_response(
                            DefaultOnResponse::new()
                                .level(Level::INFO)
                                .latency_unit(LatencyUnit::Micros),
                        ),
                )
                .layer(HandleErrorLayer::new(move |error: BoxError| async move {
                    layer_error(error, request_timeout)
                }))
                .layer(TimeoutLayer::new(request_timeout))
                .layer(DefaultBodyLimit::max(BODY_LIMIT_BYTES)),
        )
        .with_state(state)
}

/// The rule order is the order of the statements: 400 (the body, checked by the extractor and
/// `wallet_of`), then 503, then 429 (the wallet's cooldown, then the peer's and the global
/// token buckets), then the mint (500 when it fails or is not confirmed in time).
async fn faucet(
    State(state): State<AppState>,
    PeerAddress(peer): PeerAddress,
    AppJson(request): AppJson<FaucetRequest>,
) -> Result<Json<FaucetGrant>, AppError> {
    let wallet = wallet_of(&request)?;
    Span::current().record("wallet", tracing::field::display(wallet));
    let minter = state.minter.clone().ok_or(AppError::NotConfigured)?;
    let reservation = state
        .cooldowns
        .reserve(wallet, || state.limits.admit(peer).map_err(AppError::from))?;
    // The mint runs in its own task so that a client hanging up cannot cancel a transaction
    // that may already be sent: the mint's outcome alone decides the wallet's cooldown.
    let mint = async move {
        let minted = minter.mint(wallet).await;
        match &minted {
            Ok(_) => reservation.minted(),
            Err(MintError::Unconfirmed(sent)) => follow::spawn(minter, reservation, *sent),
            // Nothing was minted: dropping the reservation frees the wallet.
            Err(_) => {}
        }
        minted
    };
    let minted = tokio::spawn(mint.instrument(Span::current()))
        .await
        .map_err(|error| AppError::Internal(error.to_string()))?
        .map_err(AppError::Mint)?;
    Ok(Json(FaucetGrant {
        signature: minted.signature.to_string(),
        amount: minted.amount,
        mint: minted.mint.to_string(),
    }))
}

async fn not_found() -> AppError {
    AppError::NotFound
}

async fn method_not_allowed() -> AppError {
    AppError::MethodNotAllowed
}

fn layer_error(error: BoxError, request_timeout: Duration) -> AppError {
    if error.is::<tower::timeout::error::Elapsed>() {
        AppError::RequestTimeout {
            timeout: request_timeout,
        }
    } else {
        AppError::Internal(error.to_string())
    }
}

/// The wallet is recorded by the handler once parsed; headers and bodies are never logged.
fn request_span(request: &Request) -> Span {
    tracing::info_span!(
        "request",
        method = %request.method(),
        path = %request.uri().path(),
        wallet = tracing::field::Empty,
    )
}
