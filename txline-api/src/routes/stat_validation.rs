//! `GET /api/scores/stat-validation?fixtureId=&seq=&statKey=[&statKey2=]`: the Merkle proof of a
//! record's stat, or of two stats of the same record, from the catalog's batches, with the
//! record's `seq` beside the published fields. A record whose slot's root the oracle never
//! posted is proven all the same: the oracle refuses it, as it would TxLINE's.

use axum::Json;
use axum::extract::State;
use fulltime_client::txline::api::StatRequest;
use fulltime_client::txline::json::StatValidationJson;
use serde::Deserialize;

use crate::error::ApiError;
use crate::extract::AppQuery;
use crate::state::AppState;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatValidationQuery {
    fixture_id: i64,
    seq: u32,
    stat_key: u32,
    stat_key2: Option<u32>,
}

pub async fn stat_validation(
    State(state): State<AppState>,
    AppQuery(query): AppQuery<StatValidationQuery>,
) -> Result<Json<StatValidationJson>, ApiError> {
    // TxLINE's docs: sequence numbers start at 1, and 0 is never a record.
    if query.seq == 0 {
        return Err(ApiError::BadRequest(
            "seq starts at 1: 0 is never a record's sequence number".into(),
        ));
    }
    let proof = state.catalog.prove(StatRequest {
        fixture_id: query.fixture_id,
        seq: query.seq,
        stat_key: query.stat_key,
        stat_key2: query.stat_key2,
    })?;
    Ok(Json(StatValidationJson::encode(&proof, Some(query.seq))))
}
