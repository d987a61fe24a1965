//! `fulltime timeline run PATH...` as a suite: the six shipped timelines in one command on one
//! node (a line each and the summary, exit 0); a planted failure reported with its step, its
//! expectation and both sides while the timelines after it still run (exit 1); a folder and a
//! file together; every bad file named with nothing run (exit 2), the loader's words for one; `--to` refused with several
//! timelines; `--json` lines that each parse; `--junit` XML that the schema CI tools read
//! accepts (`xmllint`, which `.ci/run` installs); no colour off a terminal or with `NO_COLOR`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use fulltime_matches::timeline::timelines_dir;
use fulltime_testkit::process::{binary_beside, timeline_parts_beside};
use serde_json::Value;

const SHIPPED: [&str; 6] = [
    "abandoned-match",
    "correction-in-dispute-window",
    "hostile-desk",
    "one-sided-pool",
    "pro-rata-payouts",
    "two-stat-markets",
];

fn fulltime() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fulltime"))
}

/// `fulltime ARGS... timeline run PATHS... `, its own node, faucet and TxLINE API built first
/// when missing; stdout is a pipe, so the text has no colour.
fn timeline_run(args: &[&str], paths: &[PathBuf]) -> Output {
    timeline_parts_beside(&fulltime()).expect("localnet, faucet and txline-api beside fulltime");
    let (global, run): (Vec<&str>, Vec<&str>) = args.iter().partition(|arg| **arg == "--json");
    Command::new(fulltime())
        .args(global)
        .args(["timeline", "run"])
        .args(run)
        .args(paths)
        .output()
        .expect("run fulltime")
}

fn shipped(name: &str) -> PathBuf {
    timelines_dir().join(format!("{name}.toml"))
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A folder of its own for one test, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Self {
        let dir =
            std::env::temp_dir().join(format!("fulltime-suite-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        Self(dir)
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, text).expect("write a file");
        path
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// pro-rata-payouts with bob's final balance one base unit off: fails at `claims`.
fn planted_failure() -> String {
    let text = std::fs::read_to_string(shipped("pro-rata-payouts")).expect("the shipped file");
    let changed = text.replace(
        "{ wallet = \"bob\", usdc = \"102.058823\" }",
        "{ wallet = \"bob\", usdc = \"102.058824\" }",
    );
    assert_ne!(changed, text, "the balance to change is in the file");
    changed
}

#[test]
fn the_six_shipped_timelines_pass_in_one_command() {
    let paths: Vec<PathBuf> = SHIPPED.iter().map(|name| shipped(name)).collect();
    let output = timeline_run(&[], &paths);
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}{output:?}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "running 6 timelines", "{text}");
    for (line, name) in lines[1..7].iter().zip(SHIPPED) {
        assert!(line.starts_with(&format!("✓ {name}  ")), "{text}");
        assert!(line.contains(" steps, ") && line.ends_with(" s"), "{line}");
    }
    // The summary, then what the six reached of what a timeline can reach.
    let summary = lines[lines.len() - 2];
    assert!(summary.starts_with("6 passed, 0 failed, "), "{text}");
    let coverage = lines[lines.len() - 1];
    assert!(coverage.starts_with("coverage: "), "{text}");
    assert!(
        coverage.ends_with(", 6/6 stages, 5/5 transitions"),
        "{text}"
    );
    assert!(!text.contains('\x1b'), "no colour into a pipe: {text:?}");
}

/// A failure is a ✗ and a section; the suite goes on; a folder is its files sorted; the JUnit
/// file validates against the schema with the failure in it.
#[test]
fn a_planted_failure_is_reported_and_the_rest_still_run() {
    let scratch = Scratch::new("planted");
    let folder = scratch.0.join("folder");
    std::fs::create_dir_all(&folder).expect("a folder");
    let one_sided = std::fs::read_to_string(shipped("one-sided-pool")).expect("a timeline");
    std::fs::write(folder.join("b-changed.toml"), planted_failure()).expect("write");
    std::fs::write(folder.join("a-one-sided.toml"), &one_sided).expect("write");
    std::fs::write(folder.join("notes.md"), "not a timeline").expect("write");
    let junit = scratch.0.join("junit.xml");
    let junit_arg = junit.to_string_lossy().into_owned();
    let output = timeline_run(
        &["--junit", &junit_arg],
        &[folder.clone(), shipped("abandoned-match")],
    );
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(1), "{text}{output:?}");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "running 3 timelines", "{text}");
    assert!(lines[1].starts_with("✓ a-one-sided  6 steps, "), "{text}");
    assert!(
        lines[2].starts_with("✗ b-changed  5 of 6 steps, "),
        "{text}"
    );
    assert!(lines[3].starts_with("✓ abandoned-match  "), "{text}");
    let failures = text.split("failures:").nth(1).expect("a failures section");
    for expected in [
        "---- b-changed (",
        "step:        claims at 2026-05-16T15:52:15Z",
        "expectation: bob holds",
        "expected:    102.058824 USDC",
        "actual:      102.058823 USDC",
    ] {
        assert!(failures.contains(expected), "{expected} in {text}");
    }
    assert!(
        lines[lines.len() - 2].starts_with("2 passed, 1 failed, "),
        "{text}"
    );
    validates(&junit);
    let xml = std::fs::read_to_string(&junit).expect("the JUnit file");
    assert_eq!(xml.matches("<testcase ").count(), 3, "{xml}");
    assert_eq!(xml.matches("<failure ").count(), 1, "{xml}");
    assert!(xml.contains("tests=\"3\" failures=\"1\""), "{xml}");
}

