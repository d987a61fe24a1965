//! The run's own `localnet`: the binary beside `fulltime` (as the stack finds its parts), on free
//! ports, in a temporary state directory; stopped and the directory removed when dropped, unless
//! it was left running (`--to`). Its stdout goes to a file of the directory, so that a node left
//! running never writes into a pipe nobody reads.

use std::fs::File;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fulltime_client::localnet_env::READY;
use solana_keypair::{Keypair, write_keypair_file};
use solana_signer::Signer;

/// A debug build boots in seconds; the margin is for a loaded machine.
const READY_DEADLINE: Duration = Duration::from_secs(300);

/// How often the start looks for the `ready` line in the stdout file.
const READY_POLL: Duration = Duration::from_millis(50);

/// The desk's keypair file in the state directory.
const DESK: &str = "desk.json";
/// The node's stdout, in the state directory.
const STDOUT: &str = "localnet.stdout";

#[derive(Debug, thiserror::Error)]
pub enum NodeError {
    #[error("{what}: {source}")]
    Io {
        what: &'static str,
        source: std::io::Error,
    },
    #[error(
        "no `localnet` beside this program at {0} (build it: cargo build -p fulltime-localnet)"
    )]
    Missing(PathBuf),
    #[error("write the node's wallet: {0}")]
    Wallet(String),
    #[error("localnet did not print `ready`; its stderr:\n{0}")]
    NotReady(String),
}

fn io(what: &'static str) -> impl Fn(std::io::Error) -> NodeError {
    move |source| NodeError::Io { what, source }
}

/// Whether the node may outlive this program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lifetime {
    /// Stopped with the run, and stopped by the terminal's Ctrl-C with it.
    Run,
    /// In a process group of its own, so that neither this program's end nor a Ctrl-C meant for
    /// it stops the node (`--to`).
    Detachable,
}

pub struct OwnNode {
    child: Child,
    state_dir: PathBuf,
    /// Left running: dropping it stops nothing and removes nothing.
    left: bool,
}

/// A node left running: where it is and how to stop it.
pub struct LeftNode {
    pub pid: u32,
    pub state_dir: PathBuf,
}

impl OwnNode {
    /// Starts `localnet` beside this program and waits for its `ready` line.
    pub fn start(lifetime: Lifetime) -> Result<Self, NodeError> {
        let binary = localnet_binary()?;
        let state_dir = std::env::temp_dir().join(format!(
            "fulltime-timeline-{}-{}",
            std::process::id(),
            Keypair::new().pubkey()
        ));
        std::fs::create_dir_all(&state_dir).map_err(io("create the state directory"))?;
        // The guard exists from here, so the directory goes whatever fails next.
        let spawned = spawn(&binary, &state_dir, lifetime);
        let child = match spawned {
            Ok(child) => child,
            Err(error) => {
                let _ = std::fs::remove_dir_all(&state_dir);
                return Err(error);
            }
        };
        let mut node = Self {
            child,
            state_dir,
            left: false,
        };
        node.wait_until_ready()?;
        Ok(node)
    }

    pub fn state_dir(&self) -> &Path {
        &self.state_dir
    }

    /// The keypair file of the wallet the node funded: the desk, which creates and settles.
    pub fn desk_path(&self) -> PathBuf {
        self.state_dir.join(DESK)
    }

    /// Leaves the node running (a `Detachable` one outlives this program) with its directory.
    pub fn leave_running(mut self) -> LeftNode {
        self.left = true;
        LeftNode {
            pid: self.child.id(),
            state_dir: self.state_dir.clone(),
        }
    }

    /// Waits for the `ready` line in the stdout file, or the node's end.
    fn wait_until_ready(&mut self) -> Result<(), NodeError> {
        let stdout = self.state_dir.join(STDOUT);
        let started = Instant::now();
        while started.elapsed() < READY_DEADLINE {
            let text = std::fs::read_to_string(&stdout).unwrap_or_default();
            if text.lines().any(|line| line.starts_with(READY)) {
                return Ok(());
            }
            if matches!(self.child.try_wait(), Ok(Some(_)) | Err(_)) {
                break;
            }
            std::thread::sleep(READY_POLL);
        }
        Err(NodeError::NotReady(
            std::fs::read_to_string(self.state_dir.join("localnet.stderr")).unwrap_or_default(),
        ))
    }
}

impl Drop for OwnNode {
    fn drop(&mut self) {
        if self.left {
            return;
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.state_dir);
    }
}

/// `localnet` in this program's directory.
fn localnet_binary() -> Result<PathBuf, NodeError> {
    let exe = std::env::current_exe().map_err(io("find this program"))?;
    let path = exe
        .parent()
        .unwrap_or(Path::new("."))
        .join(format!("localnet{}", std::env::consts::EXE_SUFFIX));
    if path.is_file() {
        Ok(path)
    } else {
        Err(NodeError::Missing(path))
    }
}

/// `binary` on free ports in `state_dir`, funding a fresh wallet there: the desk that creates
/// and settles the timeline's markets.
fn spawn(binary: &Path, state_dir: &Path, lifetime: Lifetime) -> Result<Child, NodeError> {
    let wallet = state_dir.join(DESK);
    write_keypair_file(&Keypair::new(), &wallet)
        .map_err(|error| NodeError::Wallet(error.to_string()))?;
    let stderr = File::create(state_dir.join("localnet.stderr")).map_err(io("stderr log"))?;
    let stdout = File::create(state_dir.join(STDOUT)).map_err(io("stdout log"))?;
    let (rpc_port, ws_port) = free_ports()?;
    let mut command = Command::new(binary);
    command
        .args(["--rpc-port", &rpc_port.to_string()])
        .args(["--ws-port", &ws_port.to_string()])
        .arg("--state-dir")
        .arg(state_dir)
        .arg("--wallet")
        .arg(&wallet)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr);
    #[cfg(unix)]
    if lifetime == Lifetime::Detachable {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    #[cfg(not(unix))]
    let _ = lifetime;
    command.spawn().map_err(io("start localnet"))
}

/// Two distinct ports nobody listens on right now (both listeners held at once).
fn free_ports() -> Result<(u16, u16), NodeError> {
    let first = TcpListener::bind("127.0.0.1:0").map_err(io("bind a free port"))?;
    let second = TcpListener::bind("127.0.0.1:0").map_err(io("bind a free port"))?;
    let port = |listener: &TcpListener| listener.local_addr().map(|address| address.port());
    Ok((
        port(&first).map_err(io("read a port"))?,
        port(&second).map_err(io("read a port"))?,
    ))
}
