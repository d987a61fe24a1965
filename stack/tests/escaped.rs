//! What `fulltime-stack` prints from files (`stack.json`, a part's log) reaches the terminal
//! escaped: a URL or a path in the record carrying ESC, an OSC 52 clipboard sequence and a
//! bidirectional override prints as `\u{1b}`, with no control character left.

use std::process::{Command, Stdio};

use fulltime_files::stack_record::{ProcessRecord, StackRecord};

/// ESC clearing the screen, OSC 52 setting the clipboard (ended by BEL), and a right-to-left
/// override.
const HOSTILE: &str = "\u{1b}[2J\u{1b}]52;c;cm0gLXJmIH4=\u{7}\u{202e}lmth.exe";
const SHOWN: &str = "\\u{1b}[2J\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}\\u{202e}lmth.exe";

#[test]
fn status_prints_a_hostile_record_escaped() {
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-stack-escaped-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state_dir);
    std::fs::create_dir_all(&state_dir).expect("state dir");
    // A live process for the supervisor the record names, so that `status` prints the record;
    // never signalled by this test (no `down` runs).
    let mut supervisor = Command::new("sleep")
        .arg("120")
        .stdout(Stdio::null())
        .spawn()
        .expect("spawn sleep");
    let process = ProcessRecord {
        pid: supervisor.id(),
        program: "sleep".into(),
    };
    let record = StackRecord {
        supervisor: process.clone(),
        node: process.clone(),
        faucet: process,
        txline: None,
        rpc_url: format!("http://127.0.0.1:8899/{HOSTILE}"),
        ws_url: format!("ws://127.0.0.1:8900/{HOSTILE}"),
        faucet_url: format!("http://127.0.0.1:8080/{HOSTILE}"),
        txline_url: Some(format!("http://127.0.0.1:8090/{HOSTILE}")),
        wallet: state_dir.join(format!("wallet-{HOSTILE}.json")),
        logs: vec![state_dir.join(format!("localnet-{HOSTILE}.log"))],
    };
    record.save(&state_dir).expect("write stack.json");

    let output = Command::new(env!("CARGO_BIN_EXE_fulltime-stack"))
        .arg("status")
        .arg("--state-dir")
        .arg(&state_dir)
        .output()
        .expect("run fulltime-stack status");
    let _ = supervisor.kill();
    let _ = supervisor.wait();
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{stdout}");
    for field in ["rpc", "ws", "faucet", "txline", "wallet", "logs"] {
        let line = stdout
            .lines()
            .find(|line| line.trim_start().starts_with(field))
            .unwrap_or_else(|| panic!("no {field} line: {stdout}"));
        assert!(line.contains(SHOWN), "not escaped: {line:?}");
    }
    let steering = stdout
        .chars()
        .find(|char| (char.is_control() && *char != '\n') || *char == '\u{202e}');
    assert_eq!(steering, None, "{stdout:?}");
    std::fs::remove_dir_all(&state_dir).expect("clean up");
}
