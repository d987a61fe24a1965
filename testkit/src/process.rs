//! The `localnet` binary as a child process, for the integration tests of everything that talks
//! to it over JSON-RPC (the node itself, the `fulltime` command, the faucet), and the workspace's
//! binaries found beside a test or another binary.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus};

use fulltime_files::localnet_env::READY;
use fulltime_files::localnet_env::{LocalnetEnv, LocalnetEnvError};
use fulltime_launch::{NotReady, wait_for_line_blocking};
use fulltime_workspace::workspace_root;
use solana_keypair::{Keypair, write_keypair_file};

#[derive(Debug, thiserror::Error)]
pub enum ProcessError {
    #[error("{what}: {source}")]
    Io {
        what: &'static str,
        source: std::io::Error,
    },
    #[error("`cargo build -p {package} --bin {binary}` failed")]
    Build {
        package: &'static str,
        binary: &'static str,
    },
    #[error("localnet did not print `ready` (exit: {exit:?}); stderr:\n{stderr}")]
    NotReady {
        exit: Option<ExitStatus>,
        stderr: String,
    },
    #[error("{binary} did not say where it serves (exit: {exit:?})")]
    NotServing {
        binary: &'static str,
        exit: Option<ExitStatus>,
    },
    #[error(transparent)]
    Env(#[from] LocalnetEnvError),
}

fn io(what: &'static str) -> impl Fn(std::io::Error) -> ProcessError {
    move |source| ProcessError::Io { what, source }
}

/// Two distinct ports nobody listens on right now.
pub fn free_ports() -> Result<(u16, u16), ProcessError> {
    let [rpc, ws] = fulltime_launch::free_ports().map_err(io("find a free port"))?;
    Ok((rpc, ws))
}

/// A state directory `<state_dir>/<name>` whose `env.json` is the one in `state_dir` with other
/// URLs, so that `--url localnet` there reaches the same node, keys and mint through `rpc_url`
/// and `ws_url`: a proxy, or a port nothing listens on.
pub fn redirected_state_dir(
    state_dir: &Path,
    name: &str,
    rpc_url: &str,
    ws_url: &str,
) -> Result<PathBuf, ProcessError> {
    let mut env = LocalnetEnv::load(state_dir)?;
    env.rpc_url = rpc_url.to_owned();
    env.ws_url = ws_url.to_owned();
    let redirected = state_dir.join(name);
    std::fs::create_dir_all(&redirected).map_err(io("create the redirected state directory"))?;
    env.save(&redirected)?;
    Ok(redirected)
}

/// `localnet` in the target directory of `executable` (a binary of the workspace, or a test in
/// `target/<profile>/deps/`), built with cargo in the same profile when it is missing.
pub fn binary_beside(executable: &Path) -> Result<PathBuf, ProcessError> {
    workspace_binary_beside(executable, "fulltime-localnet", "localnet")
}

/// A command's standard output read as one JSON document; what it printed, both streams, when
/// it is not one.
pub fn stdout_json(output: &std::process::Output) -> serde_json::Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|error| {
        panic!(
            "{error}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// Each line of a command's standard output read as one JSON document, as `--json` streams
/// events; a line that is not one panics with both streams.
pub fn stdout_json_lines(output: &std::process::Output) -> Vec<serde_json::Value> {
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            serde_json::from_str(line).unwrap_or_else(|error| {
                panic!(
                    "{error}: {line}\n{}",
                    String::from_utf8_lossy(&output.stderr)
                )
            })
        })
        .collect()
}

/// `fulltime --json timeline run PATH` on a node of its own, the parts it starts built first
/// when missing.
pub fn timeline_run_json(fulltime: &Path, path: &Path) -> std::process::Output {
    timeline_parts_beside(fulltime).expect("localnet, faucet and txline-api beside fulltime");
    Command::new(fulltime)
        .args(["--json", "timeline", "run"])
        .arg(path)
        .output()
        .expect("run fulltime")
}

/// What `fulltime timeline run` starts of its own, beside `fulltime`: `localnet`, `faucet` and
/// `txline-api`, each built when missing.
pub fn timeline_parts_beside(fulltime: &Path) -> Result<(), ProcessError> {
    binary_beside(fulltime)?;
    workspace_binary_beside(fulltime, "fulltime-faucet", "faucet")?;
    workspace_binary_beside(fulltime, "fulltime-txline-api", "txline-api")?;
    Ok(())
}

/// The binary `binary` of the workspace package `package` in the target directory of
/// `executable` (a binary of the workspace, a test in `target/<profile>/deps/` or an example in
/// `target/<profile>/examples/`), built with cargo in the same profile when it is missing.
pub fn workspace_binary_beside(
    executable: &Path,
    package: &'static str,
    binary: &'static str,
) -> Result<PathBuf, ProcessError> {
    let build_failed = ProcessError::Build { package, binary };
    let file_name = format!("{binary}{}", std::env::consts::EXE_SUFFIX);
    let mut dir = executable.parent();
    if dir
        .and_then(Path::file_name)
        .is_some_and(|name| name == "deps" || name == "examples")
    {
        dir = dir.and_then(Path::parent);
    }
    let Some(profile_dir) = dir else {
        return Err(build_failed);
    };
    let path = profile_dir.join(file_name);
    if path.exists() {
        return Ok(path);
    }
    let release = profile_dir
        .file_name()
        .is_some_and(|name| name == "release");
    let status = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()))
        .current_dir(workspace_root())
        .args(["build", "-p", package, "--bin", binary])
        .args(release.then_some("--release"))
        .status()
        .map_err(io("run cargo"))?;
    if status.success() && path.exists() {
        Ok(path)
    } else {
        Err(build_failed)
    }
}

