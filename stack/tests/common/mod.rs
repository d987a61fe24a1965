//! The test stack: a state directory, free ports, the `fulltime-stack` binary and the parts'
//! binaries beside it.

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use fulltime_files::running_process;
use fulltime_files::stack_record::StackRecord;
use fulltime_testkit::process::workspace_binary_beside;

/// Long enough for a part's grace period and a loaded machine.
pub const GONE_WITHIN: Duration = Duration::from_secs(30);

/// A state directory and four free ports; `down` runs when dropped, so a failing test leaves
/// nothing running either.
pub struct Stack {
    pub state_dir: PathBuf,
    pub rpc_port: u16,
    pub ws_port: u16,
    pub faucet_port: u16,
    pub txline_port: u16,
}

impl Stack {
    pub fn new(name: &str) -> Self {
        let state_dir =
            std::env::temp_dir().join(format!("fulltime-stack-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&state_dir);
        // Drawn as the launcher draws them: distinct, and outside the range where outgoing
        // connections take their ports.
        let [rpc_port, ws_port, faucet_port, txline_port] =
            fulltime_launch::free_ports().expect("free ports");
        Self {
            rpc_port,
            ws_port,
            faucet_port,
            txline_port,
            state_dir,
        }
    }

    pub fn command(&self, subcommand: &str) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_fulltime-stack"));
        command
            .arg(subcommand)
            .arg("--state-dir")
            .arg(&self.state_dir);
        command
    }

    pub fn up(&self) -> Output {
        self.command("up")
            .args(self.start_args())
            .output()
            .expect("run fulltime-stack up")
    }

    /// The ports and the binaries, as `up` and `dev` take them.
    pub fn start_args(&self) -> Vec<String> {
        vec![
            "--rpc-port".into(),
            self.rpc_port.to_string(),
            "--ws-port".into(),
            self.ws_port.to_string(),
            "--faucet-port".into(),
            self.faucet_port.to_string(),
            "--txline-port".into(),
            self.txline_port.to_string(),
            "--bin-dir".into(),
            binaries().display().to_string(),
        ]
    }

    pub fn down(&self) -> Output {
        self.command("down")
            .output()
            .expect("run fulltime-stack down")
    }

    pub fn record(&self) -> StackRecord {
        StackRecord::load(&self.state_dir)
            .expect("a readable record")
            .expect("a record of the running stack")
    }

    pub fn ports(&self) -> [u16; 4] {
        [
            self.rpc_port,
            self.ws_port,
            self.faucet_port,
            self.txline_port,
        ]
    }

    /// Every recorded process gone and every port free again.
    pub fn assert_nothing_left(&self, record: &StackRecord) {
        for (name, process) in record.processes() {
            assert!(
                gone_within(process.pid),
                "{name} (pid {}) still runs",
                process.pid
            );
        }
        for port in self.ports() {
            assert!(
                TcpListener::bind(("127.0.0.1", port)).is_ok(),
                "port {port} is still taken"
            );
        }
    }
}

impl Drop for Stack {
    fn drop(&mut self) {
        let _ = self.down();
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.state_dir);
        }
    }
}

/// The directory of `localnet`, `faucet`, `txline-api` and `fulltime`: this test's target
/// directory, where
/// each is built when missing (a `cargo test -p fulltime-stack` alone does not build other
/// packages' binaries).
pub fn binaries() -> PathBuf {
    let test = std::env::current_exe().expect("the test's path");
    let parts = [
        ("fulltime-localnet", "localnet"),
        ("fulltime-faucet", "faucet"),
        ("fulltime-txline-api", "txline-api"),
        ("fulltime-tui", "fulltime"),
    ];
    let paths = parts.map(|(package, binary)| {
        workspace_binary_beside(&test, package, binary)
            .unwrap_or_else(|error| panic!("building the stack's binaries failed: {error}"))
    });
    paths[0].parent().expect("target/<profile>").to_path_buf()
}

pub fn gone_within(pid: u32) -> bool {
    let started = Instant::now();
    while running_process::is_running(pid) {
        if started.elapsed() > GONE_WITHIN {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn assert_success(output: &Output, what: &str) {
    assert!(
        output.status.success(),
        "{what} failed ({}):\nstdout:\n{}\nstderr:\n{}",
        output.status,
        text(&output.stdout),
        text(&output.stderr)
    );
}
