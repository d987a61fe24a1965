//! `fulltime-stack up` / `down` as `just up` / `just down` run them, against the real `localnet`
//! and `faucet` binaries: the stack answers, and however it ends no process and no port is left.

mod common;

use std::net::TcpListener;
use std::time::{Duration, Instant};

use common::{GONE_WITHIN, Stack, assert_success, binaries, text};
use fulltime_stack::StackRecord;
use fulltime_stack::os::{self, Signal};
use fulltime_testkit::process::LocalnetProcess;
use solana_signer::Signer;

/// The node's JSON-RPC `getHealth`, and a faucet mint to a new wallet.
async fn assert_answers(record: &StackRecord) {
    let http = reqwest::Client::new();
    let health: serde_json::Value = http
        .post(&record.rpc_url)
        .json(&serde_json::json!({"jsonrpc": "2.0", "id": 1, "method": "getHealth"}))
        .send()
        .await
        .expect("the node answers")
        .json()
        .await
        .expect("a JSON-RPC answer");
    assert_eq!(health["result"], "ok", "{health}");

    // A keypair's address: the faucet refuses addresses off the Ed25519 curve.
    let wallet = solana_keypair::Keypair::new().pubkey().to_string();
    let minted = http
        .post(format!("{}/api/faucet", record.faucet_url))
        .json(&serde_json::json!({ "wallet": wallet }))
        .send()
        .await
        .expect("the faucet answers");
    let status = minted.status();
    let body = minted.text().await.unwrap_or_default();
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn up_serves_node_and_faucet_and_down_leaves_no_process_or_port() {
    let stack = Stack::new("up-down");
    let up = stack.up();
    assert_success(&up, "up");
    let printed = text(&up.stdout);
    for expected in [
        "localnet  ready in",
        "faucet    ready in",
        &format!("rpc     http://127.0.0.1:{}", stack.rpc_port),
        &format!("faucet  http://127.0.0.1:{}/api/faucet", stack.faucet_port),
        "`just down` stops it",
    ] {
        assert!(
            printed.contains(expected),
            "{expected:?} not in:\n{printed}"
        );
    }
    let record = stack.record();
    assert_answers(&record).await;

    let status = stack.command("status").output().expect("status");
    assert_success(&status, "status");
    let again = stack.up();
    assert!(
        !again.status.success(),
        "a second up from the same state dir"
    );
    assert!(
        text(&again.stderr).contains("a stack is already running"),
        "{}",
        text(&again.stderr)
    );

    let down = stack.down();
    assert_success(&down, "down");
    assert!(text(&down.stdout).contains("Stopped the stack"));
    stack.assert_nothing_left(&record);
    assert!(
        StackRecord::load(&stack.state_dir)
            .expect("readable")
            .is_none()
    );
    let status = stack.command("status").output().expect("status");
    assert!(!status.status.success(), "status after down");
}

#[tokio::test]
async fn killing_the_supervisor_stops_every_part() {
    let stack = Stack::new("kill");
    assert_success(&stack.up(), "up");
    let record = stack.record();
    assert!(os::send(record.supervisor.pid, Signal::Kill));
    stack.assert_nothing_left(&record);

    // The record outlives a killed supervisor; `down` clears it.
    let down = stack.down();
    assert_success(&down, "down");
    assert!(
        StackRecord::load(&stack.state_dir)
            .expect("readable")
            .is_none()
    );
}

#[tokio::test]
async fn a_part_that_stops_stops_the_whole_stack() {
    let stack = Stack::new("crash");
    assert_success(&stack.up(), "up");
    let record = stack.record();
    assert!(os::send(record.faucet.pid, Signal::Kill));
    stack.assert_nothing_left(&record);
    let log = std::fs::read_to_string(stack.state_dir.join("stack.log")).expect("stack.log");
    assert!(
        log.contains("faucet stopped on its own") && log.contains("faucet.log"),
        "{log}"
    );
    assert!(
        StackRecord::load(&stack.state_dir)
            .expect("readable")
            .is_none()
    );
}

#[tokio::test]
async fn a_part_that_cannot_start_is_named_with_its_log() {
    let stack = Stack::new("taken");
    let taken = TcpListener::bind(("127.0.0.1", stack.faucet_port)).expect("hold the port");
    let up = stack.up();
    assert!(!up.status.success(), "up with the faucet's port taken");
    let printed = format!("{}{}", text(&up.stdout), text(&up.stderr));
    assert!(
        printed.contains("faucet stopped during start-up") && printed.contains("cannot listen"),
        "{printed}"
    );
    drop(taken);
    for port in [stack.rpc_port, stack.ws_port] {
        let started = Instant::now();
        while TcpListener::bind(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < GONE_WITHIN,
                "port {port} is still taken"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

#[test]
fn a_node_holding_the_state_directory_outside_a_stack_refuses_up_and_dev_at_once() {
    let stack = Stack::new("held");
    let wallet = stack.state_dir.join("test-wallet.json");
    std::fs::create_dir_all(&stack.state_dir).expect("state dir");
    solana_keypair::write_keypair_file(&solana_keypair::Keypair::new(), &wallet).expect("wallet");
    let localnet = binaries().join("localnet");
    let node = LocalnetProcess::start_in_dir(&localnet, &stack.state_dir, &wallet, &[])
        .expect("localnet alone in the stack's state directory");
    for subcommand in ["up", "dev"] {
        let output = stack
            .command(subcommand)
            .args(stack.start_args())
            .output()
            .expect("run fulltime-stack");
        let stderr = text(&output.stderr);
        assert!(!output.status.success(), "{subcommand}: {stderr}");
        let expected = format!(
            "the state directory {} is in use by localnet (pid ",
            stack.state_dir.display()
        );
        assert!(stderr.contains(&expected), "{subcommand}: {stderr}");
        // Refused before any part started or any log was opened.
        for log in ["localnet.log", "faucet.log", "stack.log"] {
            assert!(!stack.state_dir.join(log).exists(), "{subcommand}: {log}");
        }
    }
    drop(node);
}
