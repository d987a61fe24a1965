//! What the model knows of a proof, and the contract's rules about it as the model reads them:
//! whether its values are final, when its batch counts, which event it proves and whether its
//! second stat comes from that event. These are worked out from the batch's dates, the summary's
//! events and the proven event's number among them, never from the proof's bytes, so that a
//! wrong reading in the program shows.

use settlement::SettlementError;

const MS_PER_SECOND: i64 = 1_000;
/// The period of the `game_finalised` record, the only final one, written out again.
const FINAL_PERIOD: i32 = 100;

/// What the model knows of a proof: its batch, its stat, the event it proves and how its path
/// is cut.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProofFacts {
    pub ts_ms: i64,
    pub fixture_id: i64,
    pub stat_key: u32,
    /// Each event of the proof's events tree, in order.
    pub events: Vec<EventFacts>,
    pub event: usize,
    pub cut: Cut,
    /// Whether the second stat, where there is one, is written as its path really runs: its own
    /// siblings and the number it shares with the first stat's path.
    pub second_stat_intact: bool,
}

/// One event of an events tree, a score record: the market's value after it, and the period
/// its stats carry (100 for the `game_finalised` record). Only hashes tell events apart, and an
/// event's stats follow from these two: events alike in both are, to any program, the same
/// event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventFacts {
    pub value: i32,
    pub period: i32,
}

/// Where the proof's path is cut between the stats and the fixture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// As the oracle publishes it.
    AsPublished,
    /// Both stats raised to the events root; no fixture path.
    Resplit,
    /// A node inside the event named as the event's root; the fixture path one step longer.
    GrownIntoEvent,
    /// The second stat from event `second_event` of the same summary, each stat cut at its own
    /// event, or (`resplit`) both raised to the events root.
    MixedEvents { second_event: usize, resplit: bool },
}

impl ProofFacts {
    /// The market's value the proof proves.
    pub fn value(&self) -> Option<i32> {
        self.events.get(self.event).map(|event| event.value)
    }

    /// The event the second stat is taken from.
    fn second_event(&self) -> usize {
        match self.cut {
            Cut::MixedEvents { second_event, .. } => second_event,
            _ => self.event,
        }
    }

    /// Whether the proven values are final: each stat proven, the first and the second (which
    /// may come from another event), is of the `game_finalised` record's period. A one-stat
    /// proof's second event is its first.
    pub fn is_final(&self) -> bool {
        [self.event, self.second_event()].iter().all(|&event| {
            self.events
                .get(event)
                .is_some_and(|event| event.period == FINAL_PERIOD)
        })
    }

    /// Why the batch may not settle a market closing at `close_time` while the clock reads
    /// `now` (both in seconds): a batch counts from the first millisecond of the close's second
    /// to the last millisecond of the clock's.
    pub fn dated_outside(&self, close_time: i64, now: i64) -> Option<SettlementError> {
        let first_ms = close_time.saturating_mul(MS_PER_SECOND);
        let after_clock_ms = now.saturating_add(1).saturating_mul(MS_PER_SECOND);
        if self.ts_ms < first_ms {
            Some(SettlementError::ProofBeforeClose)
        } else if self.ts_ms >= after_clock_ms {
            Some(SettlementError::ProofFromFuture)
        } else {
            None
        }
    }

    /// The place the program must read for the proven event, or `None` when the fixture path is
    /// not the path of any of the summary's events. A path as published is its event's. An
    /// empty one is the path of the only event of a one-event summary, and of none in a larger
    /// one. A path grown into the event is one step longer than any event's.
    pub fn place(&self) -> Option<usize> {
        match self.cut {
            Cut::AsPublished | Cut::MixedEvents { resplit: false, .. } => Some(self.event),
            Cut::Resplit | Cut::MixedEvents { resplit: true, .. } => {
                (self.events.len() == 1).then_some(self.event)
            }
            Cut::GrownIntoEvent => None,
        }
    }

    /// Whether the second stat can be shown to come from the first one's event (or one the same
    /// to any program): written as its path runs, and taken from that event.
    pub fn second_stat_from_same_event(&self) -> bool {
        self.second_stat_intact
            && self.events.get(self.second_event()) == self.events.get(self.event)
    }

    /// From a later batch, or a later event of the very same events tree.
    pub fn is_later_than(&self, other: &Self) -> bool {
        self.ts_ms > other.ts_ms
            || (self.ts_ms == other.ts_ms
                && self.events == other.events
                && self.event > other.event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(ts_ms: i64, events: &[i32], event: usize, cut: Cut) -> ProofFacts {
        ProofFacts {
            ts_ms,
            fixture_id: 1,
            stat_key: 1,
            events: events
                .iter()
                .map(|&value| EventFacts {
                    value,
                    period: FINAL_PERIOD,
                })
                .collect(),
            event,
            cut,
            second_stat_intact: true,
        }
    }

    #[test]
    fn a_batch_counts_from_the_close_to_the_end_of_the_clocks_second() {
        let dated = |ts_ms| {
            let facts = facts(ts_ms, &[0], 0, Cut::AsPublished);
            facts.dated_outside(10, 20).map(|error| error.name())
        };
        assert_eq!(dated(9_999).as_deref(), Some("ProofBeforeClose"));
        assert_eq!(dated(10_000), None);
        assert_eq!(dated(20_999), None);
        assert_eq!(dated(21_000).as_deref(), Some("ProofFromFuture"));
    }

    #[test]
    fn only_a_one_event_summary_has_an_empty_fixture_path() {
        assert_eq!(facts(0, &[3], 0, Cut::Resplit).place(), Some(0));
        assert_eq!(facts(0, &[3, 4], 1, Cut::Resplit).place(), None);
        assert_eq!(facts(0, &[3], 0, Cut::GrownIntoEvent).place(), None);
        assert_eq!(facts(0, &[3, 4, 5], 2, Cut::AsPublished).place(), Some(2));
    }

    #[test]
    fn events_of_equal_value_cannot_be_told_apart() {
        let mixed = |events: &[i32]| {
            let cut = Cut::MixedEvents {
                second_event: 1,
                resplit: false,
            };
            facts(0, events, 0, cut).second_stat_from_same_event()
        };
        assert!(!mixed(&[3, 4]));
        assert!(mixed(&[3, 3]));
        // A second stat written as no path runs is from no event.
        let forged = ProofFacts {
            second_stat_intact: false,
            ..facts(0, &[3], 0, Cut::AsPublished)
        };
        assert!(!forged.second_stat_from_same_event());
    }

    #[test]
    fn a_value_is_final_only_from_the_finalised_record() {
        let with_periods = |periods: [i32; 2], event, cut| {
            let mut facts = facts(0, &[3, 3], event, cut);
            for (event, period) in facts.events.iter_mut().zip(periods) {
                event.period = period;
            }
            facts.is_final()
        };
        assert!(with_periods([100, 100], 1, Cut::AsPublished));
        // In play (4), or the half-time record (3), whatever the stat's key.
        assert!(!with_periods([100, 4], 1, Cut::AsPublished));
        assert!(!with_periods([3, 100], 0, Cut::Resplit));
        assert!(with_periods([100, 4], 0, Cut::AsPublished));
        // A second stat taken from a record in play is not final either.
        let mixed = Cut::MixedEvents {
            second_event: 1,
            resplit: false,
        };
        assert!(!with_periods([100, 4], 0, mixed));
        assert!(!with_periods([4, 100], 0, mixed));
    }
}
