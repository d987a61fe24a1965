//! `fulltime timeline fuzz`: random match days drawn from a seed (`draw/`), each predicted by a
//! model of the contract (`model/`), which writes its predictions into the timeline as the
//! actions' `fails` and the expectations' values; each played on one node from a checkpoint kept
//! before the first (`trial.rs`), through the engine `timeline run` uses, which checks them and
//! the invariants. A run that ends at an unexpected result is a divergence (`divergence.rs`): it
//! is shrunk (`shrink/`) and written as a timeline file that `timeline run` replays.
//!
//! `catalog.rs` is the proof cases as the fuzz uses them, `random.rs` the seeded draws,
//! `planted.rs` the wrong prediction a test plants to prove the whole.

mod catalog;
mod divergence;
mod draw;
mod model;
mod planted;
mod random;
mod shrink;
mod trial;

use std::path::{Path, PathBuf};
use std::time::Instant;

use fulltime_matches::timeline::{Timeline, load, write};

use self::catalog::Catalog;
use self::divergence::Divergence;
pub use self::planted::{PLANT_VARIABLE, Planted};
use self::random::Draws;
use self::shrink::shrink;
use self::trial::Trial;
use crate::error::Error;
use crate::output::fuzz::{FuzzDivergence, FuzzReport, TimelineSize};
use crate::session::Session;

pub struct FuzzOptions {
    pub seed: u64,
    pub runs: u64,
    /// Where a shrunk timeline is written, as `fuzz-SEED-RUN.toml`.
    pub out_dir: PathBuf,
    pub planted: Option<Planted>,
}

/// Plays `options.runs` match days on the session's node (a `localnet`: its checkpoints put the
/// chain back between them), until the first divergence, which is shrunk and written.
pub async fn fuzz(
    session: &Session,
    faucet_url: &str,
    options: &FuzzOptions,
    progress: &mut dyn FnMut(&str),
) -> Result<FuzzReport, Error> {
    let proofs = fulltime_matches::committed()?;
    let catalog = Catalog::of(&proofs);
    let checkpoint = session.client().await?.save_checkpoint().await?;
    let trial = Trial {
        session,
        proofs: &proofs,
        faucet_url,
        checkpoint: checkpoint.id,
    };
    let mut report = FuzzReport {
        seed: options.seed,
        runs: options.runs,
        played: 0,
        steps: 0,
        actions: 0,
        elapsed_ms: 0,
        match_days_per_minute: 0.0,
        divergence: None,
    };
    let started = Instant::now();
    for run in 0..options.runs {
        let mut draws = Draws::of_run(options.seed, run);
        let Some(timeline) = draw::draw(
            &catalog,
            &mut draws,
            checkpoint.unix_timestamp,
            options.planted,
        ) else {
            return Err(Error::FuzzUnplayable(
                "the catalog has no match day after the node's clock".to_owned(),
            ));
        };
        let diverged = trial.play(&timeline).await?;
        report.played += 1;
        report.steps += count(timeline.steps.len());
        report.actions += count(size(&timeline).actions);
        progress(&format!(
            "match day {run}: {} steps, {}",
            timeline.steps.len(),
            diverged
                .as_ref()
                .map_or_else(|| "as predicted".to_owned(), |found| found.cause.clone())
        ));
        if let Some(found) = diverged {
            report.elapsed_ms = millis(started);
            report.divergence = Some(
                shrunk_and_written(&trial, &catalog, options, run, timeline, found, progress)
                    .await?,
            );
            break;
        }
    }
    if report.divergence.is_none() {
        report.elapsed_ms = millis(started);
    }
    report.match_days_per_minute = per_minute(report.played, report.elapsed_ms);
    Ok(report)
}

/// Shrinks the match day `run` that diverged, writes it, and plays the written file once more.
async fn shrunk_and_written(
    trial: &Trial<'_>,
    catalog: &Catalog,
    options: &FuzzOptions,
    run: u64,
    drawn: Timeline,
    found: Divergence,
    progress: &mut dyn FnMut(&str),
) -> Result<FuzzDivergence, Error> {
    progress(&format!("shrinking match day {run}"));
    let started = Instant::now();
    let drawn_size = size(&drawn);
    let drawn_cause = found.cause.clone();
    let failed_step = found.step.clone();
    let shrunk = shrink(drawn, found, &failed_step, catalog, options.planted, trial).await;
    let shrink_ms = millis(started);
    let file = options
        .out_dir
        .join(format!("fuzz-{}-{run}.toml", options.seed));
    write_timeline(&file, &shrunk.timeline, options, run, &shrunk.divergence)?;
    let replayed = match load(&file) {
        Ok(loaded) if loaded == shrunk.timeline => trial
            .play(&loaded)
            .await?
            .is_some_and(|again| again.kind == shrunk.divergence.kind),
        _ => false,
    };
    Ok(FuzzDivergence {
        run,
        kind: shrunk.divergence.kind,
        cause: shrunk.divergence.cause,
        drawn_cause,
        file: file.display().to_string(),
        drawn: drawn_size,
        shrunk: size(&shrunk.timeline),
        shrink_ms,
        shrink_trials: shrunk.trials,
        replayed,
    })
}

/// The timeline as a file, a comment on top saying where it came from and how it diverged.
fn write_timeline(
    file: &Path,
    timeline: &Timeline,
    options: &FuzzOptions,
    run: u64,
    divergence: &Divergence,
) -> Result<(), Error> {
    let unwritable =
        |reason: String| Error::FuzzUnplayable(format!("{}: {reason}", file.display()));
    let text = write(timeline).map_err(|error| unwritable(error.to_string()))?;
    let planted = options
        .planted
        .map(|planted| format!(" (the model's planted bug: {planted:?})"))
        .unwrap_or_default();
    let header = format!(
        "# Found by `fulltime timeline fuzz --seed {} --runs {}`, match day {run}, shrunk{planted}.\n\
         # The model's predictions are its `fails` and expectations; on the chain:\n# {}\n\n",
        options.seed,
        run + 1,
        divergence.cause.replace('\n', " "),
    );
    std::fs::create_dir_all(&options.out_dir).map_err(|error| unwritable(error.to_string()))?;
    std::fs::write(file, header + &text).map_err(|error| unwritable(error.to_string()))
}

fn size(timeline: &Timeline) -> TimelineSize {
    TimelineSize {
        steps: timeline.steps.len(),
        actions: timeline.steps.iter().map(|step| step.actions.len()).sum(),
        expectations: timeline.steps.iter().map(|step| step.expect.len()).sum(),
        wallets: timeline.wallets.len(),
        markets: timeline.markets.len(),
    }
}

fn count(items: usize) -> u64 {
    u64::try_from(items).unwrap_or(u64::MAX)
}

fn millis(since: Instant) -> u64 {
    u64::try_from(since.elapsed().as_millis()).unwrap_or(u64::MAX)
}

fn per_minute(played: u64, elapsed_ms: u64) -> f64 {
    if elapsed_ms == 0 {
        return 0.0;
    }
    played as f64 * 60_000.0 / elapsed_ms as f64
}
