//! `fulltime timeline coverage` end to end on the shipped folder: every settlement error of the
//! catalog is either reached, by a named timeline and step, or comes with why no timeline can
//! reach it, and what it says cannot be reached is indeed reached by none; every market stage
//! is visited. A timeline that fails still counts up to its failure, and makes the exit 1.

use std::path::PathBuf;
use std::process::{Command, Output};

use fulltime_matches::timeline::timelines_dir;
use fulltime_testkit::process::{stdout_json, timeline_parts_beside};
use serde_json::Value;

fn fulltime() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fulltime"))
}

fn coverage(paths: &[PathBuf], json: bool) -> Output {
    timeline_parts_beside(&fulltime()).expect("localnet, faucet and txline-api beside fulltime");
    let mut command = Command::new(fulltime());
    if json {
        command.arg("--json");
    }
    command
        .args(["timeline", "coverage"])
        .args(paths)
        .output()
        .expect("run fulltime")
}

#[test]
fn every_settlement_error_is_reached_by_a_shipped_timeline_or_says_why_none_can() {
    let output = coverage(&[timelines_dir()], true);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let coverage = stdout_json(&output);
    let errors = coverage["errors"].as_array().expect("errors");
    let settlement: Vec<&Value> = errors
        .iter()
        .filter(|error| error["program"] == "settlement")
        .collect();
    assert_eq!(
        settlement.len(),
        fulltime_client::errors::SETTLEMENT_ERRORS.len()
    );
    for error in &settlement {
        let reached = error["reached_by"].as_array().expect("reached_by");
        let why = error["unreachable"].as_str();
        match (reached.first(), why) {
            (Some(place), None) => {
                assert!(place["timeline"].as_str().is_some_and(|t| !t.is_empty()));
                assert!(place["step"].as_str().is_some_and(|s| !s.is_empty()));
            }
            (None, Some(why)) => assert!(!why.is_empty()),
            (Some(_), Some(why)) => {
                panic!("{} is reached, yet said unreachable: {why}", error["name"])
            }
            (None, None) => panic!("{} is reached by no shipped timeline", error["name"]),
        }
    }
    // An oracle error said unreachable is reached by none, either.
    for error in errors.iter().filter(|error| error["program"] == "oracle") {
        if error["unreachable"].is_string() {
            assert_eq!(error["reached_by"], Value::Array(Vec::new()), "{error}");
        }
    }
    for stage in coverage["stages"].as_array().expect("stages") {
        assert_ne!(stage["by"], Value::Array(Vec::new()), "{stage}");
    }
}

#[test]
fn a_failing_timeline_counts_up_to_its_failure_and_the_exit_is_1() {
    let dir = std::env::temp_dir().join(format!("fulltime-coverage-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let original = std::fs::read_to_string(timelines_dir().join("pro-rata-payouts.toml"))
        .expect("shipped timeline");
    // The late stake is expected to go through: the chain refuses it, and the run stops there.
    let planted = original.replacen(", fails = \"MarketClosed\"", "", 1);
    assert_ne!(planted, original, "the planted change applies");
    let file = dir.join("planted.toml");
    std::fs::write(&file, planted).expect("write the planted timeline");
    let output = coverage(&[file], false);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        text.contains("1 stopped at an unexpected result, counted up to it: planted\n"),
        "{text}"
    );
    assert!(
        text.contains("  ✓ MarketClosed               planted › late stake\n"),
        "{text}"
    );
    assert!(
        text.contains("  ✗ AlreadyClaimed             not reached\n"),
        "{text}"
    );
}
