//! `chain-clock.json`: the kept chain's clock and slot, rewritten as the clock moves.

use std::path::Path;

use fulltime_files::snapshot::ChainClock;
use fulltime_files::whole_file::write_atomically;
use serde::{Deserialize, Serialize};

/// The clock of the chain made at `started`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TickedClock {
    /// Which chain: its `started` (a clock of another chain is ignored).
    pub started: i64,
    pub unix_ms: u64,
    pub slot: u64,
    pub block_height: u64,
    pub transaction_count: u64,
}

impl TickedClock {
    pub fn new(started: i64, clock: ChainClock) -> Self {
        Self {
            started,
            unix_ms: clock.unix_ms,
            slot: clock.slot,
            block_height: clock.block_height,
            transaction_count: clock.transaction_count,
        }
    }

    pub fn clock(&self) -> ChainClock {
        ChainClock {
            unix_ms: self.unix_ms,
            slot: self.slot,
            block_height: self.block_height,
            transaction_count: self.transaction_count,
        }
    }
}

/// The clock at `path`, `None` when there is no file; a file that does not parse is an error
/// (its clock may be the chain's latest, which must not silently go back).
pub fn read(path: &Path) -> Result<Option<TickedClock>, String> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(format!("cannot read it: {error}")),
    };
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|error| format!("corrupt or truncated: {error}"))
}

pub fn write(path: &Path, clock: &TickedClock) -> std::io::Result<()> {
    let mut text = serde_json::to_string_pretty(clock).expect("a clock serializes");
    text.push('\n');
    write_atomically(path, text.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_names_a_bad_file() {
        let dir = std::env::temp_dir().join(format!("fulltime-clock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("chain-clock.json");
        assert_eq!(read(&path), Ok(None));
        let clock = TickedClock {
            started: 1_780_000_000,
            unix_ms: 1_778_940_000_000,
            slot: 5_000,
            block_height: 40,
            transaction_count: 39,
        };
        write(&path, &clock).expect("write");
        assert_eq!(read(&path), Ok(Some(clock)));
        assert_eq!(TickedClock::new(clock.started, clock.clock()), clock);
        std::fs::write(&path, "{\"started\": 17").expect("truncate");
        let error = read(&path).expect_err("truncated");
        assert!(error.starts_with("corrupt or truncated"), "{error}");
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