/// A running `localnet` with a state directory and a fresh wallet of its own; killed when
/// dropped. Its stdout and stderr are logged in the state directory (`localnet.stdout`,
/// `localnet.stderr`), which is kept when a test panics.
pub struct LocalnetProcess {
    child: Child,
    state_dir: PathBuf,
    /// Whether dropping it removes the state directory: not when a restart goes on with it.
    owns_state_dir: bool,
    wallet_path: PathBuf,
    rpc_port: u16,
    ws_port: u16,
}

/// The flag that makes `localnet` serve a chain it does not bootstrap.
pub const NO_BOOTSTRAP: &str = "--no-bootstrap";

impl LocalnetProcess {
    /// Starts `binary` on free ports and waits for its `ready` line.
    pub fn start(binary: &Path, name: &str) -> Result<Self, ProcessError> {
        Self::start_with(binary, name, &[])
    }

    /// Starts `binary` on free ports with `extra` flags (e.g. `--log-transactions`) and waits
    /// for its `ready` line. The node funds the process's wallet, unless `extra` holds
    /// `--no-bootstrap`: then the wallet file exists but nothing is on chain.
    pub fn start_with(binary: &Path, name: &str, extra: &[&str]) -> Result<Self, ProcessError> {
        let state_dir = std::env::temp_dir().join(format!(
            "fulltime-{name}-{}-{}",
            std::process::id(),
            solana_address::Address::new_unique()
        ));
        std::fs::create_dir_all(&state_dir).map_err(io("create the state directory"))?;
        let wallet_path = state_dir.join("test-wallet.json");
        write_keypair_file(&Keypair::new(), &wallet_path).map_err(|error| ProcessError::Io {
            what: "write the wallet",
            source: std::io::Error::other(error.to_string()),
        })?;
        Self::start_in(binary, state_dir, wallet_path, extra, true)
    }

    /// Starts `binary` in `state_dir`, which the caller made and keeps (it outlives the node),
    /// with `wallet_path` for its wallet and `extra` flags, and waits for its `ready` line.
    pub fn start_in_dir(
        binary: &Path,
        state_dir: &Path,
        wallet_path: &Path,
        extra: &[&str],
    ) -> Result<Self, ProcessError> {
        Self::start_in(
            binary,
            state_dir.to_owned(),
            wallet_path.to_owned(),
            extra,
            false,
        )
    }

    /// Stops the node with SIGTERM (so that it keeps its chain as it ends), then starts `binary`
    /// again in the same state directory, with the same wallet and `extra` flags (e.g.
    /// `--reset`), on new free ports, and waits for its `ready` line.
    pub fn restart(mut self, binary: &Path, extra: &[&str]) -> Result<Self, ProcessError> {
        self.owns_state_dir = false;
        let state_dir = self.state_dir.clone();
        let wallet_path = self.wallet_path.clone();
        self.terminate()?;
        Self::start_in(binary, state_dir, wallet_path, extra, true)
    }

