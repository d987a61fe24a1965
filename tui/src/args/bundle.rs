//! `fulltime bundle`: its subcommands and arguments.

use std::path::PathBuf;

use clap::{Args, Subcommand};

#[derive(Debug, Subcommand)]
pub enum BundleCommand {
    /// Write one file that opens at this exact moment elsewhere: the chain of the localnet that
    /// --state-dir describes (its snapshot), the wallet book's keys, the committed proof files,
    /// the timeline and step given, and this build's fingerprint. NAME is saved as
    /// <state-dir>/bundles/NAME.bundle; a path (with a `/`, or ending in .bundle) as itself.
    /// `just dev --bundle FILE` (or `localnet --bundle FILE`) opens it.
    Save(BundleSaveArgs),
}

#[derive(Debug, Args)]
pub struct BundleSaveArgs {
    /// The bundle's name (letters, digits, `-`, `_` and `.`), or a path.
    #[arg(value_name = "NAME|PATH")]
    pub name: String,
    /// The timeline being played (like fixtures/timelines/pro-rata-payouts.toml): its text goes
    /// in the bundle, with --step.
    #[arg(long, value_name = "FILE", requires = "step")]
    pub timeline: Option<PathBuf>,
    /// The name of the timeline's step the chain is at.
    #[arg(long, requires = "timeline")]
    pub step: Option<String>,
}
