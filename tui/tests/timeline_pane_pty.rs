//! The timeline pane in the real dashboard, in a pseudo-terminal against a real `localnet`:
//! the hostile desk set up from the picker, run step by step (Space after Space, each step's end
//! on the pane's status line, no popup between) to the step after the first settlement, one
//! step back (the node restores its checkpoint), then, recording, a deposit by
//! hand from another wallet of the timeline (a branch, which the pane names), saved: the file
//! `fulltime timeline run` replays green. Then the next steps of the branch: the expectation the
//! hand deposit broke is shown NOT HELD with its step's name, and the invariants still hold.
//!
//! Waits have generous deadlines for a loaded machine; nothing asserts how long anything takes.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use fulltime_files::bundle::Bundle;
use fulltime_testkit::process::{LocalnetProcess, binary_beside};
use fulltime_testkit::pty::{PtyScreen, dashboard_command};

const ROWS: u16 = 40;
const COLS: u16 = 140;
const DEADLINE: Duration = Duration::from_secs(120);

struct Dashboard {
    screen: PtyScreen,
}

impl Dashboard {
    fn start(node: &LocalnetProcess) -> Self {
        let command = dashboard_command(
            Path::new(env!("CARGO_BIN_EXE_fulltime")),
            node.state_dir(),
            node.wallet_path(),
            None,
        );
        Self {
            screen: PtyScreen::spawn(command, ROWS, COLS).expect("start fulltime"),
        }
    }

    fn wait_for(&self, texts: &[&str]) -> String {
        self.screen
            .wait_for(texts, DEADLINE)
            .unwrap_or_else(|screen| panic!("the screen never showed {texts:?}:\n{screen}"))
    }

    fn press(&mut self, keys: &str) {
        self.screen.press(keys).expect("type keys");
    }

