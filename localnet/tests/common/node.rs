//! Runs the `localnet` binary as a child process for a test.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use anchor_lang::prelude::Pubkey;
use solana_keypair::Keypair;
use solana_signer::Signer;

const READY_DEADLINE: Duration = Duration::from_secs(120);

/// A port nobody listens on right now.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a free port")
}

/// A running `localnet`, killed when dropped.
pub struct LocalnetProcess {
    child: Child,
    state_dir: PathBuf,
    wallet: Keypair,
}

fn command(rpc_port: u16, ws_port: u16, state_dir: &Path, wallet: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_localnet"));
    command
        .arg("--rpc-port")
        .arg(rpc_port.to_string())
        .arg("--ws-port")
        .arg(ws_port.to_string())
        .arg("--state-dir")
        .arg(state_dir)
        .arg("--wallet")
        .arg(wallet);
    command
}

fn fresh_state_dir() -> (PathBuf, Keypair, PathBuf) {
    let state_dir = std::env::temp_dir().join(format!(
        "fulltime-localnet-{}-{}",
        std::process::id(),
        Pubkey::new_unique()
    ));
    std::fs::create_dir_all(&state_dir).expect("state dir");
    let wallet = Keypair::new();
    let wallet_path = state_dir.join("test-wallet.json");
    let bytes = serde_json::to_string(&wallet.to_bytes().to_vec()).expect("keypair json");
    std::fs::write(&wallet_path, bytes).expect("write wallet");
    (state_dir, wallet, wallet_path)
}

impl LocalnetProcess {
    /// Starts a node on free ports with a fresh state directory and waits for `ready`.
    pub fn start() -> Self {
        let (state_dir, wallet, wallet_path) = fresh_state_dir();
        let mut child = command(free_port(), free_port(), &state_dir, &wallet_path)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn localnet");
        let stdout = child.stdout.take().expect("stdout");
        let (ready_tx, ready_rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if line.starts_with("ready") {
                    let _ = ready_tx.send(line);
                }
            }
        });
        let node = Self {
            child,
            state_dir,
            wallet,
        };
        ready_rx
            .recv_timeout(READY_DEADLINE)
            .expect("localnet prints `ready`");
        node
    }

    /// Runs a node to its end, for start-up failures.
    pub fn run_to_end(rpc_port: u16, ws_port: u16) -> Output {
        let (state_dir, _, wallet_path) = fresh_state_dir();
        let output = command(rpc_port, ws_port, &state_dir, &wallet_path)
            .output()
            .expect("run localnet");
        let _ = std::fs::remove_dir_all(state_dir);
        output
    }

    pub fn state_dir(&self) -> &Path {
        &self.state_dir
    }

    pub fn wallet_pubkey(&self) -> Pubkey {
        self.wallet.pubkey()
    }

    /// Sends SIGTERM and waits for the exit.
    pub fn terminate(mut self) -> ExitStatus {
        let pid = self.child.id().to_string();
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .expect("send SIGTERM");
        self.child.wait().expect("wait for localnet")
    }
}

impl Drop for LocalnetProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.state_dir);
    }
}
