//! Random lifecycles from a seed, for the soak binary (proptest is a dev-dependency only): the
//! same step language and the same value tables as the property test's strategies, drawn by
//! SplitMix64 so that a printed seed replays a lifecycle exactly.

use std::ops::RangeInclusive;

use fulltime_localnet::native::FalsePredicate;
use settlement::StatedOutcome;

use super::picks::{self, Phase, weight};
use super::step::{
    CutPick, DatePick, EventPick, Mark, ProofPick, SecondStatPick, StatPick, StatedPick, Step,
    TermsPick,
};

/// Steele, Lea and Flood's SplitMix64: tiny, fast and good enough to pick test steps.
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (0 when `n` is 0), by multiply-and-shift rather than a biased modulo.
    pub fn below(&mut self, n: u64) -> u64 {
        ((u128::from(self.next_u64()) * u128::from(n)) >> 64) as u64
    }

    fn u64_in(&mut self, range: RangeInclusive<u64>) -> u64 {
        let (low, high) = range.into_inner();
        match (high - low).checked_add(1) {
            Some(span) => low + self.below(span),
            None => self.next_u64(),
        }
    }

    /// Uniform in a range of at most 2^63 values.
    fn i64_in(&mut self, range: RangeInclusive<i64>) -> i64 {
        let (low, high) = range.into_inner();
        let span = high.abs_diff(low).saturating_add(1);
        low.saturating_add_unsigned(self.below(span))
    }

    fn usize_in(&mut self, range: RangeInclusive<usize>) -> usize {
        let (low, high) = range.into_inner();
        usize::try_from(self.u64_in(low as u64..=high as u64)).unwrap_or(low)
    }

    fn index(&mut self, len: usize) -> usize {
        self.usize_in(0..=len.saturating_sub(1))
    }

    fn pick<T: Copy>(&mut self, choices: &[T]) -> T {
        choices[self.index(choices.len())]
    }

    /// An index into `weights`, each drawn in proportion to its weight.
    fn weighted(&mut self, weights: &[u32]) -> usize {
        let total: u64 = weights.iter().map(|&w| u64::from(w)).sum();
        let mut draw = self.below(total);
        for (index, &w) in weights.iter().enumerate() {
            match draw.checked_sub(u64::from(w)) {
                Some(rest) => draw = rest,
                None => return index,
            }
        }
        weights.len().saturating_sub(1)
    }

    fn edge_or<T: Copy>(
        &mut self,
        odds: [u32; 2],
        typical: impl FnOnce(&mut Self) -> T,
        edges: &[T],
    ) -> T {
        match self.weighted(&odds) {
            0 => typical(self),
            _ => self.pick(edges),
        }
    }
}

/// A lifecycle: the oracle's mode, valid markets to start with, then the random steps of each
/// phase.
pub fn random_lifecycle(rng: &mut SplitMix64) -> (FalsePredicate, Vec<Step>) {
    let oracle = rng.pick(&FalsePredicate::BOTH);
    let markets = rng.usize_in(picks::FIRST_MARKETS);
    let mut lifecycle: Vec<Step> = (0..markets)
        .map(|_| Step::CreateMarket(terms(rng, true)))
        .collect();
    for phase in &picks::PHASES {
        if let Some(marks) = phase.opening {
            lifecycle.push(Step::Time {
                market: rng.index(picks::MARKET_PICKS),
                mark: mark(rng, &marks),
            });
        }
        let steps = rng.usize_in(phase.len.clone());
        lifecycle.extend((0..steps).map(|_| step(rng, phase)));
    }
    (oracle, lifecycle)
}

