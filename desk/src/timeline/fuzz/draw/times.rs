//! When the next step happens: a moment that matters to one of the markets (its close, a
//! proof's publication, the end of its dispute window or of its grace period) or a minute on,
//! kept clear of every such moment by a margin, so that the few seconds the node's clock runs on
//! by itself while a step is played never cross one.

use super::super::model::{MarketState, Model};
use super::super::random::Draws;

/// How far a step stays from any moment that changes what an action does.
pub const MARGIN_SECS: i64 = 20;
/// The least time between two steps.
const GAP_SECS: i64 = 30;

/// The next step's time after the model's clock.
pub fn next_time(model: &Model, draws: &mut Draws) -> i64 {
    let now = model.now();
    let earliest = now.saturating_add(GAP_SECS);
    let after = |moments: Vec<i64>| {
        let mut moments: Vec<i64> = moments
            .into_iter()
            .filter(|moment| *moment >= earliest)
            .collect();
        moments.sort_unstable();
        moments.dedup();
        moments
    };
    // A minute past the moments a day goes through: a close, its own proof's publication, the
    // end of a dispute window, of a grace period.
    let milestones = after(
        milestones(model)
            .into_iter()
            .map(|moment| moment.saturating_add(60))
            .collect(),
    );
    // A minute either side of every moment that changes what an action does.
    let moments = after(
        boundaries(model)
            .into_iter()
            .flat_map(|moment| [moment.saturating_sub(60), moment.saturating_add(60)])
            .chain([now.saturating_add(60)])
            .collect(),
    );
    // Mostly the next milestone, so that a day goes on through its stages; else one of the next
    // few moments, or now and then any, up to the far end of a grace period.
    let at = match draws.below(100) {
        0..=54 if !milestones.is_empty() => milestones.first(),
        55..=79 => moments.get(draws.below(moments.len().min(3))),
        _ => moments.get(draws.below(moments.len())),
    };
    clear_of(at.copied().unwrap_or(earliest), &boundaries(model))
}

/// The moments every market goes through: its close, its own proof's publication, the end of
/// its dispute window once settled, the end of its grace period.
fn milestones(model: &Model) -> Vec<i64> {
    let catalog = model.catalog();
    let mut moments = Vec::new();
    for market in model.markets().values() {
        moments.extend(deadlines(market));
        if let Some(own) = catalog.case(&market.case) {
            moments.push(own.batch_second);
        }
    }
    moments
}

/// Every moment at which what an action does changes, as the model knows them now.
pub fn boundaries(model: &Model) -> Vec<i64> {
    let catalog = model.catalog();
    let mut moments = Vec::new();
    for market in model.markets().values() {
        moments.extend(deadlines(market));
        moments.extend(
            catalog
                .proofs_for(&market.case)
                .iter()
                .map(|case| case.batch_second),
        );
    }
    moments
}

/// A market's deadlines: its close, the end of its grace period, and the end of its dispute
/// window once settled.
fn deadlines(market: &MarketState) -> impl Iterator<Item = i64> {
    [
        Some(market.close),
        Some(market.grace_ends_at()),
        market
            .settlement
            .as_ref()
            .map(|settled| settled.dispute_ends_at),
    ]
    .into_iter()
    .flatten()
}

/// `at`, or the first time after it at least [`MARGIN_SECS`] from every moment.
pub fn clear_of(mut at: i64, moments: &[i64]) -> i64 {
    // Each move goes past one moment for good; there are only so many.
    for _ in 0..=moments.len() {
        match moments
            .iter()
            .find(|moment| at.abs_diff(**moment) < MARGIN_SECS.unsigned_abs())
        {
            Some(moment) => at = moment.saturating_add(MARGIN_SECS),
            None => return at,
        }
    }
    at
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_keeps_clear_of_every_moment() {
        assert_eq!(clear_of(1_000, &[2_000]), 1_000);
        assert_eq!(clear_of(1_000, &[1_005]), 1_025);
        assert_eq!(clear_of(1_000, &[1_005, 1_030]), 1_050);
        assert_eq!(clear_of(1_000, &[990]), 1_010);
    }
}
