//! `fulltime snapshot save` and `list`: a saved snapshot, and the snapshots directory.

use std::fmt;
use std::path::Path;

use fulltime_client::snapshot::{Listed, Saved};
use fulltime_client::terminal_text::escaped;
use fulltime_files::localnet_env::ChainInfo;
use fulltime_files::snapshot::ChainClock;
use serde::Serialize;

use super::receipt::{Summary, TransactionLink};
use crate::input::format_time;

/// A chain written to a file, a snapshot or a bundle: where, how big, and the chain's clock.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SavedChain {
    pub path: String,
    pub bytes: u64,
    pub accounts: usize,
    /// The chain's clock, unix seconds.
    pub clock: i64,
    pub clock_utc: String,
    pub slot: u64,
}

impl SavedChain {
    pub fn new(path: &Path, bytes: u64, accounts: usize, clock: &ChainClock) -> Self {
        let unix = clock.unix_timestamp();
        Self {
            path: path.display().to_string(),
            bytes,
            accounts,
            clock: unix,
            clock_utc: format_time(unix),
            slot: clock.slot,
        }
    }

    /// `Chain clock 2026-05-16T15:52:00Z, slot 1234`.
    pub fn clock_line(&self) -> String {
        format!("Chain clock {}, slot {}", self.clock_utc, self.slot)
    }
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SavedSnapshot {
    pub name: String,
    #[serde(flatten)]
    pub chain: SavedChain,
}

impl SavedSnapshot {
    pub fn new(saved: &Saved) -> Self {
        Self {
            name: saved.name.clone(),
            chain: SavedChain::new(&saved.path, saved.bytes, saved.accounts, &saved.clock),
        }
    }
}

/// `Snapshot bug-17 saved: ... (23 accounts, chain clock ...)`: a file, no transaction.
impl Summary for SavedSnapshot {
    fn summary(&self) -> String {
        format!(
            "Snapshot {} saved: {} ({} accounts, chain clock {})",
            self.name, self.chain.path, self.chain.accounts, self.chain.clock_utc
        )
    }

    fn transaction(&self) -> Option<&TransactionLink> {
        None
    }
}

/// ```text
/// Saved snapshot bug-17: .localnet/snapshots/bug-17.snapshot (41250 bytes, 23 accounts)
/// Chain clock 2026-05-16T15:52:00Z, slot 1234
/// Open it with `just dev --snapshot bug-17`, or attach the file and open it with
/// `just dev --snapshot PATH`
/// ```
impl fmt::Display for SavedSnapshot {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            formatter,
            "Saved snapshot {}: {} ({} bytes, {} accounts)",
            escaped(&self.name),
            escaped(&self.chain.path),
            self.chain.bytes,
            self.chain.accounts
        )?;
        writeln!(formatter, "{}", self.chain.clock_line())?;
        write!(
            formatter,
            "Open it with `just dev --snapshot {}`, or attach the file and open it with `just dev \
             --snapshot PATH`",
            escaped(&self.name)
        )
    }
}

/// Which chain localnet serves, for the dashboard's header: `resumed chain, made
/// 2026-11-26T13:20:05Z`, `new chain, made ...`, `chain from snapshot bug-17, made ...`.
pub fn chain_label(chain: &ChainInfo) -> String {
    let which = match (&chain.snapshot, chain.resumed) {
        (Some(snapshot), _) => {
            let name = std::path::Path::new(snapshot).file_stem().map_or_else(
                || snapshot.clone(),
                |stem| stem.to_string_lossy().into_owned(),
            );
            format!("chain from snapshot {name}")
        }
        (None, true) => "resumed chain".to_owned(),
        (None, false) => "new chain".to_owned(),
    };
    format!("{which}, made {}", format_time(chain.started))
}

