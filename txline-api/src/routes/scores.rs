//! The score records: a fixture's (`/api/scores/historical/{fixtureId}` and
//! `/api/scores/snapshot/{fixtureId}`, the same list), and one five-minute slot's
//! (`/api/scores/updates/{epochDay}/{hourOfDay}/{interval}[?fixtureId=]`). Every record of the
//! catalog is served, whatever the node's clock says.

use axum::Json;
use axum::extract::State;
use fulltime_client::txline::json::ScoreRecordJson;
use fulltime_client::txline_interface::time::{MS_PER_DAY, MS_PER_SLOT};
use fulltime_matches::catalog::{Catalog, ProveError, slot_start};
use serde::Deserialize;

use crate::error::ApiError;
use crate::extract::{AppPath, AppQuery};
use crate::state::AppState;

const MS_PER_HOUR: i64 = 3_600_000;
/// Five-minute intervals in an hour: `interval` is the minute divided by 5.
const INTERVALS_PER_HOUR: u8 = 12;

/// A fixture's records, in sequence order.
pub async fn historical(
    State(state): State<AppState>,
    AppPath(fixture_id): AppPath<i64>,
) -> Result<Json<Vec<ScoreRecordJson>>, ApiError> {
    records_of(state.catalog, fixture_id).map(Json)
}

/// TxLINE's snapshot is a fixture's records as they stand; the catalog's fixtures are over, so
/// it is the same list as the history.
pub async fn snapshot(
    State(state): State<AppState>,
    AppPath(fixture_id): AppPath<i64>,
) -> Result<Json<Vec<ScoreRecordJson>>, ApiError> {
    records_of(state.catalog, fixture_id).map(Json)
}

fn records_of(catalog: &Catalog, fixture_id: i64) -> Result<Vec<ScoreRecordJson>, ApiError> {
    let fixture = catalog
        .fixture(fixture_id)
        .ok_or(ProveError::NoFixture { fixture_id })?;
    Ok(fixture
        .records
        .iter()
        .map(|record| ScoreRecordJson::encode(&record.to_score_record(fixture_id)))
        .collect())
}

#[derive(Debug, Deserialize)]
pub struct UpdatesQuery {
    #[serde(rename = "fixtureId")]
    fixture_id: Option<i64>,
}

/// The records of every fixture (or of `fixtureId`) in one five-minute slot, in time order;
/// an empty list for a slot without any.
pub async fn updates(
    State(state): State<AppState>,
    AppPath((epoch_day, hour_of_day, interval)): AppPath<(u16, u8, u8)>,
    AppQuery(query): AppQuery<UpdatesQuery>,
) -> Result<Json<Vec<ScoreRecordJson>>, ApiError> {
    if hour_of_day > 23 {
        return Err(ApiError::BadRequest(format!(
            "hourOfDay {hour_of_day} is not an hour of the day (0 to 23)"
        )));
    }
    if interval >= INTERVALS_PER_HOUR {
        return Err(ApiError::BadRequest(format!(
            "interval {interval} is not a five-minute interval of the hour (0 to 11: the \
             minute divided by 5)"
        )));
    }
    if let Some(fixture_id) = query.fixture_id
        && state.catalog.fixture(fixture_id).is_none()
    {
        return Err(ProveError::NoFixture { fixture_id }.into());
    }
    let start = i64::from(epoch_day) * MS_PER_DAY
        + i64::from(hour_of_day) * MS_PER_HOUR
        + i64::from(interval) * MS_PER_SLOT;
    let mut records: Vec<_> = state
        .catalog
        .fixtures()
        .iter()
        .filter(|fixture| query.fixture_id.is_none_or(|id| id == fixture.fixture_id))
        .flat_map(|fixture| {
            fixture
                .records
                .iter()
                .filter(|record| slot_start(record.ts) == start)
                .map(|record| record.to_score_record(fixture.fixture_id))
        })
        .collect();
    records.sort_by_key(|record| (record.ts, record.fixture_id, record.seq));
    Ok(Json(records.iter().map(ScoreRecordJson::encode).collect()))
}
