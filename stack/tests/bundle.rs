//! A bundle round trip through the stack: a chain with markets, deposits from two wallets of the
//! wallet book and a warped clock is saved with `fulltime bundle save` at a timeline's step, and
//! `fulltime-stack up --bundle` opens it in another state directory: the same markets, balances,
//! clock, wallets by name, timeline and step.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Instant;

use common::{Stack, assert_success, binaries, text};
use fulltime_files::bundle::opened::{OPENED_DIR, OpenedInfo, PROOFS_DIR, TIMELINE_FILE};
use fulltime_testkit::workspace_root;
use serde_json::Value;

/// `fulltime --state-dir <stack's> ARGS`, which must succeed.
fn fulltime(stack: &Stack, args: &[&str]) -> Output {
    let output = std::process::Command::new(binaries().join("fulltime"))
        .arg("--state-dir")
        .arg(&stack.state_dir)
        .args(args)
        .output()
        .expect("run fulltime");
    assert_success(&output, &format!("fulltime {args:?}"));
    output
}

fn json(stack: &Stack, args: &[&str]) -> Value {
    let mut with_json = vec!["--json"];
    with_json.extend_from_slice(args);
    serde_json::from_slice(&fulltime(stack, &with_json).stdout).expect("JSON")
}

/// The markets and the cluster clock (unix seconds).
fn markets_and_clock(stack: &Stack) -> (Value, i64) {
    let mut list = json(stack, &["markets"]);
    let clock = list["cluster_time"].as_i64().expect("cluster_time");
    (list["markets"].take(), clock)
}

/// The wallet book by name: each wallet's address, SOL, test USDC and positions.
fn wallets(stack: &Stack) -> Value {
    let mut list = json(stack, &["wallet", "list"]);
    let mut wallets = list["wallets"].take();
    for wallet in wallets.as_array_mut().expect("wallets") {
        wallet
            .as_object_mut()
            .expect("a wallet")
            .remove("path")
            .expect("its path, in its state directory");
    }
    wallets
}

#[test]
fn a_bundle_saved_at_a_step_opens_through_the_stack_at_the_same_moment() {
    let source = Stack::new("bundle-source");
    assert_success(&source.up(), "up");
    for name in ["alice", "bob"] {
        fulltime(&source, &["wallet", "new", name, "--fund"]);
    }
    fulltime(
        &source,
        &["--keypair", "alice", "deposit", "0", "yes", "2.5"],
    );
    fulltime(&source, &["--keypair", "bob", "deposit", "0", "no", "4"]);
    fulltime(
        &source,
        &["--keypair", "bob", "deposit", "3", "yes", "1.25"],
    );
    fulltime(&source, &["warp", "+1h"]);
    let timeline = workspace_root().join("fixtures/timelines/pro-rata-payouts.toml");
    let saved = json(
        &source,
        &[
            "bundle",
            "save",
            "trip",
            "--timeline",
            timeline.to_str().expect("UTF-8"),
            "--step",
            "settle",
        ],
    );
    let (markets, clock) = markets_and_clock(&source);
    let wallets_before = wallets(&source);
    let saved_at = Instant::now();
    assert_eq!(saved["wallets"], serde_json::json!(["alice", "bob"]));
    // The file as it would be handed over, on its own.
    let handed = std::env::temp_dir().join(format!("fulltime-bundle-trip-{}", std::process::id()));
    std::fs::create_dir_all(&handed).expect("a directory");
    let file = handed.join("trip.bundle");
    std::fs::copy(
        PathBuf::from(saved["path"].as_str().expect("its path")),
        &file,
    )
    .expect("copy the bundle");
    drop(source);

    let opened = Stack::new("bundle-opened");
    let up = opened
        .command("up")
        .args(opened.start_args())
        .arg("--bundle")
        .arg(&file)
        .output()
        .expect("run fulltime-stack up --bundle");
    assert_success(&up, "up --bundle");
    let (markets_after, clock_after) = markets_and_clock(&opened);
    assert_eq!(markets_after, markets);
    // The clock goes on from the saved one, with the wall clock.
    let waited = i64::try_from(saved_at.elapsed().as_secs()).expect("seconds") + 2;
    assert!(
        (clock..=clock + waited).contains(&clock_after),
        "{clock_after}: saved at {clock}, {waited} s ago"
    );
    assert_eq!(wallets(&opened), wallets_before);

    let info = OpenedInfo::load(&opened.state_dir)
        .expect("bundle.json")
        .expect("a bundle opened");
    assert_eq!(Path::new(&info.bundle), file);
    let step = info.timeline.expect("its timeline");
    assert_eq!(step.file_name, "pro-rata-payouts.toml");
    assert_eq!(step.step, "settle");
    let opened_dir = opened.state_dir.join(OPENED_DIR);
    assert_eq!(
        std::fs::read_to_string(opened_dir.join(TIMELINE_FILE)).expect("its timeline"),
        std::fs::read_to_string(&timeline).expect("the timeline")
    );
    let proof = "arsenal-home-goals-over-1.json";
    assert_eq!(
        std::fs::read_to_string(opened_dir.join(PROOFS_DIR).join(proof)).expect("a proof file"),
        std::fs::read_to_string(workspace_root().join("fixtures/generated").join(proof))
            .expect("the committed one"),
        "{}",
        text(&up.stdout)
    );
    drop(opened);
    std::fs::remove_dir_all(&handed).expect("clean up");
}
