//! `fulltime-stack up` / `down` as `just up` / `just down` run them, against the real `localnet`,
//! `faucet` and `txline-api` binaries: the stack answers, and however it ends no process and no
//! port is left.

mod common;

use std::net::TcpListener;
use std::process::Command;
use std::time::{Duration, Instant};

use common::{GONE_WITHIN, Stack, assert_success, binaries, text};
use fulltime_client::txline::api::{CredentialsFile, TxlineApi};
use fulltime_files::stack_record::StackRecord;
use fulltime_stack::os::{self, Signal};
use fulltime_testkit::process::LocalnetProcess;
use solana_signer::Signer;

/// The node's JSON-RPC `getHealth`, a faucet mint to a new wallet, and the TxLINE API's fixtures
/// read with the credentials it keeps in the state directory.
async fn assert_answers(record: &StackRecord, state_dir: &std::path::Path) {
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

    let txline_url = record.txline_url.as_deref().expect("the TxLINE API's URL");
    let credentials = CredentialsFile::load(state_dir)
        .expect("txline.toml")
        .get(txline_url)
        .cloned()
        .expect("the TxLINE API's credentials, under its URL");
    let fixtures = TxlineApi::new(txline_url, credentials)
        .expect("a TxLINE client")
        .fixtures()
        .await
        .expect("the TxLINE API answers");
    assert!(!fixtures.is_empty());
}

/// `fulltime faucet` on the stack's state directory, given no faucet URL, mints from the faucet
/// on the port the stack chose (not the default 8080).
fn assert_fulltime_finds_the_faucet(state_dir: &std::path::Path) {
    let keypair = state_dir.join("faucet-test-wallet.json");
    solana_keypair::write_keypair_file(&solana_keypair::Keypair::new(), &keypair)
        .expect("a wallet");
    let mut fulltime = Command::new(binaries().join("fulltime"));
    for variable in ["FULLTIME_URL", "FULLTIME_KEYPAIR", "FULLTIME_FAUCET_URL"] {
        fulltime.env_remove(variable);
    }
    let output = fulltime
        .arg("--state-dir")
        .arg(state_dir)
        .arg("--keypair")
        .arg(&keypair)
        .args(["--json", "faucet"])
        .output()
        .expect("run fulltime faucet");
    assert_success(&output, "fulltime faucet");
    let grant: serde_json::Value = serde_json::from_slice(&output.stdout).expect("the grant");
    assert!(
        grant["amount"].as_u64().is_some_and(|amount| amount > 0),
        "{grant}"
    );
}

#[tokio::test]
async fn up_serves_every_part_and_down_leaves_no_process_or_port() {
    let stack = Stack::new("up-down");
    let up = stack.up();
    assert_success(&up, "up");
    let printed = text(&up.stdout);
    for expected in [
        "localnet   ready in",
        "faucet     ready in",
        "txline-api ready in",
        &format!("rpc     http://127.0.0.1:{}", stack.rpc_port),
        &format!("faucet  http://127.0.0.1:{}/api/faucet", stack.faucet_port),
        &format!("txline  http://127.0.0.1:{}", stack.txline_port),
        "`just down` stops it",
    ] {
        assert!(
            printed.contains(expected),
            "{expected:?} not in:\n{printed}"
        );
    }
    let record = stack.record();
    assert_eq!(
        record.txline_url,
        Some(format!("http://127.0.0.1:{}", stack.txline_port))
    );
    assert!(
        record
            .logs
            .contains(&stack.state_dir.join("txline-api.log"))
    );
    assert_answers(&record, &stack.state_dir).await;
    assert_fulltime_finds_the_faucet(&stack.state_dir);

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

/// The recorded pid of the part `name`.
fn pid_of(record: &StackRecord, name: &str) -> u32 {
    record
        .processes()
        .into_iter()
        .find(|(part, _)| *part == name)
        .map(|(_, process)| process.pid)
        .unwrap_or_else(|| panic!("no {name} in the record"))
}

#[tokio::test]
async fn a_part_that_stops_stops_the_whole_stack() {
    for (part, log) in [("faucet", "faucet.log"), ("txline-api", "txline-api.log")] {
        let stack = Stack::new(&format!("crash-{part}"));
        assert_success(&stack.up(), "up");
        let record = stack.record();
        assert!(os::send(pid_of(&record, part), Signal::Kill));
        stack.assert_nothing_left(&record);
        let stack_log =
            std::fs::read_to_string(stack.state_dir.join("stack.log")).expect("stack.log");
        assert!(
            stack_log.contains(&format!("{part} stopped on its own")) && stack_log.contains(log),
            "{stack_log}"
        );
        assert!(
            StackRecord::load(&stack.state_dir)
                .expect("readable")
                .is_none()
        );
    }
}

#[tokio::test]
async fn a_part_that_cannot_start_is_named_with_its_log() {
    for part in ["faucet", "txline-api"] {
        let stack = Stack::new(&format!("taken-{part}"));
        let port = if part == "faucet" {
            stack.faucet_port
        } else {
            stack.txline_port
        };
        let taken = TcpListener::bind(("127.0.0.1", port)).expect("hold the port");
        let up = stack.up();
        assert!(!up.status.success(), "up with the {part}'s port taken");
        let printed = format!("{}{}", text(&up.stdout), text(&up.stderr));
        assert!(
            printed.contains(&format!("{part} stopped during start-up"))
                && printed.contains("cannot listen"),
            "{printed}"
        );
        drop(taken);
        // Whatever had started is stopped: every other port is free again.
        for other in stack.ports().into_iter().filter(|other| *other != port) {
            let started = Instant::now();
            while TcpListener::bind(("127.0.0.1", other)).is_err() {
                assert!(
                    started.elapsed() < GONE_WITHIN,
                    "port {other} is still taken"
                );
                std::thread::sleep(Duration::from_millis(50));
            }
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
        for log in ["localnet.log", "faucet.log", "txline-api.log", "stack.log"] {
            assert!(!stack.state_dir.join(log).exists(), "{subcommand}: {log}");
        }
    }
    drop(node);
}
