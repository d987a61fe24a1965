//! Every endpoint through the router (`oneshot`): the catalog's fixtures, records, slots and
//! proofs in TxLINE's shapes; the credentials (401, 403); unknown fixtures, records and stats
//! (404); malformed paths and queries (400).

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{Answer, authorized, credentials, get, send};
use fulltime_client::txline::api::{API_TOKEN_HEADER, StatRequest};
use fulltime_client::txline::json::{FixtureJson, ScoreRecordJson, StatValidationJson};
use fulltime_client::txline_interface::time::{epoch_day, hour_minute_of};
use fulltime_matches::catalog::{Catalog, Fixture, slot_start};
use serde_json::json;

fn catalog() -> &'static Catalog {
    Catalog::committed()
}

/// A fixture with a record of at least two stats, and that record.
fn proven_fixture() -> (&'static Fixture, u32, u32, u32) {
    let fixture = &catalog().fixtures()[0];
    let record = fixture.records.last().expect("a record");
    assert!(record.stats.len() >= 2, "a record of two stats at least");
    (
        fixture,
        record.seq,
        record.stats[0].key,
        record.stats[1].key,
    )
}

fn records(answer: &Answer) -> Vec<ScoreRecordJson> {
    serde_json::from_value(answer.body.clone()).expect("score records")
}

fn expected_records(fixture: &Fixture) -> Vec<ScoreRecordJson> {
    fixture
        .records
        .iter()
        .map(|record| ScoreRecordJson::encode(&record.to_score_record(fixture.fixture_id)))
        .collect()
}

/// `/api/scores/updates/{epochDay}/{hourOfDay}/{interval}` of the slot starting at `start`.
fn updates_path(start: i64) -> String {
    let (hour, minute) = hour_minute_of(start);
    let day = epoch_day(start).expect("a day the oracle files");
    format!("/api/scores/updates/{day}/{hour}/{}", minute / 5)
}

#[tokio::test]
async fn the_fixtures_snapshot_lists_every_fixture_of_the_catalog() {
    let answer = get("/api/fixtures/snapshot").await;
    assert_eq!(answer.status, StatusCode::OK);
    let expected: Vec<FixtureJson> = catalog().fixtures().iter().map(Fixture::to_json).collect();
    assert_eq!(answer.body, serde_json::to_value(&expected).expect("JSON"));
    let read: Vec<FixtureJson> = serde_json::from_value(answer.body).expect("fixtures");
    assert_eq!(read, expected);
}

#[tokio::test]
async fn history_and_snapshot_list_each_fixtures_records_in_sequence_order() {
    for fixture in catalog().fixtures() {
        let expected = expected_records(fixture);
        for path in ["historical", "snapshot"] {
            let answer = get(&format!("/api/scores/{path}/{}", fixture.fixture_id)).await;
            assert_eq!(answer.status, StatusCode::OK, "{path}: {}", answer.body);
            assert_eq!(
                records(&answer),
                expected,
                "{path} of {}",
                fixture.fixture_id
            );
            assert_eq!(answer.body[0]["Seq"], json!(fixture.records[0].seq));
        }
    }
}

#[tokio::test]
async fn updates_list_every_record_of_a_slot_in_time_order_and_filter_by_fixture() {
    let mut every_slot = 0;
    for slot in catalog().slots() {
        let mut expected: Vec<_> = catalog()
            .fixtures()
            .iter()
            .flat_map(|fixture| {
                fixture
                    .records
                    .iter()
                    .filter(|record| slot_start(record.ts) == slot.start)
                    .map(|record| record.to_score_record(fixture.fixture_id))
            })
            .collect();
        expected.sort_by_key(|record| (record.ts, record.fixture_id, record.seq));
        let expected: Vec<_> = expected.iter().map(ScoreRecordJson::encode).collect();
        assert!(!expected.is_empty(), "a slot has records");
        let answer = get(&updates_path(slot.start)).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        assert_eq!(records(&answer), expected);
        every_slot += expected.len();

        let one = expected[0].fixture_id;
        let filtered = get(&format!("{}?fixtureId={one}", updates_path(slot.start))).await;
        let of_one: Vec<_> = expected
            .iter()
            .filter(|record| record.fixture_id == one)
            .cloned()
            .collect();
        assert_eq!(records(&filtered), of_one);
    }
    let in_catalog: usize = catalog()
        .fixtures()
        .iter()
        .map(|fixture| fixture.records.len())
        .sum();
    assert_eq!(every_slot, in_catalog, "every record lies in one slot");

    // Before any match: a quiet slot is an empty list.
    let quiet = get("/api/scores/updates/20000/0/0").await;
    assert_eq!(quiet.status, StatusCode::OK);
    assert_eq!(quiet.body, json!([]));
}

