//! `fulltime timeline run` end to end: the binary starts the `localnet` beside it (built first when
//! missing), plays the shipped folder as one suite, every timeline green with the invariants held
//! after every step (`--json`'s events), and stops at a changed balance naming the step and the
//! wallet (a file that does not load: `timeline_suite.rs`; the READMEs' runs:
//! `timeline_readme.rs`). `--to` leaves its node running at the step with the wallets in its book,
//! `--snapshot` saves a chain `localnet --snapshot NAME` loads, `--url` plays on a running node
//! once and then refuses it, its clock being past the first step; a `faucet` action asks the
//! run's own faucet.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use fulltime_client::time::format_time;
use fulltime_files::snapshot::{ChainSnapshot, ProgramBuild, named_path};
use fulltime_matches::timeline::{load, timelines_dir};
use fulltime_testkit::process::{
    LocalnetProcess, binary_beside, stdout_json, stdout_json_lines, timeline_parts_beside,
    timeline_run_json,
};
use serde_json::Value;

fn fulltime() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fulltime"))
}

/// `localnet`, `faucet` and `txline-api` beside `fulltime`, built when missing.
fn parts_built() {
    timeline_parts_beside(&fulltime()).expect("localnet, faucet and txline-api beside fulltime");
}

fn run(file: &Path) -> Output {
    timeline_run_json(&fulltime(), file)
}

/// Each line of a `--json` run, every one an object on its own.
fn events(output: &Output) -> Vec<Value> {
    stdout_json_lines(output)
}

/// The whole run of a one-timeline `--json` run: its `finished` event's.
fn finished(output: &Output) -> Value {
    let events = events(output);
    let finished = events.iter().find(|event| event["event"] == "finished");
    finished.map_or_else(
        || panic!("no finished event: {events:?}"),
        |event| event["run"].clone(),
    )
}

