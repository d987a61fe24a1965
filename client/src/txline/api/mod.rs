//! The client of TxLINE's HTTP API: the fixtures snapshot, a fixture's score records and stat
//! validations, in the published shapes, each answer checked before anything is built from it.
//! Hashes must be 32 bytes; an answer for another fixture, stat key or sequence than the one
//! asked for is refused. The same client talks to TxLINE's hosts and to the local stand-in.

mod base_url;
mod credentials;
mod error;
mod record_proof;

use std::time::Duration;

use serde::de::DeserializeOwned;

pub use base_url::{
    DEFAULT_LOCAL_API_URL, DEVNET_API_URL, MAINNET_API_URL, api_base_url, normalize,
};
pub use credentials::{
    API_TOKEN_VARIABLE, CREDENTIALS_FILE, Credentials, CredentialsFile, JWT_VARIABLE,
    credentials_for,
};
pub use error::TxlineError;
pub use record_proof::{RecordPick, RecordProof, pick_record};

use super::json::{FixtureJson, ScoreRecord, ScoreRecordJson, StatValidationJson};
use super::proof::TxlineProof;

/// TxLINE's own examples give a request 30 s.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The API key header TxLINE asks for beside the bearer JWT.
pub const API_TOKEN_HEADER: &str = "X-Api-Token";

/// What `txline-api`, the local stand-in, prints once it listens (followed by its base URL);
/// `fulltime-stack` waits for it.
pub const SERVING: &str = "serving the TxLINE API at";

pub const FIXTURES_PATH: &str = "/api/fixtures/snapshot";
pub const SCORES_PATH: &str = "/api/scores/historical";
pub const SCORES_SNAPSHOT_PATH: &str = "/api/scores/snapshot";
pub const STAT_VALIDATION_PATH: &str = "/api/scores/stat-validation";

/// One proof to ask for: a stat of a fixture's score record, and a second of the same record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatRequest {
    pub fixture_id: i64,
    pub seq: u32,
    pub stat_key: u32,
    pub stat_key2: Option<u32>,
}

/// One API host with its credentials.
#[derive(Debug, Clone)]
pub struct TxlineApi {
    base_url: String,
    credentials: Credentials,
    http: reqwest::Client,
}

impl TxlineApi {
    pub fn new(base_url: &str, credentials: Credentials) -> Result<Self, TxlineError> {
        let http = reqwest::Client::builder()
            .timeout(REQUEST_TIMEOUT)
            .connect_timeout(CONNECT_TIMEOUT)
            .build()
            .map_err(|error| TxlineError::unreachable(base_url, &error, REQUEST_TIMEOUT))?;
        Ok(Self {
            base_url: normalize(base_url)?,
            credentials,
            http,
        })
    }

    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    /// Every fixture the API covers.
    pub async fn fixtures(&self) -> Result<Vec<FixtureJson>, TxlineError> {
        self.get(FIXTURES_PATH, &[], "fixtures snapshot").await
    }

    /// One fixture of the snapshot; `NotFound` when the API does not cover it.
    pub async fn fixture(&self, fixture_id: i64) -> Result<FixtureJson, TxlineError> {
        self.fixtures()
            .await?
            .into_iter()
            .find(|fixture| fixture.fixture_id == fixture_id)
            .ok_or_else(|| TxlineError::NotFound {
                url: self.url(FIXTURES_PATH),
                what: format!("fixture {fixture_id} in its fixtures snapshot"),
            })
    }