#[tokio::test]
async fn a_stat_validation_is_the_catalogs_proof_of_one_stat_or_two() {
    let (fixture, seq, first, second) = proven_fixture();
    for stat_key2 in [None, Some(second)] {
        let request = StatRequest {
            fixture_id: fixture.fixture_id,
            seq,
            stat_key: first,
            stat_key2,
        };
        let mut uri = format!(
            "/api/scores/stat-validation?fixtureId={}&seq={seq}&statKey={first}",
            fixture.fixture_id
        );
        if let Some(second) = stat_key2 {
            uri.push_str(&format!("&statKey2={second}"));
        }
        let answer = get(&uri).await;
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        let proof = catalog().prove(request).expect("the catalog proves it");
        let expected = StatValidationJson::encode(&proof, Some(seq));
        assert_eq!(answer.body, serde_json::to_value(&expected).expect("JSON"));
        assert_eq!(answer.body["seq"], json!(seq));
        assert_eq!(
            answer.body.get("statToProve2").is_some(),
            stat_key2.is_some()
        );
    }
}

#[tokio::test]
async fn missing_credentials_are_401_and_name_the_header() {
    let credentials = credentials();
    let uri = "/api/fixtures/snapshot";
    let bearer = format!("Bearer {}", credentials.jwt);
    let cases: [(&[(&str, &str)], &str); 5] = [
        (&[], "Authorization"),
        (
            &[(API_TOKEN_HEADER, &credentials.api_token)],
            "Authorization",
        ),
        (
            &[
                ("Authorization", &format!("Basic {}", credentials.jwt)),
                (API_TOKEN_HEADER, &credentials.api_token),
            ],
            "Authorization",
        ),
        (&[("Authorization", &bearer)], API_TOKEN_HEADER),
        (
            &[("Authorization", &bearer), (API_TOKEN_HEADER, " ")],
            API_TOKEN_HEADER,
        ),
    ];
    for (headers, missing) in cases {
        let mut request = Request::get(uri);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        let answer = send(request.body(Body::empty()).expect("request")).await;
        assert_eq!(answer.status, StatusCode::UNAUTHORIZED, "{headers:?}");
        assert_eq!(answer.error_code(), "unauthorized");
        assert!(answer.message().contains(missing), "{}", answer.message());
        assert_eq!(answer.headers[header::WWW_AUTHENTICATE], "Bearer");
    }
}

#[tokio::test]
async fn credentials_not_the_servers_are_403_and_never_echoed() {
    let credentials = credentials();
    for (jwt, api_token) in [
        ("someone-elses-jwt", credentials.api_token.as_str()),
        (credentials.jwt.as_str(), "someone-elses-token"),
        ("someone-elses-jwt", "someone-elses-token"),
    ] {
        let request = Request::get("/api/scores/historical/1")
            .header(header::AUTHORIZATION, format!("Bearer {jwt}"))
            .header(API_TOKEN_HEADER, api_token)
            .body(Body::empty())
            .expect("request");
        let answer = send(request).await;
        assert_eq!(answer.status, StatusCode::FORBIDDEN);
        assert_eq!(answer.error_code(), "forbidden");
        let text = answer.body.to_string();
        assert!(!text.contains("someone-elses") && !text.contains(&credentials.jwt));
    }
}

