//! What the run's own processes share, the node, the faucet and the TxLINE API (the stack's parts,
//! found as the stack finds them): the binary beside `fulltime`, free ports, output in files of
//! the state directory (a process left running never writes into a pipe nobody reads), a process
//! group of its own when it may outlive the run, the wait for the line that says it serves (the
//! launcher's, `fulltime_launch`), and the stop with the run unless it is left running.

use std::fs::File;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use fulltime_launch::wait_for_line;

use fulltime_desk::error::NodeError;

pub fn io(what: &'static str) -> impl Fn(std::io::Error) -> NodeError {
    move |source| NodeError::Io { what, source }
}

/// Whether a process of the run may outlive this program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lifetime {
    /// Stopped with the run, and stopped by the terminal's Ctrl-C with it.
    Run,
    /// In a process group of its own, so that neither this program's end nor a Ctrl-C meant for
    /// it stops it (`--to`).
    Detachable,
}

/// A part of the stack: its binary and the package that builds it.
#[derive(Clone, Copy, Debug)]
pub struct PartBinary {
    pub binary: &'static str,
    pub package: &'static str,
}

impl PartBinary {
    /// The binary in this program's directory.
    pub fn path(self) -> Result<PathBuf, NodeError> {
        let exe = std::env::current_exe().map_err(io("find this program"))?;
        let path = exe.parent().unwrap_or(Path::new(".")).join(format!(
            "{}{}",
            self.binary,
            std::env::consts::EXE_SUFFIX
        ));
        if path.is_file() {
            Ok(path)
        } else {
            Err(NodeError::Missing {
                binary: self.binary,
                package: self.package,
                path,
            })
        }
    }

    /// Spawns `command` (this part's binary with its flags) writing to `<state_dir>/<binary>.log`
    /// (stdout) and `<binary>.stderr`, and waits until its stdout has a line `serves` accepts;
    /// a part that ends first or never says it is an error holding what it wrote. The wait
    /// sleeps on the runtime's timer, never the thread: the run is a task of the runtime.
    pub async fn start(
        self,
        mut command: Command,
        state_dir: &Path,
        lifetime: Lifetime,
        serves: impl Fn(&str) -> bool,
    ) -> Result<Child, NodeError> {
        let stdout_path = state_dir.join(format!("{}.log", self.binary));
        let stderr_path = state_dir.join(format!("{}.stderr", self.binary));
        let stdout = File::create(&stdout_path).map_err(io("create a log"))?;
        let stderr = File::create(&stderr_path).map_err(io("create a log"))?;
        command.stdin(Stdio::null()).stdout(stdout).stderr(stderr);
        #[cfg(unix)]
        if lifetime == Lifetime::Detachable {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        #[cfg(not(unix))]
        let _ = lifetime;
        let mut child = command.spawn().map_err(io("start a part of the stack"))?;
        if wait_for_line(&stdout_path, serves, || child.try_wait())
            .await
            .is_ok()
        {
            return Ok(child);
        }
        let _ = child.kill();
        let _ = child.wait();
        let read = |path: &Path| std::fs::read_to_string(path).unwrap_or_default();
        Err(NodeError::NotReady {
            binary: self.binary,
            output: format!("{}{}", read(&stdout_path), read(&stderr_path)),
        })
    }
}

/// A part serving HTTP at `url`: stopped when dropped, unless left running with its node.
pub struct ServingPart {
    /// `None`: not started, as no timeline of the run needs it.
    child: Option<Child>,
    url: String,
    /// Left running: dropping it stops nothing.
    left: bool,
}

impl ServingPart {
    /// Starts `command` as `binary`'s [`PartBinary::start`] does, serving at `address`.
    pub async fn start(
        binary: PartBinary,
        command: Command,
        address: SocketAddr,
        state_dir: &Path,
        lifetime: Lifetime,
        serves: impl Fn(&str) -> bool,
    ) -> Result<Self, NodeError> {
        let child = binary.start(command, state_dir, lifetime, serves).await?;
        Ok(Self {
            child: Some(child),
            url: format!("http://{address}"),
            left: false,
        })
    }

    /// A part the run does not start (no timeline asks it anything): its URL is empty.
    pub fn not_started() -> Self {
        Self {
            child: None,
            url: String::new(),
            left: false,
        }
    }

    pub fn started(&self) -> bool {
        self.child.is_some()
    }

    /// Its base URL, as `--faucet-url` and `--txline-url` take it.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Leaves it running with its node; its pid (0 when it was not started).
    pub fn leave_running(mut self) -> u32 {
        self.left = true;
        self.child.as_ref().map_or(0, Child::id)
    }
}

impl Drop for ServingPart {
    fn drop(&mut self) {
        if let (Some(child), false) = (&mut self.child, self.left) {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// `COUNT` distinct ports nobody listens on right now, drawn as the launcher draws them.
pub fn free_ports<const COUNT: usize>() -> Result<[u16; COUNT], NodeError> {
    fulltime_launch::free_ports().map_err(io("find a free port"))
}
