//! `fulltime snapshot save` and `list` through the binary, against a real `localnet`: the file
//! lands in `<state-dir>/snapshots/`, loads as the chain it was, is listed, and is not replaced
//! by a second save of the same name.

use std::path::Path;
use std::process::{Command, Output};

use fulltime_files::snapshot::{ChainSnapshot, ProgramBuild, named_path};
use fulltime_testkit::process::{LocalnetProcess, binary_beside};
use serde_json::Value;

fn fulltime(state_dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fulltime"))
        .arg("--state-dir")
        .arg(state_dir)
        .args(args)
        .output()
        .expect("run fulltime")
}

fn json(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

#[test]
fn save_writes_the_chain_to_the_snapshots_directory_and_list_shows_it() {
    let binary =
        binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
    let node = LocalnetProcess::start(&binary, "cli-snapshot").expect("localnet ready");
    let state_dir = node.state_dir();

    let empty = fulltime(state_dir, &["snapshot", "list"]);
    assert!(empty.status.success());
    assert!(
        String::from_utf8_lossy(&empty.stdout).starts_with("No snapshots yet"),
        "{empty:?}"
    );

    let saved = fulltime(state_dir, &["snapshot", "save", "bug-17"]);
    assert!(saved.status.success(), "{saved:?}");
    let text = String::from_utf8_lossy(&saved.stdout);
    assert!(text.starts_with("Saved snapshot bug-17: "), "{text}");
    assert!(text.contains("just dev --snapshot bug-17"), "{text}");

    let path = named_path(state_dir, "bug-17");
    let snapshot = ChainSnapshot::read(&path).expect("a whole snapshot");
    assert_eq!(snapshot.build, ProgramBuild::current());
    let env = node.env().expect("env.json");
    assert_eq!(snapshot.mint, env.mint);
    assert!(
        snapshot.owned_by(&fulltime_client::settlement::ID).count() >= 6,
        "the config and the five demo markets"
    );

    let listed = fulltime(state_dir, &["--json", "snapshot", "list"]);
    assert!(listed.status.success(), "{listed:?}");
    let listed = json(&listed);
    let entries = listed["snapshots"].as_array().expect("a list");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["name"], "bug-17");
    assert_eq!(entries[0]["slot"], snapshot.clock.slot);
    assert_eq!(entries[0]["unusable"], Value::Null);

    let again = fulltime(state_dir, &["--json", "snapshot", "save", "bug-17"]);
    assert!(!again.status.success());
    assert_eq!(json(&again)["error"], "SnapshotExists");
    let bad_name = fulltime(state_dir, &["--json", "snapshot", "save", "../escape"]);
    assert_eq!(json(&bad_name)["error"], "InvalidSnapshotName");
    assert_eq!(
        ChainSnapshot::read(&path).expect("still whole"),
        snapshot,
        "a refused save leaves the file alone"
    );
}
