//! `fulltime bundle save`: the bundle written, and how to open it.

use std::fmt;

use fulltime_client::bundle::SavedBundle;
use fulltime_client::terminal_text::escaped;
use serde::Serialize;

use super::receipt::{Summary, TransactionLink};
use super::snapshot::SavedChain;

#[derive(Clone, Debug, Serialize)]
pub struct SavedBundleReceipt {
    #[serde(flatten)]
    pub chain: SavedChain,
    /// The wallet book's names.
    pub wallets: Vec<String>,
    pub proof_files: usize,
    /// The timeline's file name and step, when one was given.
    pub timeline: Option<String>,
    pub step: Option<String>,
}

impl SavedBundleReceipt {
    pub fn new(saved: &SavedBundle) -> Self {
        Self {
            chain: SavedChain::new(&saved.path, saved.bytes, saved.accounts, &saved.clock),
            wallets: saved.wallets.clone(),
            proof_files: saved.proof_files,
            timeline: saved.timeline.as_ref().map(|t| t.file_name.clone()),
            step: saved.timeline.as_ref().map(|t| t.step.clone()),
        }
    }
}

/// `Bundle saved: .localnet/bundles/x.bundle (31 accounts, timeline pro-rata-payouts.toml at step
/// settle)`: a file, no transaction.
impl Summary for SavedBundleReceipt {
    fn summary(&self) -> String {
        let at = match (&self.timeline, &self.step) {
            (Some(timeline), Some(step)) => format!(", timeline {timeline} at step {step}"),
            _ => String::new(),
        };
        format!(
            "Bundle saved: {} ({} accounts{at}); open it with just dev --bundle PATH",
            self.chain.path, self.chain.accounts
        )
    }

    fn transaction(&self) -> Option<&TransactionLink> {
        None
    }
}

/// ```text
/// Saved bundle .localnet/bundles/bug-17.bundle (81250 bytes, 31 accounts, 38 proof files)
/// Chain clock 2026-05-16T15:52:00Z, slot 1234
/// Wallets alice, bob
/// Timeline pro-rata-payouts.toml at step settle
/// Open it with `just dev --bundle .localnet/bundles/bug-17.bundle`
/// ```
impl fmt::Display for SavedBundleReceipt {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            formatter,
            "Saved bundle {} ({} bytes, {} accounts, {} proof files)",
            escaped(&self.chain.path),
            self.chain.bytes,
            self.chain.accounts,
            self.proof_files
        )?;
        writeln!(formatter, "{}", self.chain.clock_line())?;
        let wallets = if self.wallets.is_empty() {
            "none in the wallet book".to_owned()
        } else {
            escaped(&self.wallets.join(", ")).to_string()
        };
        writeln!(formatter, "Wallets {wallets}")?;
        if let (Some(timeline), Some(step)) = (&self.timeline, &self.step) {
            writeln!(
                formatter,
                "Timeline {} at step {}",
                escaped(timeline),
                escaped(step)
            )?;
        }
        write!(
            formatter,
            "Open it with `just dev --bundle {}`",
            escaped(&self.chain.path)
        )
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use fulltime_files::bundle::{BundleCast, BundleTimeline};
    use fulltime_files::snapshot::ChainClock;

    use super::*;
    use crate::samples::json_of;

    #[test]
    fn a_saved_bundle_says_what_it_holds_and_how_to_open_it() {
        let saved = SavedBundle {
            path: PathBuf::from(".localnet/bundles/bug-17.bundle"),
            bytes: 81_250,
            accounts: 31,
            clock: ChainClock {
                unix_ms: 1_778_946_720_000,
                slot: 1_234,
                block_height: 40,
                transaction_count: 39,
            },
            wallets: vec!["alice".into(), "bob".into()],
            proof_files: 38,
            timeline: Some(BundleTimeline {
                file_name: "pro-rata-payouts.toml".into(),
                text: String::new(),
                step: "settle".into(),
                cast: BundleCast::default(),
            }),
        };
        let receipt = SavedBundleReceipt::new(&saved);
        assert_eq!(
            receipt.to_string(),
            "Saved bundle .localnet/bundles/bug-17.bundle (81250 bytes, 31 accounts, 38 proof \
             files)\nChain clock 2026-05-16T15:52:00Z, slot 1234\nWallets alice, bob\nTimeline \
             pro-rata-payouts.toml at step settle\nOpen it with `just dev --bundle \
             .localnet/bundles/bug-17.bundle`"
        );
        assert_eq!(json_of(&receipt)["step"], "settle");
        let bare = SavedBundleReceipt::new(&SavedBundle {
            wallets: Vec::new(),
            timeline: None,
            ..saved
        });
        assert!(
            bare.to_string()
                .contains("Wallets none in the wallet book\nOpen it"),
            "{bare}"
        );
    }
}
