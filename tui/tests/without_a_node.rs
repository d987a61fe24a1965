//! What the `fulltime` binary does with no node to ask: a wallet made without `--fund` is told
//! what funds a wallet on its cluster (text; its JSON unchanged), and `faucet` asks the faucet
//! the stack running from `--state-dir` recorded in `stack.json` unless given one.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::thread::JoinHandle;

use fulltime_files::running_process::program_name;
use fulltime_files::stack_record::{ProcessRecord, StackRecord};
use serde_json::Value;
use solana_keypair::{Keypair, read_keypair_file, write_keypair_file};
use solana_signer::Signer;

/// `fulltime ARGS` in `state_dir`, with none of its environment variables.
fn fulltime(state_dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fulltime"))
        .env_remove("FULLTIME_URL")
        .env_remove("FULLTIME_KEYPAIR")
        .env_remove("FULLTIME_STATE_DIR")
        .env_remove("FULLTIME_FAUCET_URL")
        .arg("--state-dir")
        .arg(state_dir)
        .args(args)
        .output()
        .expect("run fulltime")
}

fn stdout(output: &Output) -> String {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn fresh_state_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fulltime-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("state dir");
    dir
}

/// `wallet new NAME` on `cluster`: its text, with the address it printed.
fn made_as_text(state_dir: &Path, cluster: &str, name: &str) -> (String, String) {
    let text = stdout(&fulltime(
        state_dir,
        &["--url", cluster, "wallet", "new", name],
    ));
    let address = text
        .lines()
        .next()
        .and_then(|line| line.strip_prefix(&format!("Wallet {name}: ")))
        .unwrap_or_else(|| panic!("no address in {text:?}"))
        .to_owned();
    (text, address)
}

#[test]
fn a_wallet_made_without_fund_is_told_what_funds_one_on_its_cluster() {
    let dir = fresh_state_dir("wallet-new-hint");
    let book = dir.join("wallets");
    let (localnet, address) = made_as_text(&dir, "localnet", "bob");
    assert_eq!(
        localnet,
        format!(
            "Wallet bob: {address}\n\
             Keypair: {}\n\
             Funded:  no (on localnet `fulltime wallet new NAME --fund` makes a wallet with SOL \
             and test USDC)\n\
             Use it:  fulltime --keypair bob balance\n",
            book.join("bob.json").display()
        )
    );
    let (devnet, address) = made_as_text(&dir, "devnet", "carol");
    assert_eq!(
        devnet,
        format!(
            "Wallet carol: {address}\n\
             Keypair: {}\n\
             Funded:  no (SOL for fees from the cluster's faucet, `solana airdrop 1 {address}`; \
             test USDC from `fulltime --keypair carol faucet`)\n\
             Use it:  fulltime --keypair carol balance\n",
            book.join("carol.json").display()
        )
    );

    let json: Value = serde_json::from_str(&stdout(&fulltime(
        &dir,
        &["--json", "wallet", "new", "dave"],
    )))
    .expect("one JSON object");
    let dave = read_keypair_file(book.join("dave.json")).expect("dave's keypair");
    assert_eq!(
        json,
        serde_json::json!({
            "name": "dave",
            "address": dave.pubkey().to_string(),
            "path": book.join("dave.json").display().to_string(),
            "funded": null,
        })
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A faucet on a port of its own that answers one request with a grant, and hands back the
/// request it got.
fn faucet_answering_once() -> (String, JoinHandle<String>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}", listener.local_addr().expect("address"));
    let server = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().expect("fulltime connects");
        let request = read_request(&mut stream);
        let body = r#"{"signature":"sig","amount":100000000,"mint":"M1nt"}"#;
        let answer = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            body.len()
        );
        stream.write_all(answer.as_bytes()).expect("answer");
        request
    });
    (url, server)
}

/// The request's head and as much body as its Content-Length announces.
fn read_request(stream: &mut impl Read) -> String {
    let mut request = Vec::new();
    let mut buffer = [0; 4096];
    loop {
        let text = String::from_utf8_lossy(&request).into_owned();
        if let Some((head, body)) = text.split_once("\r\n\r\n") {
            let length = head
                .lines()
                .filter_map(|line| line.split_once(':'))
                .find(|(name, _)| name.eq_ignore_ascii_case("content-length"))
                .and_then(|(_, value)| value.trim().parse::<usize>().ok())
                .unwrap_or(0);
            if body.len() >= length {
                return text;
            }
        }
        match stream.read(&mut buffer).expect("read the request") {
            0 => return String::from_utf8_lossy(&request).into_owned(),
            read => request.extend_from_slice(&buffer[..read]),
        }
    }
}

/// A `stack.json` in `state_dir` whose faucet is this test process, serving at `faucet_url`.
fn record_stack(state_dir: &Path, faucet_url: &str) {
    let pid = std::process::id();
    let this_process = ProcessRecord {
        pid,
        program: program_name(pid).unwrap_or_default(),
    };
    StackRecord {
        supervisor: this_process.clone(),
        node: this_process.clone(),
        faucet: this_process,
        txline: None,
        rpc_url: "http://127.0.0.1:1".into(),
        ws_url: "ws://127.0.0.1:2".into(),
        faucet_url: faucet_url.into(),
        txline_url: None,
        wallet: state_dir.join("wallet.json"),
        logs: Vec::new(),
    }
    .save(state_dir)
    .expect("stack.json");
}

#[test]
fn faucet_asks_the_faucet_the_running_stack_recorded_unless_given_one() {
    let dir = fresh_state_dir("stack-faucet");
    let wallet = Keypair::new();
    let keypair = dir.join("wallet.json");
    write_keypair_file(&wallet, &keypair).expect("keypair");
    let keypair = keypair.display().to_string();
    let (url, faucet) = faucet_answering_once();
    record_stack(&dir, &url);

    let granted = fulltime(&dir, &["--keypair", &keypair, "--json", "faucet"]);
    let json: Value = serde_json::from_str(&stdout(&granted)).expect("one JSON object");
    assert_eq!(json["amount"], 100_000_000);
    let request = faucet.join().expect("the faucet");
    assert!(request.starts_with("POST /api/faucet "), "{request}");
    assert!(request.contains(&wallet.pubkey().to_string()), "{request}");

    // A URL given wins over the record, as a flag and as the variable.
    let closed = {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        format!("http://{}", listener.local_addr().expect("address"))
    };
    let flag = fulltime(
        &dir,
        &[
            "--keypair",
            &keypair,
            "--json",
            "faucet",
            "--faucet-url",
            &closed,
        ],
    );
    let variable = Command::new(env!("CARGO_BIN_EXE_fulltime"))
        .env_remove("FULLTIME_URL")
        .env("FULLTIME_FAUCET_URL", &closed)
        .arg("--state-dir")
        .arg(&dir)
        .args(["--keypair", &keypair, "--json", "faucet"])
        .output()
        .expect("run fulltime");
    for output in [flag, variable] {
        assert!(!output.status.success());
        let error: Value = serde_json::from_slice(&output.stdout).expect("one JSON error");
        assert_eq!(error["error"], "FaucetUnreachable", "{error:#}");
        assert!(
            error["message"]
                .as_str()
                .unwrap_or_default()
                .contains(&closed),
            "{error:#}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
