//! Anchor's own TypeScript client, `clients/anchor-ts/` (`@coral-xyz/anchor` pinned in its
//! lockfile), for the tests that hold Fulltime to a client nobody here wrote: Node.js 20 or later
//! checked, the packages installed with `npm ci` on first use (`node_modules/`, ignored by git),
//! then its scripts run.
//!
//! Node.js and npm are required: serving real clients is part of the contract, so a machine
//! without them fails these tests and says what to install.

use std::ffi::OsStr;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, ExitStatus, Output, Stdio};
use std::sync::Mutex;

use fulltime_workspace::workspace_root;

/// Held while the packages are checked and installed, so that the tests of one binary, run on
/// threads of their own, never run two `npm ci` in the same folder.
static INSTALLING: Mutex<()> = Mutex::new(());

#[derive(Debug, thiserror::Error)]
pub enum AnchorTsError {
    #[error(
        "cannot run {program} ({source}): install Node.js 20 or later with npm (e.g. `apt install \
         nodejs npm`); the Anchor TypeScript client's tests need them"
    )]
    Missing {
        program: &'static str,
        source: std::io::Error,
    },
    #[error("Node.js {0} is too old: 20 or later")]
    TooOld(String),
    #[error("{what} failed ({status}):\n{stdout}\n{stderr}")]
    Failed {
        what: String,
        status: ExitStatus,
        stdout: String,
        stderr: String,
    },
}

/// The client's folder, Node.js checked and its packages installed.
pub struct AnchorTsClient {
    dir: PathBuf,
}

impl AnchorTsClient {
    /// Checks Node.js and installs the packages from the lockfile when they are not there yet.
    pub fn installed() -> Result<Self, AnchorTsError> {
        let dir = workspace_root().join("clients/anchor-ts");
        // Nothing panics while holding it, so a poisoned lock guards nothing half done.
        let _installing = INSTALLING
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let version = succeeded(
            Command::new("node").arg("--version"),
            "node",
            "node --version",
        )?;
        let version = String::from_utf8_lossy(&version.stdout).trim().to_owned();
        let major = version
            .trim_start_matches('v')
            .split('.')
            .next()
            .and_then(|major| major.parse::<u32>().ok());
        if major.is_none_or(|major| major < 20) {
            return Err(AnchorTsError::TooOld(version));
        }
        if !dir.join("node_modules/@coral-xyz/anchor").exists() {
            succeeded(
                Command::new("npm")
                    .args(["ci", "--no-audit", "--no-fund"])
                    .current_dir(&dir),
                "npm",
                "npm ci in clients/anchor-ts",
            )?;
        }
        Ok(Self { dir })
    }

    /// `node <script> <args>` in the client's folder, `stdin` written to its standard input;
    /// its standard output when it exits with success.
    pub fn run<I, S>(&self, script: &str, args: I, stdin: &[u8]) -> Result<Vec<u8>, AnchorTsError>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let missing = |source| AnchorTsError::Missing {
            program: "node",
            source,
        };
        let mut child = Command::new("node")
            .arg(script)
            .args(args)
            .current_dir(&self.dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(missing)?;
        // Dropped after writing, so that the script reads to the end of its input. A script that
        // stops before reading it all says why on stderr, which its exit status brings back.
        if let Some(mut input) = child.stdin.take() {
            let _ = input.write_all(stdin);
        }
        let output = child.wait_with_output().map_err(missing)?;
        check(output, &format!("node {script}")).map(|output| output.stdout)
    }
}

fn succeeded(
    command: &mut Command,
    program: &'static str,
    what: &str,
) -> Result<Output, AnchorTsError> {
    let output = command
        .output()
        .map_err(|source| AnchorTsError::Missing { program, source })?;
    check(output, what)
}

fn check(output: Output, what: &str) -> Result<Output, AnchorTsError> {
    if output.status.success() {
        return Ok(output);
    }
    Err(AnchorTsError::Failed {
        what: what.to_owned(),
        status: output.status,
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    })
}
