//! A fuzz of random match days (`fulltime timeline fuzz`): how many were played and how fast, and
//! the divergence it found, if any, with the shrunk timeline file that replays it.

use std::fmt;

use fulltime_client::terminal_text::escaped;
use serde::Serialize;

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct FuzzReport {
    pub seed: u64,
    /// The match days asked for.
    pub runs: u64,
    /// The match days played, up to the first that diverged.
    pub played: u64,
    pub steps: u64,
    pub actions: u64,
    /// Playing them, without the shrink.
    pub elapsed_ms: u64,
    pub match_days_per_minute: f64,
    pub divergence: Option<FuzzDivergence>,
}

#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct FuzzDivergence {
    /// The match day's number, from 0: `--seed` and this name it.
    pub run: u64,
    /// What the shrink kept the same: the kind of action with the errors expected and met, of
    /// expectation, or the invariant.
    pub kind: String,
    /// The shrunk timeline's divergence, in one line.
    pub cause: String,
    /// The drawn timeline's.
    pub drawn_cause: String,
    /// The shrunk timeline, which `fulltime timeline run` replays.
    pub file: String,
    pub drawn: TimelineSize,
    pub shrunk: TimelineSize,
    pub shrink_ms: u64,
    /// How many cut timelines the shrink played.
    pub shrink_trials: u64,
    /// The written file, loaded back and played once more, diverged the same way.
    pub replayed: bool,
}

#[derive(Clone, Copy, Debug, Serialize, PartialEq, Eq)]
pub struct TimelineSize {
    pub steps: usize,
    pub actions: usize,
    pub expectations: usize,
    pub wallets: usize,
    pub markets: usize,
}

impl fmt::Display for TimelineSize {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{} steps, {} actions, {} expectations, {} wallets, {} markets",
            self.steps, self.actions, self.expectations, self.wallets, self.markets
        )
    }
}

/// `fuzz seed 1: 200 match days (...) in 95.3s, 126 a minute: no divergence`, or the divergence,
/// its shrink and its file.
impl fmt::Display for FuzzReport {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "fuzz seed {}: {} match days ({} steps, {} actions) in {:.1}s, {:.0} a minute",
            self.seed,
            self.played,
            self.steps,
            self.actions,
            seconds(self.elapsed_ms),
            self.match_days_per_minute
        )?;
        let Some(found) = &self.divergence else {
            return formatter.write_str(": no divergence");
        };
        write!(
            formatter,
            "\nDIVERGED at match day {}: {}\nshrunk in {:.1}s ({} trials) from {} to {}\n\
             {}: {}\n{}\nreplay: fulltime timeline run {}",
            found.run,
            escaped(&found.drawn_cause),
            seconds(found.shrink_ms),
            found.shrink_trials,
            found.drawn,
            found.shrunk,
            escaped(&found.file),
            escaped(&found.cause),
            if found.replayed {
                "the written file replays the same divergence"
            } else {
                "the written file did NOT replay the same divergence"
            },
            escaped(&found.file),
        )
    }
}

fn seconds(ms: u64) -> f64 {
    // Shown to a tenth: a u64 of milliseconds is exact in an f64 for a long while.
    ms as f64 / 1_000.0
}
