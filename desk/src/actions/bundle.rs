//! Saving the moment to one file for someone else: the local chain, the wallet book, the proof
//! files, and the timeline and step being played.

use std::path::Path;

use fulltime_client::bundle::{bundle_path, save_bundle as save};
use fulltime_client::cluster::ClusterError;
use fulltime_files::bundle::{BundleCast, BundleFile, BundleTimeline};
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_matches::timeline::{Problem, TimelineError, parse};

use super::Actor;
use crate::error::Error;
use crate::output::bundle::SavedBundleReceipt;

/// A bundle to save: its name (or path) and the timeline at its step, when one is being played.
#[derive(Clone, Debug)]
pub struct BundleOrder {
    pub name: String,
    pub timeline: Option<BundleTimeline>,
}

/// Saves the chain of the localnet that the session's state directory describes, its wallet
/// book, every committed proof file (a developer may settle with another than the timeline's,
/// and they are small) and the order's timeline at its step ([`timeline_at`] checks one).
pub async fn save_bundle(
    actor: &Actor<'_>,
    order: BundleOrder,
) -> Result<SavedBundleReceipt, Error> {
    let session = actor.session;
    let path = bundle_path(session.state_dir(), &order.name)?;
    let timeline = order.timeline;
    let proof_files = fulltime_matches::committed()?
        .files()
        .into_iter()
        .map(|(name, text)| BundleFile { name, text })
        .collect();
    let env = LocalnetEnv::load(session.state_dir()).map_err(ClusterError::Localnet)?;
    let saved = save(&env, session.state_dir(), &path, proof_files, timeline).await?;
    Ok(SavedBundleReceipt::new(&saved))
}

/// The timeline at `file` at its step named `step`, its names standing for `cast`: its text,
/// once it loads and has that step.
pub fn timeline_at(file: &Path, step: &str, cast: BundleCast) -> Result<BundleTimeline, Error> {
    let text = std::fs::read_to_string(file).map_err(|error| {
        Box::new(TimelineError {
            file: file.to_owned(),
            problem: Problem::Read(error),
        })
    })?;
    let timeline = parse(&text, file).map_err(Box::new)?;
    // A bundle carries the timeline's text, not the proof files beside it: opened, it would not
    // load.
    let beside = timeline.files_beside();
    if !beside.is_empty() {
        return Err(Error::FilesBesideTimeline {
            files: beside.into_iter().map(str::to_owned).collect(),
        });
    }
    timeline
        .step_named(step)
        .map_err(|steps| Error::NoSuchStep {
            step: step.to_owned(),
            steps,
        })?;
    Ok(BundleTimeline {
        file_name: file
            .file_name()
            .map_or_else(String::new, |name| name.to_string_lossy().into_owned()),
        text,
        step: step.to_owned(),
        cast,
    })
}
