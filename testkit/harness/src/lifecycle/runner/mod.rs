//! Runs a lifecycle on a fresh chain against the model. Every step must end exactly as the model
//! predicts (success, or the one error named with the program raising it), move exactly the
//! predicted tokens, and leave every balance, vault, market and position as the model holds it.
//! Then the clock runs past every deadline, every position is claimed, refunded and claimed again,
//! and each market must have paid out its pool to the last unit of rounding dust.

use anchor_lang::prelude::Pubkey;
use anchor_spl::token::spl_token;
use anchor_spl::token::spl_token::error::TokenError;
use fulltime_client::errors::failing_program;
use fulltime_client::pda;
use fulltime_localnet::native::FalsePredicate;
use settlement::MarketTerms;
use settlement::state::SecondStat;
use solana_keypair::Keypair;
use solana_signer::Signer;
use txline_interface::TraderPredicate;
use txline_interface::time::{FINAL_PERIOD, MS_PER_SLOT};

use super::batch::{Batch, BatchError};
use super::calendar::{Calendar, slot_of};
use super::cut::cut_proof;
use super::full_time::with_full_time_mark;
use super::model::{Expected, Model, Movement, Refusal};
use super::picks::{WALLET_FUNDS, WALLETS};
use super::proof_facts::EventFacts;
use super::report::{Run, Violation};
use super::step::{
    CutPick, DatePick, FullTimePick, Mark, ProofPick, StatPick, StatedPick, Step, TermsPick,
};
use crate::harness::{GENESIS_UNIX_TIME, TestChain, TxFailure};

/// Market `n` of a lifecycle proves fixture `FIXTURE_BASE + n`, so that proofs of one market
/// are another market's wrong fixture.
const FIXTURE_BASE: i64 = 18_273_000;
const STAT_KEY: u32 = 1;
/// The second stat of two-stat markets ("home goals + away goals").
const SECOND_STAT_KEY: u32 = 2;

/// Runs `steps` on a fresh chain whose mock oracle treats a false predicate as `oracle` says.
pub fn run_lifecycle(oracle: FalsePredicate, steps: &[Step]) -> Result<Run, Violation> {
    let outside_steps = |detail| Violation { step: None, detail };
    let mut lifecycle = Lifecycle::new(oracle);
    lifecycle.check_state().map_err(outside_steps)?;
    for (index, step) in steps.iter().enumerate() {
        lifecycle
            .step(step)
            .and_then(|()| lifecycle.check_state())
            .map_err(|detail| Violation {
                step: Some(index),
                detail: format!("{step:?}: {detail}"),
            })?;
    }
    lifecycle
        .pay_out_everything()
        .map_err(|detail| outside_steps(format!("final pay-out: {detail}")))?;
    Ok(lifecycle.run)
}

/// Token balances before a transaction, to check what it moved.
struct Watch {
    wallet: Option<Watched>,
    vault: Option<Watched>,
}

struct Watched {
    name: String,
    account: Pubkey,
    before: u64,
}

struct Lifecycle {
    chain: TestChain,
    model: Model,
    creator: Keypair,
    wallets: Vec<Keypair>,
    markets: Vec<Pubkey>,
    batches: Vec<Batch>,
    /// Per market, the batch, summary and event its settlement rests on.
    settled_with: Vec<Option<(usize, usize, usize)>>,
    calendar: Calendar,
    run: Run,
}

impl Lifecycle {
    fn new(oracle: FalsePredicate) -> Self {
        let mut chain = TestChain::with_oracle(oracle);
        let creator = chain.new_wallet(0);
        let wallets = (0..WALLETS)
            .map(|_| chain.new_wallet(WALLET_FUNDS))
            .collect();
        Self {
            chain,
            model: Model::new(oracle, GENESIS_UNIX_TIME, vec![WALLET_FUNDS; WALLETS]),
            creator,
            wallets,
            markets: Vec::new(),
            batches: Vec::new(),
            settled_with: Vec::new(),
            calendar: Calendar::default(),
            run: Run::default(),
        }
    }

