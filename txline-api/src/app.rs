//! The router: TxLINE's endpoints behind its credentials, and the layers every request goes
//! through (a trace line, a timeout, a refusal of bodies).

use std::time::Duration;

use axum::{
    BoxError, Router,
    error_handling::HandleErrorLayer,
    extract::Request,
    http::header::CONTENT_LENGTH,
    middleware::{self, Next},
    response::Response,
    routing::get,
};
use fulltime_client::txline::api::{
    FIXTURES_PATH, SCORES_PATH, SCORES_SNAPSHOT_PATH, STAT_VALIDATION_PATH,
};
use tower::{ServiceBuilder, timeout::TimeoutLayer};
use tower_http::{
    LatencyUnit,
    trace::{DefaultOnResponse, TraceLayer},
};
use tracing::{Level, Span};

use crate::auth::require_credentials;
use crate::error::ApiError;
use crate::routes::{UPDATES_PATH, fixtures, scores, stat_validation};
use crate::state::AppState;

/// Every answer is computed from the catalog in memory; a request that takes this long is stuck.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(10);
/// Every endpoint is a GET; a request announcing a body larger than this is refused unread.
pub const BODY_LIMIT_BYTES: usize = 1024;

pub fn app(state: AppState) -> Router {
    Router::new()
        .route(FIXTURES_PATH, get(fixtures::snapshot))
        .route(
            &format!("{SCORES_PATH}/{{fixture_id}}"),
            get(scores::historical),
        )
        .route(
            &format!("{SCORES_SNAPSHOT_PATH}/{{fixture_id}}"),
            get(scores::snapshot),
        )
        .route(
            &format!("{UPDATES_PATH}/{{epoch_day}}/{{hour_of_day}}/{{interval}}"),
            get(scores::updates),
        )
        .route(STAT_VALIDATION_PATH, get(stat_validation::stat_validation))
        // On the endpoints only: an unknown path is a 404 with or without credentials.
        .route_layer(middleware::from_fn_with_state(
            state.clone(),
            require_credentials,
        ))
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
                .layer(HandleErrorLayer::new(|error: BoxError| async move {
                    layer_error(error)
                }))
                .layer(TimeoutLayer::new(REQUEST_TIMEOUT))
                .layer(middleware::from_fn(refuse_bodies)),
        )
        .with_state(state)
}

async fn not_found() -> ApiError {
    ApiError::NotFound
}

async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

/// No endpoint reads a body: one announced larger than the limit is refused before routing.
async fn refuse_bodies(request: Request, next: Next) -> Result<Response, ApiError> {
    let announced = request
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|length| length.to_str().ok()?.parse::<u64>().ok());
    if announced.is_some_and(|length| length > BODY_LIMIT_BYTES as u64) {
        return Err(ApiError::BodyTooLarge {
            limit: BODY_LIMIT_BYTES,
        });
    }
    Ok(next.run(request).await)
}

fn layer_error(error: BoxError) -> ApiError {
    if error.is::<tower::timeout::error::Elapsed>() {
        ApiError::RequestTimeout {
            timeout: REQUEST_TIMEOUT,
        }
    } else {
        ApiError::Internal(error.to_string())
    }
}

/// Method and path only: the query and the headers (the credentials) are never logged.
fn request_span(request: &Request) -> Span {
    tracing::info_span!(
        "request",
        method = %request.method(),
        path = %request.uri().path(),
    )
}
