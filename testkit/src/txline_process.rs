//! `txline-api`, the local stand-in of TxLINE's API, as a child process for the tests that settle
//! by record: beside the test's `fulltime` (built when missing), on a free port, keeping its
//! credentials in the node's state directory as `just dev` does; stopped when dropped.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use fulltime_client::txline::api::SERVING;

use crate::process::{ProcessError, free_ports, workspace_binary_beside};

pub struct TxlineProcess {
    child: Child,
    url: String,
}

impl TxlineProcess {
    /// Starts `txline-api` from `executable`'s target directory with its credentials in
    /// `state_dir`, and waits until it says where it serves.
    pub fn start(executable: &Path, state_dir: &Path) -> Result<Self, ProcessError> {
        let binary = workspace_binary_beside(executable, "fulltime-txline-api", "txline-api")?;
        let (port, _) = free_ports()?;
        let mut child = Command::new(binary)
            .args(["--bind", "127.0.0.1", "--port", &port.to_string()])
            .arg("--state-dir")
            .arg(state_dir)
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|source| ProcessError::Io {
                what: "start txline-api",
                source,
            })?;
        // The child keeps writing nothing after its ready line; its pipe is read once.
        let serving = child.stdout.take().and_then(|stdout| {
            BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
                .find(|line| line.contains(SERVING))
        });
        let Some(url) = serving.and_then(|line| Some(line.rsplit(' ').next()?.to_owned())) else {
            let _ = child.kill();
            return Err(ProcessError::NotServing {
                binary: "txline-api",
                exit: child.wait().ok(),
            });
        };
        Ok(Self { child, url })
    }

    /// Its base URL, as `--txline-url` takes it.
    pub fn url(&self) -> &str {
        &self.url
    }
}

impl Drop for TxlineProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