fn step(rng: &mut SplitMix64, phase: &Phase) -> Step {
    let wallet = rng.index(picks::WALLETS);
    let market = rng.index(picks::MARKET_PICKS);
    match rng.weighted(&phase.steps) {
        0 => Step::Deposit {
            wallet,
            market,
            outcome: rng.weighted(&weight::OUTCOMES) as u8,
            amount: amount(rng),
        },
        1 => Step::Settle {
            market,
            proof: proof(rng),
            cut: cut(rng),
            second_stat: second_stat(rng),
            stated: stated(rng),
        },
        2 => Step::Time {
            market,
            mark: mark(rng, &weight::MARKS),
        },
        3 => Step::Claim { wallet, market },
        4 => Step::Refund { wallet, market },
        _ => Step::CreateMarket(terms(rng, false)),
    }
}

fn amount(rng: &mut SplitMix64) -> u64 {
    match rng.weighted(&weight::AMOUNTS) {
        0 => rng.u64_in(picks::BELOW_MINIMUM),
        1 => picks::MINIMUM,
        2 => rng.u64_in(picks::TYPICAL_AMOUNTS),
        _ => rng.u64_in(picks::WHALE_AMOUNTS),
    }
}

fn proof(rng: &mut SplitMix64) -> ProofPick {
    let summary = rng.index(picks::INDEX_PICKS);
    let event = rng.index(picks::INDEX_PICKS);
    match rng.weighted(&weight::PROOFS) {
        0 => {}
        1 => {
            return ProofPick::Posted {
                back: rng.index(picks::BACK_PICKS),
                summary,
                event,
            };
        }
        _ => {
            let (low, high) = picks::RIVAL_EVENT_STEPS.into_inner();
            return ProofPick::Rival {
                other_summary: rng.below(2) == 1,
                event_step: rng.i64_in(i64::from(low)..=i64::from(high)) as i8,
            };
        }
    }
    let date = date(rng);
    let stat =
        [StatPick::Market, StatPick::OtherKey, StatPick::OtherPeriod][rng.weighted(&weight::STATS)];
    let count = 1 + rng.weighted(&weight::SUMMARIES);
    let (low, high) = picks::VALUE_OFFSETS.into_inner();
    let summaries = (0..count)
        .map(|_| {
            let events = rng.usize_in(picks::EVENTS_PER_SUMMARY);
            (0..events)
                .map(|_| EventPick {
                    offset: rng.i64_in(i64::from(low)..=i64::from(high)) as i8,
                    in_play: rng.weighted(&weight::IN_PLAY) == 1,
                })
                .collect()
        })
        .collect();
    ProofPick::Fresh {
        date,
        stat,
        summaries,
        summary,
        event,
    }
}

fn date(rng: &mut SplitMix64) -> DatePick {
    match rng.weighted(&weight::DATES) {
        0 => DatePick::Next,
        1 => DatePick::Earlier,
        2 => DatePick::BeforeClose(rng.pick(&picks::BEFORE_CLOSE_MS)),
        _ => DatePick::FromClock(rng.pick(&picks::FROM_CLOCK_MS)),
    }
}

fn second_stat(rng: &mut SplitMix64) -> SecondStatPick {
    [
        SecondStatPick::Compact,
        SecondStatPick::SharedOneMore,
        SecondStatPick::SharedPastFirstPath,
        SecondStatPick::OwnPathCut,
    ][rng.weighted(&weight::SECOND_STATS)]
}

fn cut(rng: &mut SplitMix64) -> CutPick {
    [
        CutPick::AsPublished,
        CutPick::Resplit,
        CutPick::GrownIntoEvent,
        CutPick::MixedEvents,
        CutPick::MixedEventsResplit,
    ][rng.weighted(&weight::CUTS)]
}

fn stated(rng: &mut SplitMix64) -> StatedPick {
    match rng.weighted(&weight::STATED) {
        0 => StatedPick::Truth,
        1 => StatedPick::Client,
        _ => StatedPick::Exactly(rng.pick(&[
            StatedOutcome::Yes,
            StatedOutcome::NoBelow,
            StatedOutcome::NoAbove,
        ])),
    }
}