    /// A fixture's score records, in sequence order, each checked to be the fixture's.
    pub async fn scores(&self, fixture_id: i64) -> Result<Vec<ScoreRecord>, TxlineError> {
        let path = format!("{SCORES_PATH}/{fixture_id}");
        let answer: Vec<ScoreRecordJson> = self
            .get(
                &path,
                &[],
                &format!("score records of fixture {fixture_id}"),
            )
            .await?;
        let url = self.url(&path);
        let mut records = answer
            .iter()
            .enumerate()
            .map(|(index, record)| record.decode(&format!("[{index}]")))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|error| TxlineError::shape(&url, error))?;
        if let Some(other) = records
            .iter()
            .find(|record| record.fixture_id != fixture_id)
        {
            return Err(TxlineError::Mismatch {
                url,
                asked: format!("fixture {fixture_id}"),
                answered: format!("fixture {} (record {})", other.fixture_id, other.seq),
            });
        }
        records.sort_by_key(|record| record.seq);
        Ok(records)
    }

    /// The proof of `request`'s stat(s), checked to be of the fixture, keys and sequence asked.
    pub async fn stat_validation(&self, request: StatRequest) -> Result<TxlineProof, TxlineError> {
        let mut query = vec![
            ("fixtureId", request.fixture_id.to_string()),
            ("seq", request.seq.to_string()),
            ("statKey", request.stat_key.to_string()),
        ];
        if let Some(second) = request.stat_key2 {
            query.push(("statKey2", second.to_string()));
        }
        let what = format!(
            "record {} of fixture {} with stat {}{}",
            request.seq,
            request.fixture_id,
            request.stat_key,
            request
                .stat_key2
                .map(|second| format!(" and {second}"))
                .unwrap_or_default()
        );
        let answer: StatValidationJson = self.get(STAT_VALIDATION_PATH, &query, &what).await?;
        let url = self.url(STAT_VALIDATION_PATH);
        let proof = answer
            .decode("")
            .map_err(|error| TxlineError::shape(&url, error))?;
        check_answer(&request, answer.seq, &proof).map_err(|(asked, answered)| {
            TxlineError::Mismatch {
                url,
                asked,
                answered,
            }
        })?;
        Ok(proof)
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base_url)
    }

    /// GET `path` with the credentials; `what` names the thing asked for in a 404.
    async fn get<T: DeserializeOwned>(
        &self,
        path: &str,
        query: &[(&str, String)],
        what: &str,
    ) -> Result<T, TxlineError> {
        let url = self.url(path);
        let response = self
            .http
            .get(&url)
            .query(query)
            .bearer_auth(&self.credentials.jwt)
            .header(API_TOKEN_HEADER, &self.credentials.api_token)
            .send()
            .await
            .map_err(|error| TxlineError::unreachable(&url, &error, REQUEST_TIMEOUT))?;
        let status = response.status();
        let body = response
            .text()
            .await
            .map_err(|error| TxlineError::unreachable(&url, &error, REQUEST_TIMEOUT))?;
        match status.as_u16() {
            200..=299 => serde_json::from_str(&body).map_err(|error| TxlineError::BadAnswer {
                url,
                problem: error.to_string(),
            }),
            401 | 403 => Err(TxlineError::Refused {
                url,
                status: status.as_u16(),
            }),
            404 => Err(TxlineError::NotFound {
                url,
                what: what.to_owned(),
            }),
            code => Err(TxlineError::Failed {
                url,
                status: code,
                body: shortened(&body),
            }),
        }
    }
}

/// `Err((asked, answered))` where the proof is not of what `request` asked for.
fn check_answer(
    request: &StatRequest,
    answered_seq: Option<u32>,
    proof: &TxlineProof,
) -> Result<(), (String, String)> {
    let answered_fixture = proof.fixture_summary.fixture_id;
    if answered_fixture != request.fixture_id {
        return Err((
            format!("fixture {}", request.fixture_id),
            format!("fixture {answered_fixture}"),
        ));
    }
    let asked_keys = (request.stat_key, request.stat_key2);
    let answered_keys = proof.stat_keys();
    if answered_keys != asked_keys {
        let keys = |(first, second): (u32, Option<u32>)| match second {
            Some(second) => format!("stats {first} and {second}"),
            None => format!("stat {first}"),
        };
        return Err((keys(asked_keys), keys(answered_keys)));
    }
    if let Some(seq) = answered_seq.filter(|&seq| seq != request.seq) {
        return Err((format!("record {}", request.seq), format!("record {seq}")));
    }
    Ok(())
}

/// At most 200 characters of an error body, on one line.
fn shortened(body: &str) -> String {
    let line: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
    match line.char_indices().nth(200) {
        Some((cut, _)) => format!("{}…", &line[..cut]),
        None => line,
    }
}

#[cfg(test)]
mod tests;
