//! `fulltime timeline fuzz` end to end, on the `localnet` it starts beside `fulltime`: seeded
//! match days agree with the model over a run, and a wrong prediction planted in the model (the
//! tests' build reads FULLTIME_FUZZ_PLANT) is found, shrunk to a few steps and written as a
//! timeline file that `timeline run` fails on the same way.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use fulltime_testkit::process::timeline_parts_beside;
use serde_json::Value;

fn fulltime() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fulltime"))
}

/// `localnet`, `faucet` and `txline-api` beside `fulltime`, built when missing.
fn parts_built() {
    timeline_parts_beside(&fulltime()).expect("localnet, faucet and txline-api beside fulltime");
}

/// A state directory of the test's own, emptied first.
fn state_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fulltime-fuzz-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a state directory");
    dir
}

fn fuzz(state_dir: &Path, seed: &str, runs: &str, planted: Option<&str>) -> Output {
    parts_built();
    let mut command = Command::new(fulltime());
    command
        .arg("--json")
        .arg("--state-dir")
        .arg(state_dir)
        .args(["timeline", "fuzz", "--seed", seed, "--runs", runs])
        .env_remove("FULLTIME_FUZZ_PLANT");
    if let Some(planted) = planted {
        command.env("FULLTIME_FUZZ_PLANT", planted);
    }
    command.output().expect("run fulltime")
}

fn document(bytes: &[u8], output: &Output) -> Value {
    serde_json::from_slice(bytes).unwrap_or_else(|error| {
        panic!(
            "{error}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

#[test]
fn seeded_match_days_go_as_the_model_predicts() {
    let dir = state_dir("clean");
    let output = fuzz(&dir, "7", "20", None);
    let report = document(&output.stdout, &output);
    assert_eq!(output.status.code(), Some(0), "{report:#}");
    assert_eq!(report["played"], 20, "{report:#}");
    assert!(report["divergence"].is_null(), "{report:#}");
    assert!(
        report["actions"].as_u64().expect("actions") > 20,
        "{report:#}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_planted_wrong_payout_shrinks_to_a_file_that_fails_the_same_way() {
    let dir = state_dir("planted");
    let output = fuzz(&dir, "1", "100", Some("winner-paid-one-more"));
    let report = document(&output.stdout, &output);
    assert_eq!(output.status.code(), Some(1), "{report:#}");
    let found = &report["divergence"];
    let kind = found["kind"].as_str().expect("a kind");
    assert!(
        [
            "expectation of a balance",
            "expectation of what a position pays"
        ]
        .contains(&kind),
        "{report:#}"
    );
    let steps = found["shrunk"]["steps"].as_u64().expect("steps");
    assert!(steps <= 5, "shrunk to {steps} steps: {report:#}");
    assert!(
        steps <= found["drawn"]["steps"].as_u64().expect("steps"),
        "{report:#}"
    );
    assert!(found["shrink_ms"].as_u64().is_some(), "{report:#}");
    assert_eq!(found["replayed"], true, "{report:#}");
    let file = PathBuf::from(found["file"].as_str().expect("a file"));
    assert!(
        file.starts_with(dir.join("timelines")),
        "{} is in the state directory's timelines/",
        file.display()
    );

    // The file carries the wrong prediction: a plain run (nothing planted) fails on it as the
    // fuzz did.
    let replay = Command::new(fulltime())
        .arg("--json")
        .arg("--state-dir")
        .arg(&dir)
        .args(["timeline", "run"])
        .arg(&file)
        .env_remove("FULLTIME_FUZZ_PLANT")
        .output()
        .expect("run fulltime");
    assert_eq!(replay.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&replay.stdout);
    let finished = stdout
        .lines()
        .map(|line| document(line.as_bytes(), &replay))
        .find(|event| event["event"] == "finished")
        .unwrap_or_else(|| panic!("no finished event: {stdout}"));
    let failure = &finished["run"]["failure"];
    let cause = format!(
        "step {}: expected {}, happened {}",
        failure["step"].as_str().expect("a step"),
        failure["expected"].as_str().expect("expected"),
        failure["happened"].as_str().expect("happened"),
    );
    assert_eq!(cause, found["cause"].as_str().expect("a cause"), "{stdout}");
    let _ = std::fs::remove_dir_all(dir);
}
