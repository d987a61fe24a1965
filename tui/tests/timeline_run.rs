//! `fulltime timeline run` end to end: the binary starts the `localnet` beside it (built first when
//! missing), plays every shipped timeline green with the invariants held after every step, stops
//! at a changed balance naming the step and the wallet, and starts nothing for a file that does
//! not load.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use fulltime_proof_files::timeline::{load, timelines_dir};
use fulltime_testkit::process::binary_beside;
use serde_json::Value;

fn fulltime() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fulltime"))
}

fn run(file: &Path) -> Output {
    binary_beside(&fulltime()).expect("localnet beside fulltime");
    Command::new(fulltime())
        .args(["--json", "timeline", "run"])
        .arg(file)
        .output()
        .expect("run fulltime")
}

fn document(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "{error}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// Every file of the timelines folder: a timeline that ships is one that runs green.
#[test]
fn the_shipped_timelines_run_green() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(timelines_dir())
        .expect("the timelines folder")
        .map(|entry| entry.expect("a folder entry").path())
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "toml")
        })
        .collect();
    files.sort();
    let names: Vec<String> = files
        .iter()
        .filter_map(|file| file.file_stem()?.to_str().map(str::to_owned))
        .collect();
    for shipped in [
        "pro-rata-payouts",
        "correction-in-dispute-window",
        "abandoned-match",
        "one-sided-pool",
        "two-stat-markets",
        "hostile-desk",
    ] {
        assert!(
            names.iter().any(|name| name == shipped),
            "{shipped} in {names:?}"
        );
    }
    for file in &files {
        let name = file.display();
        let output = run(file);
        let run = document(&output);
        assert_eq!(output.status.code(), Some(0), "{name}: {run}");
        assert_eq!(run["failure"], Value::Null, "{name}");
        // Every step of the file ran.
        let steps = load(file).map(|timeline| timeline.steps.len()).ok();
        assert_eq!(run["steps"].as_array().map(Vec::len), steps, "{name}");
        let steps = run["steps"].as_array().into_iter().flatten();
        for step in steps {
            assert_eq!(step["invariants_held"], true, "{name}: {step}");
        }
    }
}

#[test]
fn a_changed_balance_stops_the_run_naming_its_step_and_wallet() {
    let text = std::fs::read_to_string(timelines_dir().join("pro-rata-payouts.toml"))
        .expect("the shipped timeline");
    let changed = text.replace(
        "{ wallet = \"bob\", usdc = \"102.058823\" }",
        "{ wallet = \"bob\", usdc = \"102.058824\" }",
    );
    assert_ne!(changed, text, "the balance to change is in the file");
    let dir = std::env::temp_dir().join(format!("fulltime-timeline-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("changed.toml");
    std::fs::write(&file, changed).expect("write the copy");
    let output = run(&file);
    std::fs::remove_dir_all(&dir).expect("clean up");
    let run = document(&output);
    assert_eq!(output.status.code(), Some(1), "{run}");
    let failure = &run["failure"];
    assert_eq!(failure["step"], "claims");
    assert_eq!(failure["expected"], "bob holds 102.058824 USDC");
    assert_eq!(failure["happened"], "102.058823 USDC");
    // The steps before ran, and the failing one is the last.
    assert_eq!(run["steps"].as_array().map(Vec::len), Some(5));
}

#[test]
fn a_file_that_does_not_load_sends_nothing_and_says_why() {
    let dir = std::env::temp_dir().join(format!("fulltime-timeline-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("bad.toml");
    std::fs::write(
        &file,
        "match = \"arsenal-home-goals-over-1\"\n[wallets]\nalice = { sol = 2, usdc = \"1\" }\n\
         [[step]]\nname = \"s\"\nat = \"kickoff\"\ndo = [{ claim = { wallet = \"zoe\", market = \"m\" } }]\n",
    )
    .expect("write the file");
    let output = Command::new(fulltime())
        .args(["timeline", "run"])
        .arg(&file)
        .output()
        .expect("run fulltime");
    std::fs::remove_dir_all(&dir).expect("clean up");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("InvalidTimeline"), "{stderr}");
    assert!(stderr.contains("zoe"), "{stderr}");
    // Nothing started: no step ran, so nothing was printed on stdout.
    assert!(output.stdout.is_empty());
}

/// The READMEs show real runs: the block after each `<!-- output: fulltime timeline run FILE -->`
/// comment is what the command prints, line for line. The time column is left out of the
/// comparison: a step counted `+1s` from the step before prints the clock, which a slow machine
/// may have moved on.
#[test]
fn the_readmes_show_what_a_run_prints() {
    const MARKER: &str = "<!-- output: fulltime timeline run ";
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let without_time = |text: &str| -> Vec<String> {
        text.lines()
            .map(|line| match line.split_once("Z  ") {
                Some((time, rest)) if time.len() == 19 => rest.to_owned(),
                _ => line.to_owned(),
            })
            .collect()
    };
    binary_beside(&fulltime()).expect("localnet beside fulltime");
    let mut shown_runs = 0;
    for readme in ["README.md", "tui/README.md"] {
        let text = std::fs::read_to_string(root.join(readme)).expect(readme);
        for (_, after) in text.match_indices(MARKER).map(|(at, _)| text.split_at(at)) {
            let after = &after[MARKER.len()..];
            let (file, after) = after.split_once(" -->").expect("the comment's end");
            let shown = after.split("```").nth(1).expect("a fenced block after it");
            let output = Command::new(fulltime())
                .args(["timeline", "run"])
                .arg(file)
                .current_dir(&root)
                .output()
                .expect("run fulltime");
            assert_eq!(output.status.code(), Some(0), "{readme}: {output:?}");
            let printed = String::from_utf8_lossy(&output.stdout);
            assert_eq!(
                without_time(shown.trim()),
                without_time(printed.trim()),
                "{readme}, {file}"
            );
            shown_runs += 1;
        }
    }
    assert!(shown_runs >= 2, "{shown_runs} runs shown");
}
