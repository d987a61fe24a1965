//! `just soak`'s violations as timelines: a wrong prediction planted in the model (`soak
//! --plant`) is found in process, shrunk, and written as a timeline file with its proof files,
//! which `fulltime timeline run` plays on a localnet of its own and fails on the same way,
//! nothing planted there; and lifecycles that agree with the model, written the same way, play
//! green there: what the writer writes is what the program does.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use fulltime_client::amount::parse_usdc;
use fulltime_harness::lifecycle::{SplitMix64, random_lifecycle, run_recorded, write_timeline};
use fulltime_localnet::native::FalsePredicate;
use fulltime_testkit::process::{
    stdout_json_lines, timeline_parts_beside, workspace_binary_beside,
};
use serde_json::Value;

fn soak() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_soak"))
}

/// `fulltime`, with the `localnet`, `faucet` and `txline-api` it starts, built when missing.
fn fulltime() -> PathBuf {
    let fulltime =
        workspace_binary_beside(&soak(), "fulltime-tui", "fulltime").expect("fulltime built");
    timeline_parts_beside(&fulltime).expect("localnet, faucet and txline-api beside fulltime");
    fulltime
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fulltime-soak-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    dir
}

fn text(output: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    )
}

/// The first event `name` of a `--json` run.
fn event(output: &Output, name: &str) -> Value {
    stdout_json_lines(output)
        .into_iter()
        .find(|event| event["event"] == name)
        .unwrap_or_else(|| panic!("no {name} event: {}", text(output)))
}

/// The path after `written as a timeline: ` in soak's report.
fn written_timeline(report: &str) -> PathBuf {
    let line = report
        .lines()
        .find_map(|line| line.strip_prefix("written as a timeline: "))
        .unwrap_or_else(|| panic!("no timeline written: {report}"));
    let path = line.split(" (").next().expect("a path");
    PathBuf::from(path)
}

fn step_names(timeline: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(timeline).expect("the timeline");
    let file: toml::Value = toml::from_str(&text).expect("TOML");
    file["step"]
        .as_array()
        .expect("steps")
        .iter()
        .map(|step| step["name"].as_str().expect("a name").to_owned())
        .collect()
}

#[test]
fn a_planted_wrong_payout_is_written_as_a_timeline_that_fails_the_same_way() {
    let dir = temp_dir("planted");
    let output = Command::new(soak())
        .args(["--seed", "1", "--lifecycles", "20", "--jobs", "1"])
        .args(["--plant", "winner-paid-one-more", "--out"])
        .arg(&dir)
        .output()
        .expect("run soak");
    let report = String::from_utf8_lossy(&output.stderr).into_owned();
    assert_eq!(output.status.code(), Some(1), "{report}");
    let timeline = written_timeline(&report);
    assert!(timeline.starts_with(&dir), "{}", timeline.display());
    let steps = step_names(&timeline);
    assert!(
        steps.len() <= 8,
        "shrunk to {} steps: {steps:?}\n{report}",
        steps.len()
    );
    let last = steps.last().expect("a step");
    assert!(last.contains("claims from"), "{steps:?}");
    let proofs = std::fs::read_dir(timeline.with_extension("").with_file_name(format!(
        "{}-proofs",
        timeline.file_stem().expect("a stem").to_string_lossy()
    )))
    .expect("the proof files' folder")
    .count();
    assert!(proofs >= 1, "a settle takes a proof file");

    // The file carries the wrong prediction: a localnet (nothing planted) pays the winner its
    // share, and the step's balance expectation says one unit more.
    let state_dir = temp_dir("replay");
    let replay = Command::new(fulltime())
        .arg("--json")
        .arg("--state-dir")
        .arg(&state_dir)
        .args(["timeline", "run"])
        .arg(&timeline)
        .env_remove("FULLTIME_FUZZ_PLANT")
        .output()
        .expect("run fulltime");
    assert_eq!(replay.status.code(), Some(1), "{}", text(&replay));
    let finished = event(&replay, "finished");
    let failure = &finished["run"]["failure"];
    assert_eq!(failure["step"], last.as_str(), "{finished:#}");
    // `w3 holds 2305843009213.693953 USDC` against `2305843009213.693952 USDC`.
    let usdc = |text: &str| {
        let amount = text
            .trim_end_matches(" USDC")
            .rsplit(' ')
            .next()
            .expect("an amount");
        parse_usdc(amount).unwrap_or_else(|error| panic!("{text}: {error}"))
    };
    let expected = failure["expected"].as_str().expect("expected");
    let happened = failure["happened"].as_str().expect("happened");
    assert!(expected.contains(" holds "), "{finished:#}");
    assert_eq!(usdc(expected), usdc(happened) + 1, "{finished:#}");
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(state_dir);
}

#[test]
fn lifecycles_that_agree_with_the_model_written_as_timelines_play_green_on_a_localnet() {
    let dir = temp_dir("agreeing");
    let mut written = 0;
    for seed in 1..=16 {
        let (_, steps) = random_lifecycle(&mut SplitMix64::new(seed));
        let (run, sent) = run_recorded(FalsePredicate::ReturnFalse, None, &steps);
        assert!(run.is_ok(), "seed {seed}: {run:?}");
        // Some lifecycles hold what no timeline can say (a planted market, a forged second
        // stat); the writer names it and writes nothing.
        if write_timeline(&sent, &dir, &format!("seed-{seed}"), "").is_ok() {
            written += 1;
        }
    }
    assert!(written >= 8, "only {written} of 16 lifecycles written");

    let state_dir = temp_dir("agreeing-replay");
    let replay = Command::new(fulltime())
        .arg("--json")
        .arg("--state-dir")
        .arg(&state_dir)
        .args(["timeline", "run"])
        .arg(&dir)
        .output()
        .expect("run fulltime");
    let summary = event(&replay, "summary");
    assert_eq!(replay.status.code(), Some(0), "{}", text(&replay));
    assert_eq!(summary["passed"], written, "{summary:#}");
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(state_dir);
}
