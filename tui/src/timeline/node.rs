//! The run's own `localnet`: the binary beside `fulltime` (as the stack finds its parts), on free
//! ports, in a temporary state directory; stopped and the directory removed when dropped.

use std::fs::File;
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use fulltime_client::localnet_env::READY;
use solana_keypair::{Keypair, write_keypair_file};
use solana_signer::Signer;

/// A debug build boots in seconds; the margin is for a loaded machine.
const READY_DEADLINE: Duration = Duration::from_secs(300);

/// The desk's keypair file in the state directory.
const DESK: &str = "desk.json";

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

pub struct OwnNode {
    child: Child,
    state_dir: PathBuf,
}

impl OwnNode {
    /// Starts `localnet` beside this program and waits for its `ready` line.
    pub fn start() -> Result<Self, NodeError> {
        let binary = localnet_binary()?;
        let state_dir = std::env::temp_dir().join(format!(
            "fulltime-timeline-{}-{}",
            std::process::id(),
            Keypair::new().pubkey()
        ));
        std::fs::create_dir_all(&state_dir).map_err(io("create the state directory"))?;
        // The guard exists from here, so the directory goes whatever fails next.
        let spawned = spawn(&binary, &state_dir);
        let child = match spawned {
            Ok(child) => child,
            Err(error) => {
                let _ = std::fs::remove_dir_all(&state_dir);
                return Err(error);
            }
        };
        let mut node = Self { child, state_dir };
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

    /// Waits for `ready`, then keeps draining stdout so that the node never blocks on a full pipe.
    fn wait_until_ready(&mut self) -> Result<(), NodeError> {
        let stdout = self
            .child
            .stdout
            .take()
            .ok_or_else(|| NodeError::NotReady("no stdout".into()))?;
        let (ready, is_ready) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if line.starts_with(READY) {
                    let _ = ready.send(());
                }
            }
        });
        if is_ready.recv_timeout(READY_DEADLINE).is_ok() {
            return Ok(());
        }
        Err(NodeError::NotReady(
            std::fs::read_to_string(self.state_dir.join("localnet.stderr")).unwrap_or_default(),
        ))
    }
}

impl Drop for OwnNode {
    fn drop(&mut self) {
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
fn spawn(binary: &Path, state_dir: &Path) -> Result<Child, NodeError> {
    let wallet = state_dir.join(DESK);
    write_keypair_file(&Keypair::new(), &wallet)
        .map_err(|error| NodeError::Wallet(error.to_string()))?;
    let stderr = File::create(state_dir.join("localnet.stderr")).map_err(io("stderr log"))?;
    let (rpc_port, ws_port) = free_ports()?;
    Command::new(binary)
        .args(["--rpc-port", &rpc_port.to_string()])
        .args(["--ws-port", &ws_port.to_string()])
        .arg("--state-dir")
        .arg(state_dir)
        .arg("--wallet")
        .arg(&wallet)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .map_err(io("start localnet"))
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