#[derive(Clone, Debug, Serialize)]
pub struct SnapshotList {
    pub snapshots: Vec<ListedSnapshot>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ListedSnapshot {
    pub name: String,
    pub path: String,
    pub bytes: u64,
    /// When it was saved, unix seconds; `None` when the file cannot be read.
    pub saved_at: Option<i64>,
    pub clock: Option<i64>,
    pub slot: Option<u64>,
    pub accounts: Option<usize>,
    /// Why this build cannot load it, when it cannot.
    pub unusable: Option<String>,
}

impl SnapshotList {
    pub fn new(listed: &[Listed]) -> Self {
        let snapshots = listed
            .iter()
            .map(|listed| {
                let content = listed.content.as_ref().ok();
                ListedSnapshot {
                    name: listed.name.clone(),
                    path: listed.path.display().to_string(),
                    bytes: listed.bytes,
                    saved_at: content.map(|summary| summary.saved_at),
                    clock: content.map(|summary| summary.clock.unix_timestamp()),
                    slot: content.map(|summary| summary.clock.slot),
                    accounts: content.map(|summary| summary.accounts),
                    unusable: match &listed.content {
                        Ok(summary) => summary.other_build.clone(),
                        Err(error) => Some(error.clone()),
                    },
                }
            })
            .collect();
        Self { snapshots }
    }
}

/// One line a snapshot: name, when saved, the chain's clock and slot, size; or why it cannot
/// be loaded.
impl fmt::Display for SnapshotList {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.snapshots.is_empty() {
            return write!(
                formatter,
                "No snapshots yet: `fulltime snapshot save NAME` writes one"
            );
        }
        for (index, snapshot) in self.snapshots.iter().enumerate() {
            if index > 0 {
                writeln!(formatter)?;
            }
            write!(formatter, "{}", escaped(&snapshot.name))?;
            if let (Some(saved_at), Some(clock), Some(slot), Some(accounts)) = (
                snapshot.saved_at,
                snapshot.clock,
                snapshot.slot,
                snapshot.accounts,
            ) {
                write!(
                    formatter,
                    "  saved {}  chain clock {}  slot {slot}  {accounts} accounts  {} bytes",
                    format_time(saved_at),
                    format_time(clock),
                    snapshot.bytes
                )?;
            }
            if let Some(reason) = &snapshot.unusable {
                write!(formatter, "  cannot be loaded: {}", escaped(reason))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use fulltime_client::snapshot::Summary;
    use fulltime_files::snapshot::ChainClock;

    use super::*;
    use crate::samples::json_of;

    const CLOCK: ChainClock = ChainClock {
        unix_ms: 1_778_946_720_000,
        slot: 1_234,
        block_height: 40,
        transaction_count: 39,
    };

    #[test]
    fn a_saved_snapshot_says_how_to_open_it() {
        let saved = SavedSnapshot::new(&Saved {
            name: "bug-17".into(),
            path: PathBuf::from(".localnet/snapshots/bug-17.snapshot"),
            bytes: 41_250,
            accounts: 23,
            clock: CLOCK,
        });
        assert_eq!(
            saved.to_string(),
            "Saved snapshot bug-17: .localnet/snapshots/bug-17.snapshot (41250 bytes, 23 \
             accounts)\nChain clock 2026-05-16T15:52:00Z, slot 1234\nOpen it with `just dev \
             --snapshot bug-17`, or attach the file and open it with `just dev --snapshot PATH`"
        );
        assert_eq!(json_of(&saved)["slot"], 1_234);
    }

    #[test]
    fn the_chain_label_says_which_chain_and_since_when() {
        let mut chain = ChainInfo {
            started: 1_795_132_800,
            resumed: false,
            snapshot: None,
        };
        assert_eq!(chain_label(&chain), "new chain, made 2026-11-20T00:00:00Z");
        chain.resumed = true;
        assert_eq!(
            chain_label(&chain),
            "resumed chain, made 2026-11-20T00:00:00Z"
        );
        chain.snapshot = Some("/tmp/reports/bug-17.snapshot".into());
        assert_eq!(
            chain_label(&chain),
            "chain from snapshot bug-17, made 2026-11-20T00:00:00Z"
        );
    }

    #[test]
    fn the_list_shows_each_snapshot_or_why_it_cannot_be_loaded() {
        let listed = [
            Listed {
                name: "broken".into(),
                path: PathBuf::from("s/broken.snapshot"),
                bytes: 12,
                content: Err("corrupt or truncated".into()),
            },
            Listed {
                name: "bug-17".into(),
                path: PathBuf::from("s/bug-17.snapshot"),
                bytes: 41_250,
                content: Ok(Summary {
                    saved_at: 1_795_132_800,
                    clock: CLOCK,
                    accounts: 23,
                    other_build: None,
                }),
            },
        ];
        assert_eq!(
            SnapshotList::new(&listed).to_string(),
            "broken  cannot be loaded: corrupt or truncated\nbug-17  saved \
             2026-11-20T00:00:00Z  chain clock 2026-05-16T15:52:00Z  slot 1234  23 accounts  \
             41250 bytes"
        );
        assert_eq!(
            SnapshotList::new(&[]).to_string().split(':').next(),
            Some("No snapshots yet")
        );
    }

    #[test]
    fn a_file_name_and_its_contents_are_printed_escaped() {
        let listed = [Listed {
            name: "\u{1b}]0;pwned\u{7}".into(),
            path: PathBuf::from("s/\u{1b}]0;pwned\u{7}.snapshot"),
            bytes: 12,
            content: Err("saved by build \u{1b}[2J".into()),
        }];
        let list = SnapshotList::new(&listed);
        assert_eq!(
            list.to_string(),
            "\\u{1b}]0;pwned\\u{7}  cannot be loaded: saved by build \\u{1b}[2J"
        );
        assert_eq!(
            json_of(&list)["snapshots"][0]["name"],
            "\u{1b}]0;pwned\u{7}"
        );
    }
}
