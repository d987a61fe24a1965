//! `<state-dir>/bundle/`: what `localnet --bundle` writes of a bundle that is not chain, for the
//! dashboard and the tester to find: `bundle.json` ([`OpenedInfo`]: which bundle, when saved,
//! its wallets, the timeline's name and step), `timeline.toml` (the timeline's text, when it
//! has one) and `proofs/` (its proof files). Replaced whole by the next bundle, removed by a
//! start that replaces the chain otherwise (`--reset`, `--snapshot`).

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::CheckedBundle;

/// The directory, under the state directory.
pub const OPENED_DIR: &str = "bundle";
/// [`OpenedInfo`], in it.
pub const INFO_FILE: &str = "bundle.json";
/// The timeline's text, in it.
pub const TIMELINE_FILE: &str = "timeline.toml";
/// The proof files, in it.
pub const PROOFS_DIR: &str = "proofs";

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenedInfo {
    /// The bundle file the chain was opened from.
    pub bundle: String,
    /// When it was saved, unix seconds.
    pub saved_at: i64,
    /// The wallet book's names it carried.
    pub wallets: Vec<String>,
    /// The timeline it was saved at, if any; its text is [`TIMELINE_FILE`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timeline: Option<OpenedTimeline>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenedTimeline {
    /// Its file name when it was saved (`pro-rata-payouts.toml`).
    pub file_name: String,
    /// The step the chain is at.
    pub step: String,
    /// The timeline's wallets by its name, then the wallet book's, and its markets by label,
    /// with their ids: what it needs to go on from the step (none when it was never played).
    #[serde(default)]
    pub wallets: Vec<(String, String)>,
    #[serde(default)]
    pub markets: Vec<(String, u64)>,
}

impl OpenedInfo {
    /// `<state_dir>/bundle/bundle.json`, when a bundle was opened there.
    pub fn load(state_dir: &Path) -> std::io::Result<Option<Self>> {
        let path = state_dir.join(OPENED_DIR).join(INFO_FILE);
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(error) => return Err(error),
        };
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|error| std::io::Error::new(std::io::ErrorKind::InvalidData, error))
    }
}

impl CheckedBundle {
    /// The files of `<state-dir>/bundle/` for this bundle, opened from `bundle`, each by its
    /// path inside that directory (the names were checked as the bundle was read).
    pub fn opened_files(&self, bundle: &Path) -> Vec<(PathBuf, Vec<u8>)> {
        let info = OpenedInfo {
            bundle: bundle.display().to_string(),
            saved_at: self.saved_at,
            wallets: self
                .wallets
                .iter()
                .map(|(name, _)| name.to_string())
                .collect(),
            timeline: self.timeline.as_ref().map(|timeline| OpenedTimeline {
                file_name: timeline.file_name.clone(),
                step: timeline.step.clone(),
                wallets: timeline.cast.wallets.clone(),
                markets: timeline.cast.markets.clone(),
            }),
        };
        let mut info_json =
            serde_json::to_vec_pretty(&info).expect("the bundle's summary serializes");
        info_json.push(b'\n');
        let mut files = vec![(PathBuf::from(INFO_FILE), info_json)];
        if let Some(timeline) = &self.timeline {
            files.push((
                PathBuf::from(TIMELINE_FILE),
                timeline.text.clone().into_bytes(),
            ));
        }
        files.extend(self.proof_files.iter().map(|file| {
            (
                Path::new(PROOFS_DIR).join(&file.name),
                file.text.clone().into_bytes(),
            )
        }));
        files
    }
}