/// `xmllint --schema tests/junit.xsd FILE` accepts it (and refuses it with a required part cut).
fn validates(file: &Path) {
    let schema = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/junit.xsd");
    let xmllint = |file: &Path| {
        Command::new("xmllint")
            .arg("--noout")
            .arg("--schema")
            .arg(&schema)
            .arg(file)
            .output()
            .expect(
                "xmllint, from libxml2-utils (.ci/run installs it: apt-get install libxml2-utils)",
            )
    };
    let checked = xmllint(file);
    assert!(checked.status.success(), "{checked:?}");
    let cut = file.with_extension("cut.xml");
    let xml = std::fs::read_to_string(file).expect("the JUnit file");
    std::fs::write(&cut, xml.replace("    <system-err/>\n", "")).expect("write");
    assert!(
        !xmllint(&cut).status.success(),
        "the schema holds the shape"
    );
}

#[test]
fn every_file_that_does_not_load_is_named_and_nothing_runs() {
    let scratch = Scratch::new("bad");
    let first = scratch.write("first.toml", "match = ");
    let second = scratch.write(
        "second.toml",
        "match = \"arsenal-home-goals-over-1\"\n[wallets]\nalice = { sol = 2, usdc = \"1\" }\n\
         [[step]]\nname = \"s\"\nat = \"kickoff\"\ndo = [{ claim = { wallet = \"zoe\", market = \"m\" } }]\n",
    );
    let output = timeline_run(
        &[],
        &[first.clone(), shipped("pro-rata-payouts"), second.clone()],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    for file in [&first, &second] {
        assert!(stderr.contains(&*file.to_string_lossy()), "{stderr}");
    }
    assert!(stderr.contains("zoe"), "{stderr}");
    assert_eq!(stderr.matches("InvalidTimeline").count(), 2, "{stderr}");
    assert!(output.stdout.is_empty(), "nothing ran: {}", stdout(&output));

    let json = timeline_run(&["--json"], &[first, second]);
    assert_eq!(json.status.code(), Some(2));
    let events = json_lines(&json);
    assert_eq!(events.len(), 2, "{events:?}");
    assert!(
        events.iter().all(|event| event["event"] == "not_loaded"),
        "{events:?}"
    );
}

#[test]
fn to_and_snapshot_take_one_timeline() {
    let paths = [shipped("pro-rata-payouts"), shipped("one-sided-pool")];
    let output = timeline_run(&["--to", "stakes"], &paths);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("OneTimelineOnly"), "{stderr}");
    assert!(stderr.contains("the paths name 2"), "{stderr}");
    assert!(output.stdout.is_empty());
}

