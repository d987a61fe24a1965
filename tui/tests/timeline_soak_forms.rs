//! A soak's failure as a timeline, replayed with `fulltime timeline run` on a real `localnet`: no
//! `match` (every time an RFC 3339 instant), a market written out on a fixture of no catalog, the
//! oracle posting the root of a batch made here (`post_root`), and settles by a proof file beside
//! the timeline. Before the root is posted the oracle refuses the proof (`RootNotAvailable`);
//! after, it resolves the market and the winner is paid. A `post_root` off a slot's start does
//! not load.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use fulltime_testkit::deep_proof::{Depths, deep_proof};
use fulltime_testkit::process::{
    LocalnetProcess, binary_beside, stdout_json_lines, timeline_run_json,
};
use serde_json::Value;

fn fulltime() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fulltime"))
}

/// 2026-11-26T00:05:01Z, in the slot starting at 00:05, in milliseconds: the batch's time.
const BATCH_MS: i64 = 1_795_651_501_000;
/// A fixture the match catalog does not have.
const FIXTURE: i64 = 99_000_001;

/// A folder of the system's temp folder, removed when dropped.
struct Folder(PathBuf);

impl Folder {
    fn new(name: &str) -> Self {
        let folder =
            std::env::temp_dir().join(format!("fulltime-soak-form-{}-{name}", std::process::id()));
        std::fs::create_dir_all(folder.join("proofs")).expect("a folder");
        Self(folder)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn run(file: &Path) -> Output {
    timeline_run_json(&fulltime(), file)
}

/// Each line of a `--json` run, every one an object on its own.
fn events(output: &Output) -> Vec<Value> {
    stdout_json_lines(output)
}

/// The timeline, its market's close five minutes before the batch's slot; `slot` is the time a
/// `post_root` posts the batch's root for.
fn timeline(root: &str, slot: &str) -> String {
    format!(
        r#"# A soak's failure: no match, times as instants, proofs beside the file.
[wallets]
alice = {{ sol = 2, usdc = "100" }}
bob = {{ sol = 2, usdc = "100" }}

[markets.goals]
question = "Will fixture {FIXTURE} have more than 2 goals?"
fixture_id = {FIXTURE}
stat_key = 1
period = 100
predicate = {{ comparison = "gt", threshold = 2 }}
second_stat = {{ stat_key = 2, op = "add" }}
close = "2026-11-26T00:00:00Z"
dispute_window = "60s"

[[step]]
name = "stakes"
at = "2026-11-26T00:00:00Z - 10m"
do = [
    {{ deposit = {{ wallet = "alice", market = "goals", side = "yes", usdc = "10" }} }},
    {{ deposit = {{ wallet = "bob", market = "goals", side = "no", usdc = "5" }} }},
]

[[step]]
name = "no root yet"
at = "2026-11-26T00:06:00Z"
do = [{{ settle = {{ market = "goals", file = "proofs/goals-1.json", force = true, fails = "RootNotAvailable" }} }}]
expect = [{{ market = "goals", stage = "closed" }}]

[[step]]
name = "root posted"
at = "+1s"
do = [
    {{ post_root = {{ slot = "{slot}", root = "{root}" }} }},
    {{ settle = {{ market = "goals", file = "proofs/goals-1.json" }} }},
]
expect = [{{ market = "goals", stage = "provisional", outcome = "yes" }}]

[[step]]
name = "claims"
at = "+61s"
do = [
    {{ claim = {{ wallet = "alice", market = "goals" }} }},
    {{ claim = {{ wallet = "bob", market = "goals", fails = "NotAWinner" }} }},
]
expect = [
    {{ market = "goals", stage = "resolved", outcome = "yes" }},
    {{ wallet = "alice", usdc = "105" }},
    {{ wallet = "bob", usdc = "95" }},
]
"#
    )
}

/// Writes the batch's proof beside the timeline (`proofs/goals-1.json`, a bare proof: no market,
/// no expected result) and returns its root as the file writes it.
fn proof_beside(folder: &Folder) -> String {
    let depths = Depths {
        fixtures: 3,
        records: 2,
        stats: 8,
    };
    // Arsenal-like goals: 2 and 1, so more than 2 in all: YES.
    let batch = deep_proof(BATCH_MS, FIXTURE, depths, (2, 1)).expect("a batch and its proof");
    let proof_file = batch.proof_file("goals-1");
    std::fs::write(folder.0.join("proofs/goals-1.json"), proof_file.to_json())
        .expect("write the proof file");
    let hex: String = batch
        .root
        .root
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!("0x{hex}")
}

#[test]
fn a_soaks_timeline_posts_its_root_and_settles_by_a_proof_file_beside_it() {
    let folder = Folder::new("replay");
    let root = proof_beside(&folder);
    let file = folder.0.join("soak-failure.toml");
    std::fs::write(&file, timeline(&root, "2026-11-26T00:05:00Z")).expect("write the timeline");
    let output = run(&file);
    let events = events(&output);
    assert_eq!(output.status.code(), Some(0), "{events:?}");
    let run = events
        .iter()
        .find(|event| event["event"] == "finished")
        .map(|event| &event["run"])
        .unwrap_or_else(|| panic!("no finished event: {events:?}"));
    assert_eq!(run["failure"], Value::Null, "{run}");
    let steps = run["steps"].as_array().expect("steps");
    assert_eq!(steps.len(), 4, "{run}");
    for step in steps {
        assert_eq!(step["invariants_held"], true, "{step}");
    }
    let said = |step: &Value| -> Vec<String> {
        step["done"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|line| line.as_str().map(str::to_owned))
            .collect()
    };
    assert_eq!(
        said(&steps[1]),
        [
            "settle goals with the proof file proofs/goals-1.json (forced): refused with \
             RootNotAvailable as expected"
        ],
        "{run}"
    );
    assert_eq!(
        said(&steps[2]),
        [
            format!("the oracle posts {root} for the slot at 2026-11-26T00:05:00Z"),
            "settle goals with the proof file proofs/goals-1.json".to_owned(),
        ],
        "{run}"
    );
    let kinds: Vec<&str> = steps[2]["acts"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|act| act["kind"].as_str())
        .collect();
    assert_eq!(kinds, ["post_root", "settle"], "{run}");
    assert_eq!(
        said(&steps[3])[0],
        "alice claims from goals: paid 15 USDC",
        "{run}"
    );
    // The refusal before the root is the oracle's, and coverage counts the new action.
    let summary = events
        .iter()
        .find(|event| event["event"] == "summary")
        .expect("a summary event");
    let coverage = &summary["coverage"];
    let root_not_available = coverage["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|error| error["program"] == "oracle" && error["name"] == "RootNotAvailable")
        .expect("RootNotAvailable in the coverage");
    assert_eq!(
        root_not_available["reached_by"][0]["step"], "no root yet",
        "{root_not_available}"
    );
    let post_root = coverage["actions"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|action| action["kind"] == "post_root")
        .expect("post_root in the coverage");
    assert_eq!(post_root["done"], 1, "{post_root}");
}

/// On a node whose `env.json` names no oracle authority, a `post_root` is the client's named
/// refusal, and the run stops there as at any unexpected result: nothing sent, no panic.
#[test]
fn a_post_root_where_the_node_names_no_oracle_authority_is_refused_by_name() {
    let folder = Folder::new("no-authority");
    let root = proof_beside(&folder);
    let file = folder.0.join("soak-failure.toml");
    std::fs::write(&file, timeline(&root, "2026-11-26T00:05:00Z")).expect("write the timeline");
    let binary = binary_beside(&fulltime()).expect("localnet beside fulltime");
    let node = LocalnetProcess::start(&binary, "soak-no-authority").expect("localnet ready");
    let mut env = node.env().expect("env.json");
    env.oracle_authority = None;
    env.save(node.state_dir())
        .expect("env.json without the oracle authority");
    let wallet = node.wallet_path().to_string_lossy().into_owned();
    let output = Command::new(fulltime())
        .arg("--json")
        .arg("--state-dir")
        .arg(node.state_dir())
        .args(["--url", "localnet", "--keypair", &wallet, "timeline", "run"])
        .arg(&file)
        .output()
        .expect("run fulltime");
    let events = events(&output);
    assert_eq!(output.status.code(), Some(1), "{events:?}");
    let run = events
        .iter()
        .find(|event| event["event"] == "finished")
        .map(|event| &event["run"])
        .unwrap_or_else(|| panic!("no finished event: {events:?}"));
    let failure = &run["failure"];
    assert_eq!(failure["step"], "root posted", "{run}");
    assert_eq!(failure["expected"], "success", "{run}");
    let happened = failure["happened"].as_str().unwrap_or_default();
    assert!(
        happened.starts_with("NoOracleAuthority: the node names no oracle authority"),
        "{failure}"
    );
}

#[test]
fn a_post_root_off_a_slots_start_does_not_load() {
    let folder = Folder::new("off-slot");
    let root = proof_beside(&folder);
    let file = folder.0.join("off-slot.toml");
    std::fs::write(&file, timeline(&root, "2026-11-26T00:05:01Z")).expect("write the timeline");
    let output = run(&file);
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let events = events(&output);
    let not_loaded = events
        .iter()
        .find(|event| event["event"] == "not_loaded")
        .unwrap_or_else(|| panic!("no not_loaded event: {events:?}"));
    let message = not_loaded["message"].as_str().unwrap_or_default();
    assert!(
        message.contains("step `root posted`, action 1")
            && message.contains("is not the start of a five-minute slot"),
        "{not_loaded}"
    );
}
