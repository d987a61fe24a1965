//! `<state-dir>/stack.json`: the running stack, written by its supervisor (`fulltime-stack`) once
//! every part answers and removed when it stops. `just down` reads it to stop the parts, and
//! `fulltime` to find the stack's faucet and TxLINE API; scripts may too.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::running_process;
use crate::whole_file::write_atomically;

pub const STACK_FILE: &str = "stack.json";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackRecord {
    pub supervisor: ProcessRecord,
    pub node: ProcessRecord,
    pub faucet: ProcessRecord,
    /// The local TxLINE API (`txline-api`); `None` only in a record written by a supervisor
    /// from before it was a part, which `down` must still read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub txline: Option<ProcessRecord>,
    pub rpc_url: String,
    pub ws_url: String,
    /// The faucet's base URL; requests go to `<faucet_url>/api/faucet`.
    pub faucet_url: String,
    /// The local TxLINE API's base URL (paths under `/api/`), which `fulltime --url localnet`
    /// reads; its credentials are `txline.toml`'s entry for it. `None` as for `txline`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub txline_url: Option<String>,
    /// The wallet the node funded.
    pub wallet: PathBuf,
    pub logs: Vec<PathBuf>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProcessRecord {
    pub pid: u32,
    /// The program's file name, checked before a signal so that a reused pid is left alone.
    pub program: String,
}

#[derive(Debug, thiserror::Error)]
pub enum StackRecordError {
    #[error("cannot read {}: {source}", path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot write {}: {source}", path.display())]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{} is not a stack record: {source}", path.display())]
    NotARecord {
        path: PathBuf,
        source: serde_json::Error,
    },
}

impl ProcessRecord {
    /// Whether the recorded pid still runs the recorded program.
    pub fn is_running(&self) -> bool {
        running_process::runs(self.pid, &self.program)
    }
}

impl StackRecord {
    pub fn path_in(state_dir: &Path) -> PathBuf {
        state_dir.join(STACK_FILE)
    }

    /// The record in `state_dir`, if there is one.
    pub fn load(state_dir: &Path) -> Result<Option<Self>, StackRecordError> {
        let path = Self::path_in(state_dir);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(StackRecordError::Read { path, source }),
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|source| StackRecordError::NotARecord { path, source })
    }

    /// Replaced whole, so a reader never sees half a record.
    pub fn save(&self, state_dir: &Path) -> Result<(), StackRecordError> {
        let path = Self::path_in(state_dir);
        let mut text = serde_json::to_string_pretty(self).expect("a record serializes");
        text.push('\n');
        write_atomically(&path, text.as_bytes())
            .map_err(|source| StackRecordError::Write { path, source })
    }

    pub fn remove(state_dir: &Path) {
        let _ = std::fs::remove_file(Self::path_in(state_dir));
    }

    /// The faucet's base URL, while the faucet the record names still runs: a record a killed
    /// supervisor left behind names a port nothing may listen on.
    pub fn running_faucet_url(&self) -> Option<&str> {
        self.faucet.is_running().then_some(self.faucet_url.as_str())
    }

    /// Every recorded process, the supervisor first and the node last: the order they stop in.
    pub fn processes(&self) -> Vec<(&'static str, &ProcessRecord)> {
        let mut processes = vec![("supervisor", &self.supervisor), ("faucet", &self.faucet)];
        processes.extend(self.txline.as_ref().map(|txline| ("txline-api", txline)));
        processes.push(("localnet", &self.node));
        processes
    }
}

#[cfg(test)]
mod tests;