fn json_lines(output: &Output) -> Vec<Value> {
    stdout(output)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|error| panic!("{error}: {line}")))
        .collect()
}

#[test]
fn json_streams_one_object_per_event() {
    let scratch = Scratch::new("json");
    let changed = scratch.write("changed.toml", &planted_failure());
    let output = timeline_run(&["--json"], &[changed, shipped("one-sided-pool")]);
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let events = json_lines(&output);
    let kinds: Vec<&str> = events
        .iter()
        .filter_map(|event| event["event"].as_str())
        .collect();
    let mut expected = vec!["timeline"];
    expected.extend(["step"; 5]);
    expected.extend(["finished", "timeline"]);
    expected.extend(["step"; 6]);
    expected.extend(["finished", "summary"]);
    assert_eq!(kinds, expected);
    let first = &events[6];
    assert_eq!(first["name"], "changed");
    assert_eq!(first["passed"], false);
    assert_eq!(first["run"]["failure"]["step"], "claims");
    let summary = &events[events.len() - 1];
    assert_eq!(
        (summary["passed"].as_u64(), summary["failed"].as_u64()),
        (Some(1), Some(1))
    );
    // The one-sided pool's refunds, counted in the summary's coverage.
    let refund = summary["coverage"]["actions"]
        .as_array()
        .and_then(|actions| actions.iter().find(|action| action["kind"] == "refund"))
        .expect("refunds in the coverage");
    assert_ne!(refund["done"], 0, "{summary}");
}

#[test]
fn no_colour_with_no_color_set() {
    binary_beside(&fulltime()).expect("localnet beside fulltime");
    let output = Command::new(fulltime())
        .env("NO_COLOR", "1")
        .args(["timeline", "run"])
        .arg(shipped("one-sided-pool"))
        .output()
        .expect("run fulltime");
    let text = stdout(&output);
    assert_eq!(output.status.code(), Some(0), "{text}");
    assert!(text.contains("✓ one-sided-pool"), "{text}");
    assert!(!text.contains('\x1b'), "{text:?}");
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

/// `--url` on a running localnet: several timelines, each from the checkpoint kept before the
/// first (so the second, whose first step is earlier than where the first left the clock, still
/// plays); the chain is left where the last ended, so the same suite is then refused there.
#[test]
fn url_runs_several_timelines_from_one_checkpoint_on_a_running_localnet() {
    let binary = binary_beside(&fulltime()).expect("localnet beside fulltime");
    let node = fulltime_testkit::process::LocalnetProcess::start(&binary, "suite-url")
        .expect("localnet ready");
    let wallet = node.wallet_path().to_string_lossy().into_owned();
    let state_dir = node.state_dir().to_string_lossy().into_owned();
    let run = || {
        Command::new(fulltime())
            .args(["--json", "--url", "localnet", "--keypair", &wallet])
            .args(["--state-dir", &state_dir, "timeline", "run"])
            .arg(shipped("pro-rata-payouts"))
            .arg(shipped("one-sided-pool"))
            .output()
            .expect("run fulltime")
    };
    let first = run();
    let events = json_lines(&first);
    assert_eq!(first.status.code(), Some(0), "{events:?}");
    let passed: Vec<&Value> = events
        .iter()
        .filter(|event| event["event"] == "finished")
        .map(|event| &event["passed"])
        .collect();
    assert_eq!(passed, [true, true], "{events:?}");

    let again = run();
    assert_eq!(again.status.code(), Some(2), "{again:?}");
    assert!(stdout(&again).contains("ClockPastTimeline"), "{again:?}");
}