/// Every file of the timelines folder, in one suite: a timeline that ships is one that runs
/// green, each from the same clean state.
#[test]
fn the_shipped_timelines_run_green() {
    let output = run(&timelines_dir());
    let events = events(&output);
    assert_eq!(output.status.code(), Some(0), "{events:?}");
    let runs: Vec<&Value> = events
        .iter()
        .filter(|event| event["event"] == "finished")
        .map(|event| &event["run"])
        .collect();
    let names: Vec<String> = runs
        .iter()
        .filter_map(|run| {
            let file = Path::new(run["file"].as_str()?);
            file.file_stem()?.to_str().map(str::to_owned)
        })
        .collect();
    for shipped in [
        "pro-rata-payouts",
        "correction-in-dispute-window",
        "abandoned-match",
        "one-sided-pool",
        "two-stat-markets",
        "hostile-desk",
        "bad-market-terms",
        "refused-deposits",
        "refused-proofs",
        "oracle-refusals",
    ] {
        assert!(
            names.iter().any(|name| name == shipped),
            "{shipped} in {names:?}"
        );
    }
    for run in runs {
        let name = run["file"].as_str().unwrap_or_default();
        assert_eq!(run["failure"], Value::Null, "{name}");
        // Every step of the file ran.
        let steps = load(Path::new(name))
            .map(|timeline| timeline.steps.len())
            .ok();
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
    let run = finished(&output);
    assert_eq!(output.status.code(), Some(1), "{run}");
    let failure = &run["failure"];
    assert_eq!(failure["step"], "claims");
    assert_eq!(failure["expected"], "bob holds 102.058824 USDC");
    assert_eq!(failure["happened"], "102.058823 USDC");
    // The steps before ran, and the failing one is the last.
    assert_eq!(run["steps"].as_array().map(Vec::len), Some(5));
}

fn pro_rata() -> PathBuf {
    timelines_dir().join("pro-rata-payouts.toml")
}

/// `fulltime --json --state-dir STATE_DIR ARGS...`.
fn fulltime_in(state_dir: &Path, args: &[&str]) -> Output {
    parts_built();
    Command::new(fulltime())
        .arg("--json")
        .arg("--state-dir")
        .arg(state_dir)
        .args(args)
        .output()
        .expect("run fulltime")
}

/// The test USDC of `keypair` (a path or a name of the book) on the node of `state_dir`.
fn usdc(state_dir: &Path, keypair: &str) -> Value {
    let output = fulltime_in(state_dir, &["--keypair", keypair, "balance"]);
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    stdout_json(&output)["usdc"].clone()
}

/// A node `--to` left running with its faucet: both stopped and the node's directory removed
/// however the test ends.
struct LeftNode {
    pid: String,
    faucet_pid: String,
    txline_pid: String,
    state_dir: PathBuf,
}

impl Drop for LeftNode {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args([&self.pid, &self.faucet_pid, &self.txline_pid])
            .status();
        // The node writes its chain as it stops: remove the directory once it is gone.
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline
            && Command::new("kill")
                .args(["-0", &self.pid])
                .stderr(std::process::Stdio::null())
                .status()
                .is_ok_and(|status| status.success())
        {
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = std::fs::remove_dir_all(&self.state_dir);
    }
}

#[test]
fn to_leaves_the_node_running_at_the_step_and_snapshot_saves_it_where_localnet_loads_it() {
    let user_dir =
        std::env::temp_dir().join(format!("fulltime-timeline-to-{}", std::process::id()));
    std::fs::create_dir_all(&user_dir).expect("a directory");
    let file = pro_rata();
    let file_text = file.to_string_lossy();
    let output = fulltime_in(
        &user_dir,
        &[
            "timeline",
            "run",
            &file_text,
            "--to",
            "late stake",
            "--snapshot",
            "late-stake",
        ],
    );
    let run = finished(&output);
    let node = &run["node"];
    let left = LeftNode {
        pid: node["pid"].to_string(),
        faucet_pid: node["faucet_pid"].to_string(),
        txline_pid: node["txline_pid"].to_string(),
        state_dir: PathBuf::from(node["state_dir"].as_str().unwrap_or_default()),
    };
    assert_eq!(output.status.code(), Some(0), "{run}");
    let steps: Vec<&str> = run["steps"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|step| step["name"].as_str())
        .collect();
    assert_eq!(steps, ["stakes", "late stake"]);
    assert_eq!(
        node["wallets"],
        serde_json::json!(["alice", "bob", "carol"])
    );
    let dir = left.state_dir.to_string_lossy().into_owned();
    let faucet_url = node["faucet_url"].as_str().unwrap_or_default();
    let txline_url = node["txline_url"].as_str().unwrap_or_default();
    assert_eq!(
        node["dashboard"],
        format!("fulltime --state-dir {dir} --faucet-url {faucet_url} --txline-url {txline_url}")
    );
    assert!(
        node["rpc_url"]
            .as_str()
            .is_some_and(|url| url.starts_with("http://"))
    );

    // fulltime has exited; its node answers with the step's state, the wallets by name.
    assert_eq!(usdc(&left.state_dir, "alice"), 90_000_000);
    assert_eq!(usdc(&left.state_dir, "carol"), 95_000_000);
    // And its faucet serves them.
    let granted = fulltime_in(
        &left.state_dir,
        &["--keypair", "bob", "faucet", "--faucet-url", faucet_url],
    );
    assert_eq!(granted.status.code(), Some(0), "{granted:?}");
    assert_eq!(usdc(&left.state_dir, "bob"), 93_000_000 + 100_000_000);
    // And its TxLINE API answers with the credentials it keeps in the node's directory.
    let fixtures = fulltime_in(
        &left.state_dir,
        &["--txline-url", txline_url, "txline", "fixtures"],
    );
    assert_eq!(fixtures.status.code(), Some(0), "{fixtures:?}");
    assert!(
        stdout_json(&fixtures)["fixtures"]
            .as_array()
            .is_some_and(|fixtures| !fixtures.is_empty()),
        "{fixtures:?}"
    );

    // The snapshot is where `localnet --snapshot late-stake` of the user's directory looks.
    let path = named_path(&user_dir, "late-stake");
    assert_eq!(run["snapshot"]["path"], path.to_string_lossy().as_ref());
    let snapshot = ChainSnapshot::read(&path).expect("a whole snapshot");
    assert_eq!(snapshot.build, ProgramBuild::current());
    let late_stake = load(&file).expect("the timeline").steps[1].at;
    assert!(snapshot.clock.unix_timestamp() >= late_stake);
    let binary = binary_beside(&fulltime()).expect("localnet beside fulltime");
    let wallet = user_dir.join("wallet.json");
    solana_keypair::write_keypair_file(&solana_keypair::Keypair::new(), &wallet)
        .expect("a wallet for the node");
    let loaded =
        LocalnetProcess::start_in_dir(&binary, &user_dir, &wallet, &["--snapshot", "late-stake"])
            .expect("localnet loads the snapshot");
    let carol = left.state_dir.join("wallets").join("carol.json");
    assert_eq!(usdc(&user_dir, &carol.to_string_lossy()), 95_000_000);
    drop(loaded);
    drop(left);
    std::fs::remove_dir_all(&user_dir).expect("clean up");
}

#[test]
fn an_unknown_to_step_is_refused_before_anything_starts_naming_the_steps() {
    let output = Command::new(fulltime())
        .args(["timeline", "run"])
        .arg(pro_rata())
        .args(["--to", "kickoff"])
        .output()
        .expect("run fulltime");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("UnknownStep"), "{stderr}");
    assert!(
        stderr.contains("stakes, late stake, settle, final, claims, double claim"),
        "{stderr}"
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn url_plays_on_a_running_node_once_then_refuses_its_clock_past_the_first_step() {
    let binary = binary_beside(&fulltime()).expect("localnet beside fulltime");
    let node = LocalnetProcess::start(&binary, "timeline-url").expect("localnet ready");
    let file = pro_rata();
    let file_text = file.to_string_lossy();
    let wallet = node.wallet_path().to_string_lossy().into_owned();
    let args = [
        "--url",
        "localnet",
        "--keypair",
        &wallet,
        "timeline",
        "run",
        &file_text,
    ];

    let first = fulltime_in(node.state_dir(), &args);
    let run = finished(&first);
    assert_eq!(first.status.code(), Some(0), "{run}");
    assert_eq!(run["steps"].as_array().map(Vec::len), Some(6));
    assert_eq!(run["node"], Value::Null, "the node was not the run's own");

    let again = fulltime_in(node.state_dir(), &args);
    let refusal = stdout_json(&again);
    assert_eq!(again.status.code(), Some(2), "{refusal}");
    assert_eq!(refusal["error"], "ClockPastTimeline");
    let message = refusal["message"].as_str().unwrap_or_default();
    let timeline = load(&file).expect("the timeline");
    let first_step = format_time(timeline.steps[0].at);
    let last_step = format_time(timeline.steps[5].at);
    assert!(
        message.contains(&format!("`stakes` at {first_step}")),
        "{message}"
    );
    // The node's clock, where the first run left it: at its last step or later.
    let clock = message
        .split("clock is at ")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .unwrap_or_default();
    assert!(
        clock.len() == last_step.len() && clock >= last_step.as_str(),
        "{message}"
    );
}

#[test]
fn a_faucet_action_asks_the_runs_own_faucet() {
    let dir = std::env::temp_dir().join(format!("fulltime-timeline-faucet-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a directory");
    let file = dir.join("faucet.toml");
    std::fs::write(
        &file,
        r#"match = "arsenal-home-goals-over-1"

[wallets]
dave = { sol = 2, usdc = "0" }

[markets.home-over-1]
case = "arsenal-home-goals-over-1"

[[step]]
name = "grant"
at = "kickoff - 30m"
do = [{ faucet = { wallet = "dave" } }]
expect = [{ wallet = "dave", usdc = "100" }]

[[step]]
name = "stake"
at = "+1m"
do = [{ deposit = { wallet = "dave", market = "home-over-1", side = "yes", usdc = "40" } }]
expect = [{ wallet = "dave", usdc = "60" }, { market = "home-over-1", pool = { yes = "40", no = "0" } }]
"#,
    )
    .expect("write the file");
    let output = run(&file);
    std::fs::remove_dir_all(&dir).expect("clean up");
    let run = finished(&output);
    assert_eq!(output.status.code(), Some(0), "{run}");
    assert_eq!(
        run["steps"][0]["done"],
        serde_json::json!(["dave asks the faucet: got 100 USDC"])
    );
    assert_eq!(run["steps"][0]["expectations"][0]["held"], true);
}