    /// Closes the popup a request left open.
    fn escape(&mut self) {
        self.press("\x1b");
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Closes the popup titled `title`, and waits until it is gone: a key pressed while an
    /// escape is still being read could be taken with it as one Alt chord.
    fn close(&mut self, title: &str) {
        self.escape();
        let started = std::time::Instant::now();
        while self.screen.contents().contains(title) {
            assert!(started.elapsed() < DEADLINE, "{title} never closed");
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Runs the next step and waits for the pane to say it is there (`step 5/9 NAME`) and its
    /// status line to say the step ended (`Step NAME: ...`): no popup is left to close, so the
    /// next Space steps again.
    fn next_step(&mut self, reached: &str) {
        self.press(" ");
        let name = reached
            .split_once('/')
            .and_then(|(_, rest)| rest.split_once(' '))
            .map_or(reached, |(_, name)| name);
        self.wait_for(&[reached, &format!("Step {name}: ")]);
    }
}

#[test]
fn step_step_back_and_branch_in_the_timeline_pane() {
    let binary =
        binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
    let node = LocalnetProcess::start_with(&binary, "timeline-pane", &[]).expect("localnet ready");
    let mut dashboard = Dashboard::start(&node);
    dashboard.wait_for(&["Markets (all, 5)"]);

    // The picker lists the shipped timelines in name order; the hostile desk is the fourth.
    dashboard.press("T");
    dashboard.wait_for(&["hostile-desk", "two-stat-markets"]);
    dashboard.press("jjj\r");
    // Its end is said on the pane's status line; the progress popup is gone.
    let screen = dashboard.wait_for(&["✓ Timeline hostile-desk set up", "no step run of 9"]);
    assert!(!screen.contains("Done:"), "{screen}");

    // To the step after the first settlement (past-posting settles home-over-1).
    for reached in [
        "step 1/9 stakes",
        "step 2/9 after the close",
        "step 3/9 proof from the future",
        "step 4/9 past-posting",
        "step 5/9 settle what closed after the result",
    ] {
        dashboard.next_step(reached);
    }
    dashboard.wait_for(&["invariants held", "home-over-1's stage provisional YES"]);

    // One step back: the node restores the checkpoint made before step 5.
    dashboard.press("b");
    dashboard.wait_for(&[
        "step 4/9 past-posting · invariants held",
        "✓ Back to before step",
    ]);

    // Recording, by hand, as mallory (the sixth wallet of the book): 2 USDC more on late-close
    // (market 8), still open until ten minutes after the result.
    dashboard.press("\x1b");
    dashboard.wait_for(&["Markets (all, 9)"]);
    dashboard.press("R");
    dashboard.wait_for(&["REC 0 steps"]);
    dashboard.press("jjjjjjjj");
    dashboard.wait_for(&["Market 8"]);
    dashboard.press("W");
    dashboard.wait_for(&["mallory"]);
    dashboard.press("jjjjj\r");
    dashboard.wait_for(&["Wallet mallory"]);
    dashboard.press("d");
    dashboard.press("2\r");
    dashboard.wait_for(&["Confirmed: Deposited 2 USDC on YES in market 8"]);
    dashboard.close("Deposit 2 USDC on YES");
    dashboard.wait_for(&["REC 1 step"]);

    // A bundle now carries the recording: the branch's steps, then the deposit by hand.
    dashboard.press("B");
    dashboard.wait_for(&["Done: Bundle saved:"]);
    dashboard.close("Bundle dashboard-");
    let bundle =
        Bundle::read(&only_file_in(&node.state_dir().join("bundles"))).expect("the bundle");
    let timeline = bundle.timeline.expect("the bundle's timeline");
    assert_eq!(timeline.file_name, "recording.toml");
    assert!(
        timeline.step.contains("mallory deposits 2 USDC"),
        "{}",
        timeline.step
    );
    assert!(
        timeline.text.contains("name = \"past-posting\""),
        "{}",
        timeline.text
    );

    dashboard.press("R");
    dashboard.wait_for(&["Save the recording"]);
    dashboard.press("\r");
    dashboard.wait_for(&["Replay it with:"]);
    dashboard.close("Save the recording");
    let recorded = only_file_in(&node.state_dir().join("recordings"));
    let replay = Command::new(env!("CARGO_BIN_EXE_fulltime"))
        .args(["timeline", "run", "--verbose"])
        .arg(&recorded)
        .output()
        .expect("run fulltime");
    let said = String::from_utf8_lossy(&replay.stdout);
    assert_eq!(replay.status.code(), Some(0), "{said}");
    // The branch's four steps of the hostile desk, then the deposit made by hand.
    assert!(said.contains("  5 steps, "), "{said}");
    assert!(said.contains("1 passed, 0 failed"), "{said}");
    assert!(said.contains("mallory deposits 2 USDC on YES"), "{said}");

    dashboard.press("T");
    dashboard.wait_for(&[
        "branch from past-posting",
        "BRANCH from step past-posting: 1 request done by hand",
    ]);

    // The branch goes on: step 5 holds, step 6 expects mallory's 50 USDC, and she now has 48.
    dashboard.next_step("step 5/9 settle what closed after the result");
    dashboard.press(" ");
    // The step stopped at the broken expectation; the invariants are read after it all the same.
    let screen = dashboard.wait_for(&[
        "NOT HELD",
        "mallory holds 50 USDC",
        "step 6/9 claims · invariants held",
    ]);
    assert!(screen.contains("in step claims"), "{screen}");
}

/// The one file `folder` holds.
fn only_file_in(folder: &Path) -> PathBuf {
    let saved: Vec<PathBuf> = std::fs::read_dir(folder)
        .expect("the folder")
        .map(|entry| entry.expect("an entry").path())
        .collect();
    assert_eq!(saved.len(), 1, "{saved:?}");
    saved.into_iter().next().expect("a file")
}

/// A bundle saved with `B` at a step of the timeline in the pane opens, in another node, at
/// that step: the pane takes the bundle's timeline over there, and its next step runs with
/// every expectation held, its wallets and markets standing for the same names.
#[test]
fn a_bundle_saved_at_a_step_goes_on_from_there_in_another_node() {
    let binary =
        binary_beside(Path::new(env!("CARGO_BIN_EXE_fulltime"))).expect("the localnet binary");
    let saved = {
        let node =
            LocalnetProcess::start_with(&binary, "bundle-from", &[]).expect("localnet ready");
        let mut dashboard = Dashboard::start(&node);
        dashboard.wait_for(&["Markets (all, 5)"]);
        // pro-rata-payouts is the seventh of the picker, in name order.
        dashboard.press("T");
        dashboard.wait_for(&["pro-rata-payouts"]);
        dashboard.press("jjjjjj\r");
        dashboard.wait_for(&["✓ Timeline pro-rata-payouts set up", "no step run of 6"]);
        for reached in ["step 1/6 stakes", "step 2/6 late stake", "step 3/6 settle"] {
            dashboard.next_step(reached);
        }
        dashboard.press("B");
        dashboard.wait_for(&["Done: Bundle saved:"]);
        let bundle = only_file_in(&node.state_dir().join("bundles"));
        let kept = std::env::temp_dir().join(format!("pane-{}.bundle", std::process::id()));
        std::fs::copy(&bundle, &kept).expect("keep the bundle");
        kept
    };

    let node = LocalnetProcess::start_with(
        &binary,
        "bundle-to",
        &["--bundle", saved.to_str().expect("a path in UTF-8")],
    )
    .expect("localnet ready on the bundle");
    let _ = std::fs::remove_file(&saved);
    let mut dashboard = Dashboard::start(&node);
    dashboard.wait_for(&["Markets (all, 6)"]);
    // The bundle's timeline is listed first.
    dashboard.press("T");
    dashboard.wait_for(&["the bundle's timeline"]);
    dashboard.press("\r");
    dashboard.wait_for(&["taken over at step settle", "step 3/6 settle"]);
    dashboard.press(" ");
    let screen = dashboard.wait_for(&["✓ Step final: every expectation held"]);
    assert!(screen.contains("step 4/6 final"), "{screen}");
}