    /// Starts `binary` in `state_dir` with `wallet_path` for its wallet; `owns_state_dir`: see
    /// the field.
    fn start_in(
        binary: &Path,
        state_dir: PathBuf,
        wallet_path: PathBuf,
        extra: &[&str],
        owns_state_dir: bool,
    ) -> Result<Self, ProcessError> {
        let stderr = File::create(state_dir.join("localnet.stderr")).map_err(io("stderr log"))?;
        let (rpc_port, ws_port) = free_ports()?;
        let mut command = Command::new(binary);
        command
            .args(["--rpc-port", &rpc_port.to_string()])
            .args(["--ws-port", &ws_port.to_string()])
            .arg("--state-dir")
            .arg(&state_dir)
            .args(extra);
        // `--wallet` names what the bootstrap funds, so it goes with a bootstrap only.
        if !extra.contains(&NO_BOOTSTRAP) {
            command.arg("--wallet").arg(&wallet_path);
        }
        // Into a file, not a pipe: the node never blocks on a full pipe (the programs' `msg!`
        // output goes there), and the launcher's wait reads the file.
        let stdout = File::create(state_dir.join("localnet.stdout")).map_err(io("stdout log"))?;
        let child = command
            .stdout(stdout)
            .stderr(stderr)
            .spawn()
            .map_err(io("start localnet"))?;
        // The guard exists before waiting, so a node that never gets ready is still killed.
        let mut node = Self {
            child,
            state_dir,
            owns_state_dir,
            wallet_path,
            rpc_port,
            ws_port,
        };
        node.wait_until_ready()?;
        Ok(node)
    }

    /// Waits for `ready` in the stdout log with the launcher's wait and deadline; blocking, as
    /// this guard's start always was.
    fn wait_until_ready(&mut self) -> Result<(), ProcessError> {
        let stdout = self.state_dir.join("localnet.stdout");
        let child = &mut self.child;
        let exit = match wait_for_line_blocking(
            &stdout,
            |line| line.starts_with(READY),
            || child.try_wait(),
        ) {
            Ok(_) => return Ok(()),
            Err(NotReady::Exited(status)) => Some(status),
            Err(NotReady::TimedOut(_) | NotReady::Watch(_)) => None,
        };
        Err(ProcessError::NotReady {
            exit,
            stderr: std::fs::read_to_string(self.state_dir.join("localnet.stderr"))
                .unwrap_or_default(),
        })
    }

    pub fn state_dir(&self) -> &Path {
        &self.state_dir
    }

    /// The keypair file of the wallet the node funded (with `--no-bootstrap`: a fresh wallet's,
    /// for whatever bootstraps the node).
    pub fn wallet_path(&self) -> &Path {
        &self.wallet_path
    }

    /// The node's process id (to look at what it holds open).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The JSON-RPC port it serves.
    pub fn rpc_port(&self) -> u16 {
        self.rpc_port
    }

    /// `http://127.0.0.1:<rpc port>`.
    pub fn rpc_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.rpc_port)
    }

    /// `ws://127.0.0.1:<ws port>`.
    pub fn ws_url(&self) -> String {
        format!("ws://127.0.0.1:{}", self.ws_port)
    }

    /// What the node has printed to stdout so far (its `ready` line, and with
    /// `--log-transactions` the transactions).
    pub fn stdout_log(&self) -> String {
        std::fs::read_to_string(self.state_dir.join("localnet.stdout")).unwrap_or_default()
    }

    /// [`redirected_state_dir`] inside this node's state directory, removed with it.
    pub fn redirected(
        &self,
        name: &str,
        rpc_url: &str,
        ws_url: &str,
    ) -> Result<PathBuf, ProcessError> {
        redirected_state_dir(&self.state_dir, name, rpc_url, ws_url)
    }

    /// What the node wrote to `env.json`.
    pub fn env(&self) -> Result<LocalnetEnv, ProcessError> {
        Ok(LocalnetEnv::load(&self.state_dir)?)
    }

    /// Sends SIGTERM and waits for the node to exit.
    pub fn terminate(mut self) -> Result<ExitStatus, ProcessError> {
        let pid = self.child.id().to_string();
        Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .map_err(io("send SIGTERM"))?;
        self.child.wait().map_err(io("wait for localnet"))
    }
}

impl Drop for LocalnetProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !self.owns_state_dir {
            return;
        }
        if std::thread::panicking() {
            eprintln!(
                "localnet state and logs kept in {}",
                self.state_dir.display()
            );
        } else {
            let _ = std::fs::remove_dir_all(&self.state_dir);
        }
    }
}
