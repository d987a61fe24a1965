//! Figures from measured durations.

use std::time::Duration;

pub fn percentile(sorted: &[Duration], percent: usize) -> Duration {
    let index = (sorted.len() * percent / 100).min(sorted.len().saturating_sub(1));
    sorted.get(index).copied().unwrap_or_default()
}

pub fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1e3
}
