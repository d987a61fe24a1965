//! `<state-dir>/stack.json`: the running stack, written by its supervisor once every part
//! answers and removed when it stops. `just down` reads it; scripts may too.

use std::path::{Path, PathBuf};

use fulltime_files::whole_file::write_atomically;
use serde::{Deserialize, Serialize};

use crate::error::{StackError, io};
use crate::os;

pub const RECORD_FILE: &str = "stack.json";

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

    /// Every recorded process, the supervisor first and the node last: the order they stop in.
    pub fn processes(&self) -> Vec<(&'static str, &ProcessRecord)> {
        let mut processes = vec![("supervisor", &self.supervisor), ("faucet", &self.faucet)];
        processes.extend(self.txline.as_ref().map(|txline| ("txline-api", txline)));
        processes.push(("localnet", &self.node));
        processes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn process(pid: u32, program: &str) -> ProcessRecord {
        ProcessRecord {
            pid,
            program: program.into(),
        }
    }

    fn record() -> StackRecord {
        StackRecord {
            supervisor: process(10, "fulltime-stack"),
            node: process(11, "localnet"),
            faucet: process(12, "faucet"),
            txline: Some(process(13, "txline-api")),
            rpc_url: "http://127.0.0.1:8899".into(),
            ws_url: "ws://127.0.0.1:8900".into(),
            faucet_url: "http://127.0.0.1:8080".into(),
            txline_url: Some("http://127.0.0.1:8090".into()),
            wallet: "/state/wallet.json".into(),
            logs: vec!["/state/localnet.log".into()],
        }
    }

    #[test]
    fn the_record_names_the_txline_api_and_its_url_and_reads_back() {
        let record = record();
        let json = serde_json::to_value(&record).expect("serializes");
        assert_eq!(json["txline_url"], "http://127.0.0.1:8090");
        assert_eq!(json["txline"]["program"], "txline-api");
        assert_eq!(
            serde_json::from_value::<StackRecord>(json).expect("reads back"),
            record
        );
        let names: Vec<&str> = record.processes().iter().map(|(name, _)| *name).collect();
        assert_eq!(names, ["supervisor", "faucet", "txline-api", "localnet"]);
    }

    #[test]
    fn a_record_from_before_the_txline_api_still_reads() {
        let mut json = serde_json::to_value(record()).expect("serializes");
        let object = json.as_object_mut().expect("an object");
        object.remove("txline");
        object.remove("txline_url");
        let old: StackRecord = serde_json::from_value(json).expect("reads");
        assert_eq!(old.processes().len(), 3);
        assert_eq!((old.txline, old.txline_url), (None, None));
    }
}
