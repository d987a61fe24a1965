//! `GET /api/fixtures/snapshot`: every fixture of the catalog.

use axum::Json;
use axum::extract::State;
use fulltime_client::txline::json::FixtureJson;

use crate::state::AppState;

pub async fn snapshot(State(state): State<AppState>) -> Json<Vec<FixtureJson>> {
    Json(
        state
            .catalog
            .fixtures()
            .iter()
            .map(|fixture| fixture.to_json())
            .collect(),
    )
}
