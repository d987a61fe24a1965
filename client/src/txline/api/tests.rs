//! The TxLINE client against canned answers on loopback: the published shapes read, the
//! credentials sent, and every bad answer refused by name before anything is built from it.

use super::*;
use crate::loopback::{closed_port_url, http_server};
use crate::sample::proof_file;
use crate::txline::json::{ScoreRecord, ScoreRecordJson, StatValidationJson};
use crate::unreachable::Cause;

fn credentials() -> Credentials {
    Credentials {
        jwt: "eyJ.guest.jwt".into(),
        api_token: "activated-token".into(),
    }
}

/// The sample proof (fixture 18502311, stat 1 = 3) as the API answers it, for record 1187.
fn validation() -> serde_json::Value {
    serde_json::to_value(StatValidationJson::encode(&proof_file().proof, Some(1187)))
        .expect("serializes")
}

fn record(seq: u32, action: &str, home_goals: i32) -> ScoreRecord {
    ScoreRecord {
        fixture_id: 18_502_311,
        seq,
        ts: 1_778_947_600_000,
        action: action.into(),
        status: Some(100),
        period: Some(100),
        stats: [(1, home_goals)].into(),
    }
}

/// An API whose stat-validation answers `validation`, whose records are `records`, and which
/// answers 404 to anything else.
async fn api(validation: serde_json::Value, records: Vec<ScoreRecord>) -> TxlineApi {
    let records: Vec<ScoreRecordJson> = records.iter().map(ScoreRecordJson::encode).collect();
    let records = serde_json::to_string(&records).expect("serializes");
    let validation = validation.to_string();
    let url = http_server(move |request| {
        let line = request.lines().next().unwrap_or_default();
        if line.starts_with(&format!("GET {STAT_VALIDATION_PATH}?")) {
            (200, validation.clone())
        } else if line.starts_with(&format!("GET {SCORES_PATH}/18502311 ")) {
            (200, records.clone())
        } else {
            (404, "{}".into())
        }
    })
    .await;
    TxlineApi::new(&url, credentials()).expect("a client")
}

fn request(seq: u32, stat_key: u32, stat_key2: Option<u32>) -> StatRequest {
    StatRequest {
        fixture_id: 18_502_311,
        seq,
        stat_key,
        stat_key2,
    }
}

#[tokio::test]
async fn a_proof_reads_in_the_published_shape_with_the_credentials_sent() {
    let seen = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let seen_by_server = std::sync::Arc::clone(&seen);
    let body = validation().to_string();
    let url = http_server(move |request| {
        *seen_by_server.lock().expect("lock") = request.to_owned();
        (200, body.clone())
    })
    .await;
    let api = TxlineApi::new(&format!("{url}/api/"), credentials()).expect("a client");
    assert_eq!(api.base_url(), url);
    let proof = api
        .stat_validation(request(1187, 1, None))
        .await
        .expect("the proof");
    assert_eq!(proof, proof_file().proof);
    let request = seen.lock().expect("lock").to_lowercase();
    assert!(
        request.starts_with(
            "get /api/scores/stat-validation?fixtureid=18502311&seq=1187&statkey=1 http/1.1"
        ),
        "{request}"
    );
    assert!(
        request.contains("authorization: bearer eyj.guest.jwt"),
        "{request}"
    );
    assert!(
        request.contains("x-api-token: activated-token"),
        "{request}"
    );
}

#[tokio::test]
async fn refusals_and_missing_things_are_named_by_status() {
    for (status, expected) in [(401, "401"), (403, "403")] {
        let url = http_server(move |_| (status, "{}".into())).await;
        let api = TxlineApi::new(&url, credentials()).expect("a client");
        let error = api.fixtures().await.expect_err("refused");
        assert!(matches!(error, TxlineError::Refused { .. }), "{error:?}");
        assert!(error.to_string().contains(expected), "{error}");
        assert!(!error.to_string().contains("activated-token"), "{error}");
    }
    let api = api(validation(), vec![]).await;
    let error = api.scores(42).await.expect_err("no such fixture");
    assert_eq!(
        error.to_string(),
        format!(
            "TxLINE has no score records of fixture 42 ({}{SCORES_PATH}/42 answered 404)",
            api.base_url()
        )
    );
}

#[tokio::test]
async fn an_answer_that_is_not_the_published_shape_is_refused() {
    let url = http_server(|_| (200, "<html>maintenance</html>".into())).await;
    let api = TxlineApi::new(&url, credentials()).expect("a client");
    let error = api
        .stat_validation(request(1187, 1, None))
        .await
        .expect_err("garbage");
    assert!(matches!(error, TxlineError::BadAnswer { .. }), "{error:?}");

    // A hash of 31 bytes, named by its field.
    let mut short = validation();
    short["statProof"][0]["hash"] = format!("0x{}", "04".repeat(31)).into();
    let error = self::api(short, vec![])
        .await
        .stat_validation(request(1187, 1, None))
        .await
        .expect_err("short hash");
    assert!(
        error
            .to_string()
            .ends_with("statProof[0].hash: 31 bytes long; a hash is 32 bytes"),
        "{error}"
    );
}

#[tokio::test]
async fn a_proof_of_another_fixture_key_or_record_is_refused() {
    let api = api(validation(), vec![]).await;
    for (asked, says) in [
        (
            StatRequest {
                fixture_id: 18_502_312,
                ..request(1187, 1, None)
            },
            "answered for fixture 18502311, not the fixture 18502312 asked for",
        ),
        (
            request(1187, 2, None),
            "answered for stat 1, not the stat 2 asked for",
        ),
        (
            request(1187, 1, Some(2)),
            "answered for stat 1, not the stats 1 and 2 asked for",
        ),
        (
            request(1190, 1, None),
            "answered for record 1187, not the record 1190 asked for",
        ),
    ] {
        let error = api.stat_validation(asked).await.expect_err(says);
        assert!(matches!(error, TxlineError::Mismatch { .. }), "{error:?}");
        assert!(error.to_string().ends_with(says), "{error}");
    }
}

#[tokio::test]
async fn an_unreachable_host_says_why() {
    let api = TxlineApi::new(&closed_port_url(), credentials()).expect("a client");
    let error = api.fixtures().await.expect_err("nothing listens");
    assert!(
        matches!(
            &error,
            TxlineError::Unreachable {
                cause: Cause::Refused,
                ..
            }
        ),
        "{error:?}"
    );
    assert!(
        error.to_string().ends_with(": connection refused"),
        "{error}"
    );
}

#[tokio::test]
async fn a_record_proof_is_the_finalised_record_and_agrees_with_it() {
    let records = vec![record(1102, "corner", 3), record(1187, "game_finalised", 3)];
    let fetched = api(validation(), records)
        .await
        .record_proof(18_502_311, RecordPick::Finalised, 1, None)
        .await
        .expect("the finalised record's proof");
    assert_eq!(fetched.record.seq, 1187);
    assert_eq!(fetched.proof, proof_file().proof);

    // The record says 4, the proof 3: nothing is built from either.
    let disagreeing = vec![record(1187, "game_finalised", 4)];
    let error = api(validation(), disagreeing)
        .await
        .record_proof(18_502_311, RecordPick::Finalised, 1, None)
        .await
        .expect_err("values differ");
    assert!(matches!(error, TxlineError::Mismatch { .. }), "{error:?}");

    // No game_finalised record yet.
    let error = api(validation(), vec![record(1102, "corner", 3)])
        .await
        .record_proof(18_502_311, RecordPick::Finalised, 1, None)
        .await
        .expect_err("not finalised");
    assert!(error.to_string().contains("not finalised yet"), "{error}");
}