    fn step(&mut self, step: &Step) -> Result<(), String> {
        if let Step::CreateMarket(pick) = step {
            return self.create_market(pick);
        }
        let Some(market) = self.market_number(step) else {
            self.run.count("skipped: no market yet".into());
            return Ok(());
        };
        match *step {
            Step::CreateMarket(_) => Ok(()),
            Step::Deposit {
                wallet,
                outcome,
                amount,
                ..
            } => {
                let wallet = wallet % WALLETS;
                let expected = self.model.deposit(wallet, market, outcome, amount);
                let watch = self.watch(Some(wallet), market);
                let result = self.chain.deposit(
                    &self.wallets[wallet],
                    &self.markets[market],
                    outcome,
                    amount,
                );
                self.judge("deposit", expected, result, watch)
            }
            Step::Settle {
                ref proof,
                full_time,
                cut,
                stated,
                ..
            } => self.settle(market, proof, full_time, cut, stated),
            Step::Time { mark, .. } => {
                self.time(market, mark);
                Ok(())
            }
            Step::Claim { wallet, .. } => {
                let wallet = wallet % WALLETS;
                let expected = self.model.claim(wallet, market);
                let watch = self.watch(Some(wallet), market);
                let result = self
                    .chain
                    .claim(&self.wallets[wallet], &self.markets[market]);
                self.judge("claim", expected, result, watch)
            }
            Step::Refund { wallet, .. } => {
                let wallet = wallet % WALLETS;
                let expected = self.model.refund(wallet, market);
                let watch = self.watch(Some(wallet), market);
                let result = self
                    .chain
                    .refund(&self.wallets[wallet], &self.markets[market]);
                self.judge("refund", expected, result, watch)
            }
        }
    }

    /// The market a step is about, among those created so far.
    fn market_number(&self, step: &Step) -> Option<usize> {
        let pick = match *step {
            Step::CreateMarket(_) => return None,
            Step::Deposit { market, .. }
            | Step::Settle { market, .. }
            | Step::Time { market, .. }
            | Step::Claim { market, .. }
            | Step::Refund { market, .. } => market,
        };
        pick.checked_rem(self.markets.len())
    }

    fn create_market(&mut self, pick: &TermsPick) -> Result<(), String> {
        let number = self.markets.len();
        let terms = MarketTerms {
            question: std::iter::repeat_n(pick.question_char, pick.question_chars).collect(),
            close_time: self.model.now.saturating_add(pick.close_in),
            fixture_id: FIXTURE_BASE.saturating_add_unsigned(number as u64),
            stat_key: STAT_KEY,
            period: pick.period,
            predicate: TraderPredicate {
                threshold: pick.threshold,
                comparison: pick.comparison,
            },
            dispute_window: pick.dispute_window,
            second_stat: pick.second_stat.map(|op| SecondStat {
                stat_key: SECOND_STAT_KEY,
                op,
            }),
        };
        let expected = self.model.create_market(&terms);
        let result = self.chain.create_market(&self.creator, terms);
        if let Ok(address) = result {
            if address != pda::market(number as u64) {
                return Err(format!("market {number} was created at {address}"));
            }
            self.markets.push(address);
            self.settled_with.push(None);
        }
        self.judge("create market", expected, result, Watch::nothing())
    }

