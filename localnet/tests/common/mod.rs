//! What the tests of the state directory share: a picture of every file in it, byte for byte,
//! a `localnet` start that must be refused (it writes nothing of its own in the directory, as
//! `LocalnetProcess` does with its logs), and a snapshot saved from a running node; and what
//! the pubsub tests share: a funded payer.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anchor_lang::prelude::Pubkey;
use fulltime_client::snapshot::capture;
use fulltime_files::snapshot::{ChainClock, ChainSnapshot, ProgramBuild, SnapshotKey, named_path};
use fulltime_testkit::process::{LocalnetProcess, free_ports};
use solana_keypair::{Keypair, write_keypair_file};
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;

/// A refused start ends within seconds; the margin is for a loaded machine (a start that is
/// not refused serves until killed).
const REFUSED_WITHIN: Duration = Duration::from_secs(120);

pub fn binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_localnet"))
}

/// A path for a state directory of this test run, not created.
pub fn unique_dir(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!(
        "fulltime-{name}-{}-{}",
        std::process::id(),
        Pubkey::new_unique()
    ))
}

/// A wallet keypair file at `path` (its directory made).
pub fn write_wallet(path: &Path) {
    std::fs::create_dir_all(path.parent().expect("a directory")).expect("the wallet's directory");
    write_keypair_file(&Keypair::new(), path).expect("a wallet");
}

/// Every directory and file under `dir` by its path inside it, files with their bytes; `None`
/// when `dir` does not exist.
pub fn picture(dir: &Path) -> Option<BTreeMap<PathBuf, Option<Vec<u8>>>> {
    if !dir.exists() {
        return None;
    }
    let mut entries = BTreeMap::new();
    let mut pending = vec![dir.to_owned()];
    while let Some(current) = pending.pop() {
        for entry in std::fs::read_dir(&current).expect("a readable directory") {
            let path = entry.expect("an entry").path();
            let inside = path.strip_prefix(dir).expect("inside").to_owned();
            if path.is_dir() {
                entries.insert(inside, None);
                pending.push(path);
            } else {
                entries.insert(inside, Some(std::fs::read(&path).expect("a readable file")));
            }
        }
    }
    Some(entries)
}

/// Runs `localnet --state-dir state_dir` on free ports (unless `args` name them) with `args`,
/// expecting it to fail; its stderr.
pub fn refused_start(state_dir: &Path, args: &[&str]) -> String {
    let (rpc_port, ws_port) = free_ports().expect("free ports");
    let mut command = Command::new(binary());
    command.arg("--state-dir").arg(state_dir);
    if !args.contains(&"--rpc-port") {
        command.args(["--rpc-port", &rpc_port.to_string()]);
    }
    command
        .args(["--ws-port", &ws_port.to_string()])
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("start localnet");
    let mut stderr = child.stderr.take().expect("stderr");
    let reader = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for localnet") {
            break status;
        }
        if started.elapsed() > REFUSED_WITHIN {
            let _ = child.kill();
            let _ = child.wait();
            panic!("localnet {args:?} was not refused");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stderr = reader.join().expect("stderr read");
    assert!(!status.success(), "localnet {args:?} succeeded: {stderr}");
    stderr
}

/// Starts `localnet` in `state_dir` with `wallet`, expecting it to resume the chain kept there
/// (`why` says why it should), and stops it.
pub fn assert_resumes(state_dir: &Path, wallet: &Path, why: &str) {
    let node = LocalnetProcess::start_in_dir(binary(), state_dir, wallet, &[]).expect(why);
    assert!(
        node.stdout_log().contains("resumed chain"),
        "{why}: {}",
        node.stdout_log()
    );
}

/// Saves the chain of `node` as the snapshot `name` in its state directory, as `fulltime
/// snapshot save` does; its path.
pub async fn save_snapshot(node: &LocalnetProcess, name: &str) -> PathBuf {
    let env = node.env().expect("env.json");
    let rpc = RpcClient::new(env.rpc_url.clone());
    let snapshot = capture(&rpc, &env, node.state_dir())
        .await
        .expect("capture the chain");
    let path = named_path(node.state_dir(), name);
    std::fs::create_dir_all(path.parent().expect("snapshots dir")).expect("snapshots dir");
    snapshot.write(&path).expect("write the snapshot");
    path
}

/// A new payer with `lamports`, airdropped and landed.
pub async fn funded(rpc: &RpcClient, lamports: u64) -> Keypair {
    let payer = Keypair::new();
    let signature = rpc
        .request_airdrop(&payer.pubkey(), lamports)
        .await
        .expect("an airdrop");
    rpc.poll_for_signature(&signature)
        .await
        .expect("the airdrop lands");
    payer
}

/// A snapshot written by hand through the format's own encoder: this build, no account, the
/// clock at `clock`, carrying `keys`.
pub fn hand_made_snapshot(clock: ChainClock, keys: Vec<SnapshotKey>) -> ChainSnapshot {
    ChainSnapshot {
        build: ProgramBuild::current(),
        saved_at: 1_780_000_000,
        started: 1_780_000_000,
        clock,
        mint: Pubkey::new_unique(),
        keys,
        accounts: Vec::new(),
    }
}
