//! The suite step: every shipped timeline played by `fulltime timeline run` (the release binary
//! beside this one) as one suite, one node for all of them with a checkpoint restored between
//! them, beside the same files one by one, a node started for each, as a single-file run was
//! played before the suite existed. Each figure is the median of a few rounds, for a ratio
//! that holds on a shared machine.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use fulltime_matches::timeline::timelines_dir;
use fulltime_testkit::process::workspace_binary_beside;

type Failure = Box<dyn std::error::Error>;

const ROUNDS: usize = 3;

/// Prints the suite's median time, the one-by-one median, and their ratio.
pub fn run() -> Result<(), Failure> {
    let fulltime = workspace_binary_beside(&std::env::current_exe()?, "fulltime-tui", "fulltime")?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(timelines_dir())?
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.extension().is_some_and(|ext| ext == "toml"))
        .collect();
    files.sort();
    let suite = median(ROUNDS, || played(&fulltime, &[timelines_dir()]))?;
    println!(
        "  {} timelines as one suite (`fulltime timeline run fixtures/timelines`): {:.2} s",
        files.len(),
        suite.as_secs_f64()
    );
    let one_by_one = median(ROUNDS, || {
        let started = Instant::now();
        for file in &files {
            played(&fulltime, std::slice::from_ref(file))?;
        }
        Ok(started.elapsed())
    })?;
    println!(
        "  the same one by one, a node each (`fulltime timeline run FILE` {} times): {:.2} s",
        files.len(),
        one_by_one.as_secs_f64()
    );
    println!(
        "  the suite is {:.1}x faster (medians of {ROUNDS} rounds)",
        one_by_one.as_secs_f64() / suite.as_secs_f64()
    );
    Ok(())
}

/// How long `fulltime timeline run PATHS` took; an error unless every timeline passed.
fn played(fulltime: &Path, paths: &[PathBuf]) -> Result<Duration, Failure> {
    let started = Instant::now();
    let output = Command::new(fulltime)
        .args(["timeline", "run"])
        .args(paths)
        .output()?;
    let took = started.elapsed();
    if !output.status.success() {
        return Err(format!(
            "timeline run {paths:?} did not pass: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        )
        .into());
    }
    Ok(took)
}

fn median(
    rounds: usize,
    mut measure: impl FnMut() -> Result<Duration, Failure>,
) -> Result<Duration, Failure> {
    let mut times = (0..rounds)
        .map(|_| measure())
        .collect::<Result<Vec<_>, _>>()?;
    times.sort();
    Ok(times[times.len() / 2])
}