    fn settle(
        &mut self,
        market: usize,
        pick: &ProofPick,
        full_time: FullTimePick,
        cut: CutPick,
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
        let Some((marked, mark_facts)) =
            with_full_time_mark(batch, summary, event, full_time, published).map_err(text)?
        else {
            self.run.count(format!(
                "skipped: no proof{} here",
                full_time_label(full_time)
            ));
            return Ok(());
        };
        let Some((proof, cut_facts)) =
            cut_proof(batch, summary, event, cut, marked).map_err(text)?
        else {
            self.run
                .count(format!("skipped: no proof{} here", cut_label(cut)));
            return Ok(());
        };
        let facts = batch
            .facts(summary, event, cut_facts, mark_facts)
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
        let kind = format!("{kind}{}{}", cut_label(cut), full_time_label(full_time));
        let expected = self.model.settle(market, facts, stated_outcome);
        let watch = self.watch(None, market);
        let address = self.markets[market];
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
        let (batch, summary, event) = match pick {
            ProofPick::Fresh {
                date,
                stat,
                summaries,
                summary,
                event,
            } => {
                let model = &self.model.markets[market];
                let (stat_key, period) = match stat {
                    StatPick::Market => (model.stat_key, model.period),
                    StatPick::OtherKey => (model.stat_key.wrapping_add(1), model.period),
                    StatPick::OtherPeriod => (model.stat_key, model.period.wrapping_sub(50)),
                };
                // A full-time stat is final by itself: every event carrying one finishes the
                // match.
                let summaries: Vec<Vec<EventFacts>> = summaries
                    .iter()
                    .map(|events| {
                        events
                            .iter()
                            .map(|pick| EventFacts {
                                value: model.threshold.saturating_add(i32::from(pick.offset)),
                                finishes: !pick.in_play || period == FINAL_PERIOD,
                            })
                            .collect()
                    })
                    .collect();
                if summaries.is_empty() || summaries.iter().any(Vec::is_empty) {
                    return Ok(None);
                }
                let fixture_id = model.fixture_id;
                let second_stat = model.second_stat;
                let ts_ms = self.date(market, *date);
                let batch = Batch {
                    ts_ms,
                    fixture_id,
                    stat_key,
                    period,
                    second_stat,
                    summaries,
                };
                let root = batch.root().map_err(|error| error.to_string())?;
                self.chain
                    .post_root(root)
                    .map_err(|failure| format!("posting a fresh batch root failed: {failure}"))?;
                self.run.tally.transactions += 1;
                self.run.draw(format!("batch dated {date:?}"));
                self.calendar.take(ts_ms);
                self.model.publish(ts_ms);
                self.batches.push(batch);
                // The settler waits for the oracle's next batch, once there is a result to wait
                // for.
                if *date == DatePick::Next
                    && self.model.now >= self.model.markets[market].close_time
                {
                    self.move_clock(market, Mark::Publication);
                }
                (self.batches.len() - 1, *summary, *event)
            }
            ProofPick::Posted {
                back,
                summary,
                event,
            } => {
                let Some(back) = back.checked_rem(self.batches.len()) else {
                    return Ok(None);
                };
                (self.batches.len() - 1 - back, *summary, *event)
            }
            ProofPick::Rival {
                other_summary,
                event_step,
            } => {
                let Some((batch, summary, event)) = self.settled_with[market] else {
                    return Ok(None);
                };
                let summaries = &self.batches[batch].summaries;
                let summary = (summary + usize::from(*other_summary)) % summaries.len();
                // Past the last event: the last one.
                let last = summaries[summary].len().saturating_sub(1);
                let event = event
                    .saturating_add_signed(isize::from(*event_step))
                    .min(last);
                (batch, summary, event)
            }
        };
        let summaries = &self.batches[batch].summaries;
        let summary = summary % summaries.len();
        let event = event % summaries[summary].len();
        Ok(Some((batch, summary, event)))
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

    fn time(&mut self, market: usize, mark: Mark) {
        if !self.move_clock(market, mark) {
            self.run.count("time: stays".into());
        }
    }

    /// Moves the clock forward to `mark`, if it is ahead; whether it moved.
    fn move_clock(&mut self, market: usize, mark: Mark) -> bool {
        match self.model.time_of(market, mark) {
            Some(to) if to > self.model.now => {
                self.chain.set_time(to);
                self.model.now = to;
                self.run.count(format!("time: to {mark:?}"));
                true
            }
            _ => false,
        }
    }

    fn watch(&self, wallet: Option<usize>, market: usize) -> Watch {
        let watched = |name: String, account: Pubkey| Watched {
            name,
            account,
            before: self.chain.token_balance(&account),
        };
        Watch {
            wallet: wallet.map(|wallet| {
                let owner = self.wallets[wallet].pubkey();
                let account = pda::token_account(&owner, &self.chain.mint());
                watched(format!("wallet {wallet}"), account)
            }),
            vault: Some(watched(
                format!("market {market}'s vault"),
                pda::vault(&self.markets[market]),
            )),
        }
    }

    /// Checks that a transaction ended as expected and moved exactly the expected tokens.
    fn judge<T>(
        &mut self,
        kind: &str,
        expected: Expected,
        result: Result<T, TxFailure>,
        watch: Watch,
    ) -> Result<(), String> {
        self.run.tally.transactions += 1;
        let movement = match (&expected, &result) {
            (Expected::Done(movement), Ok(_)) => {
                self.run.count(format!("{kind}: ok"));
                *movement
            }
            (Expected::Refused(refusal), Err(failure))
                if raised_by(*refusal)
                    == (failing_program(&failure.logs), failure.custom_code()) =>
            {
                self.run
                    .count(format!("{kind}: {}", refusal_name(*refusal)));
                Movement::Nothing
            }
            (_, Ok(_)) => return Err(format!("{kind}: expected {expected:?}, it succeeded")),
            (_, Err(failure)) => {
                return Err(format!(
                    "{kind}: expected {expected:?}, it failed: {failure}"
                ));
            }
        };
        let (into_vault, out_of_vault) = match movement {
            Movement::Nothing => (0, 0),
            Movement::IntoVault(amount) => (amount, 0),
            Movement::OutOfVault(amount) => (0, amount),
        };
        let moved = |watched: Watched, gained: u64, lost: u64| {
            let Watched {
                name,
                account,
                before,
            } = watched;
            let after = self.chain.token_balance(&account);
            let expected = before
                .checked_add(gained)
                .and_then(|sum| sum.checked_sub(lost));
            if expected == Some(after) {
                Ok(())
            } else {
                Err(format!(
                    "{kind} ({movement:?}): {name} went from {before} to {after}"
                ))
            }
        };
        if let Some(wallet) = watch.wallet {
            moved(wallet, out_of_vault, into_vault)?;
        }
        if let Some(vault) = watch.vault {
            moved(vault, into_vault, out_of_vault)?;
        }
        Ok(())
    }

    /// Compares everything the model holds with the chain.
    fn check_state(&self) -> Result<(), String> {
        let chain = &self.chain;
        if chain.now() != self.model.now {
            return Err(format!("clock {} != model {}", chain.now(), self.model.now));
        }
        for (number, wallet) in self.wallets.iter().enumerate() {
            let (held, owed) = (
                chain.usdc_balance(&wallet.pubkey()),
                self.model.balances[number],
            );
            if held != owed {
                return Err(format!(
                    "wallet {number} holds {held}, the model says {owed}"
                ));
            }
        }
        for (number, (address, model)) in self.markets.iter().zip(&self.model.markets).enumerate() {
            let vault = chain.token_balance(&pda::vault(address));
            if model.deposited.checked_sub(model.paid) != Some(vault) {
                return Err(format!(
                    "market {number}'s vault holds {vault}: deposits {} - payouts {}",
                    model.deposited, model.paid
                ));
            }
            let state = chain
                .market(address)
                .ok_or(format!("market {number} is gone"))?;
            let settled = model.settlement.as_ref().map(|settlement| {
                (
                    settlement.outcome,
                    settlement.dispute_ends_at,
                    settlement.proof.ts_ms,
                    settlement.proof.event,
                )
            });
            let on_chain = state.settled.then_some((
                state.outcome,
                state.dispute_ends_at,
                state.settled_by.ts,
                state.settled_by.event as usize,
            ));
            let terms = (
                state.close_time,
                state.dispute_window,
                state.fixture_id,
                state.period,
                state.second_stat,
            );
            if [state.total_no, state.total_yes] != model.totals
                || on_chain != settled
                || terms
                    != (
                        model.close_time,
                        model.dispute_window,
                        model.fixture_id,
                        model.period,
                        model.second_stat,
                    )
            {
                return Err(format!(
                    "market {number} is {state:?}; the model: totals {:?}, settled {settled:?}",
                    model.totals
                ));
            }
            for (owner, wallet) in self.wallets.iter().enumerate() {
                let position = chain
                    .position(address, &wallet.pubkey())
                    .map(|position| (position.outcome, position.amount, position.claimed));
                let modelled = model
                    .positions
                    .get(&owner)
                    .map(|position| (position.side, position.stake, position.received.is_some()));
                if position != modelled {
                    return Err(format!(
                        "wallet {owner}'s position in market {number} is {position:?}, the model \
                         says {modelled:?}"
                    ));
                }
            }
        }
        Ok(())
    }

    /// Past every deadline, claims, refunds and claims again every position, then checks that
    /// each market paid out its whole pool but rounding dust.
    fn pay_out_everything(&mut self) -> Result<(), String> {
        let end = self.model.end_of_all();
        if end > self.model.now {
            self.chain.set_time(end);
            self.model.now = end;
        }
        for market in 0..self.markets.len() {
            let owners: Vec<usize> = self.model.markets[market]
                .positions
                .keys()
                .copied()
                .collect();
            for wallet in owners {
                for step in [
                    Step::Claim { wallet, market },
                    Step::Refund { wallet, market },
                    Step::Claim { wallet, market },
                ] {
                    self.step(&step)
                        .and_then(|()| self.check_state())
                        .map_err(|detail| format!("{step:?}: {detail}"))?;
                }
            }
            let vault = self.chain.token_balance(&pda::vault(&self.markets[market]));
            self.model.markets[market]
                .check_paid_out(vault)
                .map_err(|detail| format!("market {market}: {detail}"))?;
        }
        Ok(())
    }
}

impl Watch {
    fn nothing() -> Self {
        Self {
            wallet: None,
            vault: None,
        }
    }
}

/// The program and custom error code a refusal shows as on chain.
fn raised_by(refusal: Refusal) -> (Option<Pubkey>, Option<u32>) {
    let (program, code) = match refusal {
        Refusal::Settlement(error) => (settlement::ID, u32::from(error)),
        // `TestChain` settles through the mock at the devnet id.
        Refusal::Oracle(error) => (mock_oracle::ID, u32::from(error)),
        Refusal::PositionMissing => (
            settlement::ID,
            u32::from(anchor_lang::error::ErrorCode::AccountNotInitialized),
        ),
        Refusal::InsufficientFunds => (spl_token::ID, TokenError::InsufficientFunds as u32),
    };
    (Some(program), Some(code))
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

/// How a settle step names the full-time mark of its proof: nothing for an honest settler's.
fn full_time_label(pick: FullTimePick) -> &'static str {
    match pick {
        FullTimePick::Honest => "",
        FullTimePick::Omitted => " (mark omitted)",
        FullTimePick::NextEvent => " (next event's mark)",
        FullTimePick::Forged => " (forged mark)",
        FullTimePick::ProvenStat => " (proven stat as mark)",
    }
}

fn refusal_name(refusal: Refusal) -> String {
    match refusal {
        Refusal::Settlement(error) => error.name(),
        Refusal::Oracle(error) => format!("oracle {}", error.name()),
        Refusal::PositionMissing => "no position".into(),
        Refusal::InsufficientFunds => "insufficient funds".into(),
    }
}