#[tokio::test]
async fn unknown_fixtures_records_and_stats_are_404() {
    let (fixture, seq, first, second) = proven_fixture();
    let id = fixture.fixture_id;
    let unknown_fixture = catalog()
        .fixtures()
        .iter()
        .map(|fixture| fixture.fixture_id)
        .max()
        .expect("fixtures")
        + 1;
    let unknown_seq = fixture.records.last().expect("a record").seq + 1;
    let unknown_key = 9_999_999;
    let validation = |fixture_id: i64, seq: u32, key: u32, key2: Option<u32>| {
        let mut uri =
            format!("/api/scores/stat-validation?fixtureId={fixture_id}&seq={seq}&statKey={key}");
        if let Some(key2) = key2 {
            uri.push_str(&format!("&statKey2={key2}"));
        }
        uri
    };
    let cases = [
        (
            format!("/api/scores/historical/{unknown_fixture}"),
            "unknown_fixture",
        ),
        (
            format!("/api/scores/snapshot/{unknown_fixture}"),
            "unknown_fixture",
        ),
        (
            format!("/api/scores/updates/20589/15/10?fixtureId={unknown_fixture}"),
            "unknown_fixture",
        ),
        (
            validation(unknown_fixture, seq, first, None),
            "unknown_fixture",
        ),
        (validation(id, unknown_seq, first, None), "unknown_record"),
        (validation(id, seq, unknown_key, None), "unknown_stat"),
        (
            validation(id, seq, first, Some(unknown_key)),
            "unknown_stat",
        ),
        (
            validation(id, seq, unknown_key, Some(second)),
            "unknown_stat",
        ),
    ];
    for (uri, code) in cases {
        let answer = get(&uri).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}");
        assert_eq!(answer.error_code(), code, "{uri}: {}", answer.message());
    }
    let answer = get(&validation(id, unknown_seq, first, None)).await;
    assert_eq!(
        answer.message(),
        format!("fixture {id} has no record {unknown_seq}")
    );

    // An unknown endpoint is a 404 with or without credentials.
    for request in [
        authorized(Request::get("/api/scores/latest/1")),
        Request::get("/api/nothing")
            .body(Body::empty())
            .expect("request"),
    ] {
        let answer = send(request).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND);
        assert_eq!(answer.error_code(), "not_found");
    }
}

#[tokio::test]
async fn malformed_paths_and_queries_are_400() {
    let (fixture, seq, first, _) = proven_fixture();
    let id = fixture.fixture_id;
    let cases = [
        format!("/api/scores/stat-validation?fixtureId={id}&seq=0&statKey={first}"),
        format!("/api/scores/stat-validation?fixtureId={id}&seq={seq}"),
        format!("/api/scores/stat-validation?fixtureId=arsenal&seq={seq}&statKey={first}"),
        format!("/api/scores/stat-validation?fixtureId={id}&seq=-1&statKey={first}"),
        format!("/api/scores/stat-validation?fixtureId={id}&seq={seq}&statKey={first}&statKey2="),
        "/api/scores/stat-validation".to_owned(),
        "/api/scores/historical/arsenal".to_owned(),
        "/api/scores/snapshot/1.5".to_owned(),
        "/api/scores/updates/20589/24/0".to_owned(),
        "/api/scores/updates/20589/15/12".to_owned(),
        "/api/scores/updates/70000/15/0".to_owned(),
        "/api/scores/updates/20589/15/10?fixtureId=x".to_owned(),
    ];
    for uri in cases {
        let answer = get(&uri).await;
        assert_eq!(
            answer.status,
            StatusCode::BAD_REQUEST,
            "{uri}: {}",
            answer.body
        );
        assert_eq!(answer.error_code(), "bad_request", "{uri}");
    }
    let zero = get(&format!(
        "/api/scores/stat-validation?fixtureId={id}&seq=0&statKey={first}"
    ))
    .await;
    assert!(
        zero.message().contains("seq starts at 1"),
        "{}",
        zero.message()
    );
    let missing = get(&format!(
        "/api/scores/stat-validation?fixtureId={id}&seq={seq}"
    ))
    .await;
    assert!(
        missing.message().contains("statKey"),
        "{}",
        missing.message()
    );
}

#[tokio::test]
async fn only_gets_without_bodies_are_served() {
    let post = authorized(Request::post("/api/fixtures/snapshot"));
    let answer = send(post).await;
    assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(answer.error_code(), "method_not_allowed");

    let mut large = authorized(Request::get("/api/fixtures/snapshot"));
    large
        .headers_mut()
        .insert(header::CONTENT_LENGTH, 4096.into());
    let answer = send(large).await;
    assert_eq!(answer.status, StatusCode::PAYLOAD_TOO_LARGE);
    assert_eq!(answer.error_code(), "body_too_large");
}
