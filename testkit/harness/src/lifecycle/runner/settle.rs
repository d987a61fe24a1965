//! A settle step: the proof it picks (a fresh batch posted first, one posted before, or a rival
//! of the settled one), cut and its second stat written as the step says, the outcome stated,
//! and what the chain and the model make of it.

use txline_interface::time::{FINAL_PERIOD, MS_PER_SLOT};

use super::Lifecycle;
use crate::lifecycle::batch::{Batch, BatchError};
use crate::lifecycle::calendar::slot_of;
use crate::lifecycle::cut::cut_proof;
use crate::lifecycle::model::{Expected, Movement};
use crate::lifecycle::proof_facts::EventFacts;
use crate::lifecycle::second_stat::with_second_stat_written;
use crate::lifecycle::sent::{Act, SettleProof, StatedAs};
use crate::lifecycle::step::{
    CutPick, DatePick, EventPick, Mark, ProofPick, SecondStatPick, StatPick, StatedPick,
};

/// The period of a score record in play, as TxLINE numbers game phases: the second half.
const IN_PLAY_PERIOD: i32 = 4;
/// The period of the `halftime_finalised` record: reviewed, but not the final outcome.
const HALF_TIME_PERIOD: i32 = 3;
/// TxLINE's prefix of first-half stat keys: `1001` is participant 1's first-half goals.
const FIRST_HALF_PREFIX: u32 = 1_000;

impl Lifecycle {
    pub(super) fn settle(
        &mut self,
        market: usize,
        pick: &ProofPick,
        cut: CutPick,
        second_stat: SecondStatPick,
        stated: StatedPick,
    ) -> Result<(), String> {
        let Some(picked) = self.pick_proof(market, pick)? else {
            self.run.count("skipped: no such batch".into());
            return Ok(());
        };
        let (batch, summary, event) = picked;
        let batch = &self.batches[batch];
        let text = |error: BatchError| error.to_string();
        let published = batch.proof(summary, event).map_err(text)?;
        let Some((cut_proof, cut_facts)) =
            cut_proof(batch, summary, event, cut, published).map_err(text)?
        else {
            self.run
                .count(format!("skipped: no proof{} here", cut_label(cut)));
            return Ok(());
        };
        let Some((proof, second_stat_intact)) = with_second_stat_written(second_stat, cut_proof)
        else {
            self.run.count(format!(
                "skipped: no proof{} here",
                second_stat_label(second_stat)
            ));
            return Ok(());
        };
        let facts = batch
            .facts(summary, event, cut_facts, second_stat_intact)
            .map_err(text)?;
        // The market's value: the stat, or both stats combined, as the batch drew it.
        let value = facts
            .value()
            .ok_or_else(|| format!("batch facts without event {event}"))?;
        let stated_outcome = match stated {
            StatedPick::Truth | StatedPick::Client => self.model.markets[market].truth(value),
            StatedPick::Exactly(outcome) => outcome,
        };
        let kind = match self.model.markets[market].settlement {
            Some(_) => "settle again",
            None => "settle",
        };
        let kind = format!("{kind}{}{}", cut_label(cut), second_stat_label(second_stat));
        let expected = self.model.settle(market, facts, stated_outcome);
        let address = self.markets[market];
        self.keep_sent(
            |lifecycle| {
                let proof = SettleProof::of(&proof);
                let stated = match (stated, &proof, lifecycle.chain.market(&address)) {
                    (StatedPick::Client, ..) => StatedAs::Proven,
                    (_, SettleProof::Published(published), Some(on_chain)) => {
                        StatedAs::of(&on_chain, published, stated_outcome)
                    }
                    _ => StatedAs::Unsayable(stated_outcome),
                };
                Act::Settle {
                    market,
                    proof,
                    stated,
                }
            },
            expected,
        );
        let watch = self.watch(None, market);
        let result = match stated {
            StatedPick::Client => self.chain.settle(&address, proof),
            _ => self.chain.settle_stating(&address, proof, stated_outcome),
        };
        let settled = matches!(expected, Expected::Done(_));
        self.judge(&kind, expected, result, watch)?;
        if settled {
            self.settled_with[market] = Some(picked);
        }
        Ok(())
    }

    /// The batch (posting a fresh one first if asked), summary and event of a proof pick.
    fn pick_proof(
        &mut self,
        market: usize,
        pick: &ProofPick,
    ) -> Result<Option<(usize, usize, usize)>, String> {
        let picked = match pick {
            ProofPick::Fresh {
                date,
                stat,
                summaries,
                summary,
                event,
            } => self
                .post_fresh_batch(market, *date, *stat, summaries)?
                .map(|batch| (batch, *summary, *event)),
            ProofPick::Posted {
                back,
                summary,
                event,
            } => back
                .checked_rem(self.batches.len())
                .map(|back| (self.batches.len() - 1 - back, *summary, *event)),
            ProofPick::Rival {
                other_summary,
                event_step,
            } => self.rival(market, *other_summary, *event_step),
        };
        let Some((batch, summary, event)) = picked else {
            return Ok(None);
        };
        let summaries = &self.batches[batch].summaries;
        let summary = summary % summaries.len();
        let event = event % summaries[summary].len();
        Ok(Some((batch, summary, event)))
    }