fn mark(rng: &mut SplitMix64, weights: &[u32; 8]) -> Mark {
    match rng.weighted(weights) {
        0 => Mark::BeforeClose,
        1 => Mark::Close,
        2 => Mark::BeforeDisputeEnd,
        3 => Mark::DisputeEnd,
        4 => Mark::BeforeGraceEnd,
        5 => Mark::GraceEnd,
        6 => Mark::Forward(rng.pick(&picks::FORWARD_SECS)),
        _ => Mark::Publication,
    }
}

/// Market terms: any edge when not `valid`, else only valid values; some markets planted on a
/// retired period, as a chain kept from before holds them.
fn terms(rng: &mut SplitMix64, valid: bool) -> TermsPick {
    let odds = if valid {
        weight::VALID_TERM_EDGE
    } else {
        weight::TERM_EDGE
    };
    let question_chars = if valid {
        rng.usize_in(picks::TYPICAL_QUESTION_CHARS)
    } else {
        rng.edge_or(
            odds,
            |rng| rng.usize_in(picks::TYPICAL_QUESTION_CHARS),
            &picks::EDGE_QUESTION_CHARS,
        )
    };
    let (close_edges, window_edges): (&[i64], &[i64]) = if valid {
        (
            &picks::VALID_EDGE_CLOSE_IN,
            &picks::VALID_EDGE_DISPUTE_WINDOWS,
        )
    } else {
        (&picks::EDGE_CLOSE_IN, &picks::EDGE_DISPUTE_WINDOWS)
    };
    let threshold_edges: &[i32] = if valid { &[] } else { &picks::EDGE_THRESHOLDS };
    let planted = rng.weighted(&weight::PLANTED) == 1;
    TermsPick {
        question_chars,
        question_char: rng.pick(&picks::QUESTION_ALPHABET),
        close_in: rng.edge_or(odds, |rng| rng.i64_in(picks::TYPICAL_CLOSE_IN), close_edges),
        dispute_window: rng.edge_or(
            odds,
            |rng| rng.i64_in(picks::TYPICAL_DISPUTE_WINDOWS),
            window_edges,
        ),
        comparison: rng.pick(&picks::COMPARISONS),
        threshold: match threshold_edges {
            [] => typical_threshold(rng),
            edges => rng.edge_or(odds, typical_threshold, edges),
        },
        second_stat: rng.pick(&picks::SECOND_STATS),
        period: if planted {
            rng.pick(&picks::RETIRED_PERIODS)
        } else if valid {
            picks::FINAL_PERIOD
        } else {
            rng.edge_or(
                odds,
                |rng| picks::PERIODS[rng.weighted(&weight::PERIODS)],
                &picks::EDGE_PERIODS,
            )
        },
        planted,
    }
}

fn typical_threshold(rng: &mut SplitMix64) -> i32 {
    let (low, high) = picks::TYPICAL_THRESHOLDS.into_inner();
    rng.i64_in(i64::from(low)..=i64::from(high)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_replays_its_lifecycle() {
        for seed in 0..50 {
            let (oracle, steps) = random_lifecycle(&mut SplitMix64::new(seed));
            assert_eq!(
                random_lifecycle(&mut SplitMix64::new(seed)),
                (oracle, steps.clone())
            );
            assert!(matches!(steps.first(), Some(Step::CreateMarket(_))));
        }
    }

    #[test]
    fn draws_stay_in_their_ranges_and_follow_their_weights() {
        let mut rng = SplitMix64::new(7);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            assert!((-2..=2).contains(&rng.i64_in(-2..=2)));
            assert!((5..=5).contains(&rng.u64_in(5..=5)));
            counts[rng.weighted(&[1, 0, 2])] += 1;
        }
        assert_eq!(counts[1], 0);
        // About 10,000 and 20,000.
        assert!((9_000..11_000).contains(&counts[0]), "{counts:?}");
        assert!((19_000..21_000).contains(&counts[2]), "{counts:?}");
    }
}
