//! `<state-dir>/stack.json`: the running stack, written by its supervisor once every part
//! answers and removed when it stops. `just down` reads it; scripts may too.

use std::path::{Path, PathBuf};

use fulltime_client::snapshot::write_atomically;
use serde::{Deserialize, Serialize};

use crate::error::{StackError, io};
use crate::os;

pub const RECORD_FILE: &str = "stack.json";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StackRecord {
    pub supervisor: ProcessRecord,
    pub node: ProcessRecord,
    pub faucet: ProcessRecord,
    pub rpc_url: String,
    pub ws_url: String,
    /// The faucet's base URL; requests go to `<faucet_url>/api/faucet`.
    pub faucet_url: String,
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

impl ProcessRecord {
    pub fn is_running(&self) -> bool {
        os::runs(self.pid, &self.program)
    }
}

impl StackRecord {
    pub fn path_in(state_dir: &Path) -> PathBuf {
        state_dir.join(RECORD_FILE)
    }

    /// The record in `state_dir`, if there is one.
    pub fn load(state_dir: &Path) -> Result<Option<Self>, StackError> {
        let path = Self::path_in(state_dir);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(source) => {
                return Err(StackError::Io {
                    what: format!("read {}", path.display()),
                    source,
                });
            }
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|source| StackError::Record { path, source })
    }

    /// Replaced whole, so a reader never sees half a record.
    pub fn save(&self, state_dir: &Path) -> Result<(), StackError> {
        let path = Self::path_in(state_dir);
        let mut text = serde_json::to_string_pretty(self).expect("a record serializes");
        text.push('\n');
        write_atomically(&path, text.as_bytes()).map_err(io(format!("write {}", path.display())))
    }

    pub fn remove(state_dir: &Path) {
        let _ = std::fs::remove_file(Self::path_in(state_dir));
    }

    /// Every recorded process, the supervisor first.
    pub fn processes(&self) -> [(&'static str, &ProcessRecord); 3] {
        [
            ("supervisor", &self.supervisor),
            ("faucet", &self.faucet),
            ("localnet", &self.node),
        ]
    }
}