    /// Posts the fresh batch a pick describes and moves the clock to its publication when the
    /// settler waits for it; the batch's index, or `None` when the pick has no event.
    fn post_fresh_batch(
        &mut self,
        market: usize,
        date: DatePick,
        stat: StatPick,
        summaries: &[Vec<EventPick>],
    ) -> Result<Option<usize>, String> {
        let Some(batch) = self.fresh_batch(market, date, stat, summaries) else {
            return Ok(None);
        };
        let ts_ms = batch.ts_ms;
        let root = batch.root().map_err(|error| error.to_string())?;
        self.keep_sent(|_| Act::PostRoot(root), Expected::Done(Movement::Nothing));
        self.chain
            .post_root(root)
            .map_err(|failure| format!("posting a fresh batch root failed: {failure}"))?;
        self.run.tally.transactions += 1;
        self.run.draw(format!("batch dated {date:?}"));
        self.calendar.take(ts_ms);
        self.model.publish(ts_ms);
        self.batches.push(batch);
        // The settler waits for the oracle's next batch, once there is a result to wait for.
        if date == DatePick::Next && self.model.now >= self.model.markets[market].close_time {
            self.move_clock(market, Mark::Publication);
        }
        Ok(Some(self.batches.len() - 1))
    }

    /// A fresh batch for the market's fixture: the stat `stat` picks, the events `summaries`
    /// picks around the market's threshold, dated as `date` says; `None` when a summary, or
    /// the batch, has no event.
    fn fresh_batch(
        &self,
        market: usize,
        date: DatePick,
        stat: StatPick,
        summaries: &[Vec<EventPick>],
    ) -> Option<Batch> {
        let model = &self.model.markets[market];
        let stat_key = match stat {
            StatPick::OtherKey => model.stat_key.wrapping_add(FIRST_HALF_PREFIX),
            StatPick::Market | StatPick::OtherPeriod => model.stat_key,
        };
        let period = |in_play: bool| match stat {
            StatPick::OtherPeriod => HALF_TIME_PERIOD,
            _ if in_play => IN_PLAY_PERIOD,
            _ => FINAL_PERIOD,
        };
        let summaries: Vec<Vec<EventFacts>> = summaries
            .iter()
            .map(|events| {
                events
                    .iter()
                    .map(|pick| EventFacts {
                        value: model.threshold.saturating_add(i32::from(pick.offset)),
                        period: period(pick.in_play),
                    })
                    .collect()
            })
            .collect();
        if summaries.is_empty() || summaries.iter().any(Vec::is_empty) {
            return None;
        }
        Some(Batch {
            ts_ms: self.date(market, date),
            fixture_id: model.fixture_id,
            stat_key,
            second_stat: model.second_stat,
            summaries,
        })
    }

    /// A rival of the proof the market's settlement rests on, as a batch, summary and event;
    /// `None` when the market is not settled.
    fn rival(
        &self,
        market: usize,
        other_summary: bool,
        event_step: i8,
    ) -> Option<(usize, usize, usize)> {
        let (batch, summary, event) = self.settled_with[market]?;
        let summaries = &self.batches[batch].summaries;
        let summary = (summary + usize::from(other_summary)) % summaries.len();
        // Past the last event: the last one.
        let last = summaries[summary].len().saturating_sub(1);
        let event = event
            .saturating_add_signed(isize::from(event_step))
            .min(last);
        Some((batch, summary, event))
    }

    /// The millisecond a fresh batch for the market is dated, in a slot no batch of this
    /// lifecycle took.
    fn date(&self, market: usize, date: DatePick) -> i64 {
        const MS: i64 = 1_000;
        let model = &self.model.markets[market];
        let close_ms = model.close_time.saturating_mul(MS);
        let clock_ms = self.model.now.saturating_mul(MS);
        let slots = self
            .batches
            .iter()
            .filter(|batch| batch.fixture_id == model.fixture_id)
            .map(|batch| slot_of(batch.ts_ms));
        let (first, last) = (slots.clone().min(), slots.max());
        let from_result = close_ms.max(clock_ms);
        let (wanted, forward) = match date {
            DatePick::Next => {
                let after_last = last.map_or(i64::MIN, |slot| (slot + 1) * MS_PER_SLOT);
                (from_result.max(after_last), true)
            }
            DatePick::Earlier => {
                let before = first.map_or(from_result, |slot| slot * MS_PER_SLOT);
                (before - 1, false)
            }
            DatePick::BeforeClose(ms) => (close_ms.saturating_sub(ms), false),
            // Still from the future when moved, if it was.
            DatePick::FromClock(ms) => (clock_ms.saturating_add(ms), ms >= MS),
        };
        self.calendar.free_from(wanted, forward)
    }
}

/// How a settle step names the cut of its proof: nothing for a proof as published.
fn cut_label(cut: CutPick) -> &'static str {
    match cut {
        CutPick::AsPublished => "",
        CutPick::Resplit => " (resplit)",
        CutPick::GrownIntoEvent => " (grown into event)",
        CutPick::MixedEvents => " (mixed events)",
        CutPick::MixedEventsResplit => " (mixed events, resplit)",
    }
}

/// How a settle step names the way its second stat is written: nothing for the client's.
fn second_stat_label(pick: SecondStatPick) -> &'static str {
    match pick {
        SecondStatPick::Compact => "",
        SecondStatPick::SharedOneMore => " (one more shared)",
        SecondStatPick::SharedPastFirstPath => " (shared past the first path)",
        SecondStatPick::OwnPathCut => " (own path cut)",
    }
}
