//! Runs a lifecycle on a fresh chain against the model. Every step must end exactly as the model
//! predicts (success, or the one error named with the program raising it), move exactly the
//! predicted tokens, and leave every balance, vault, market and position as the model holds it.
//! Then the clock runs past every deadline, every position is claimed, refunded and claimed again,
//! and each market must have paid out its pool to the last unit of rounding dust.
//!
//! Here the lifecycle and its steps; a settle step's proof is picked and cut in `settle`, a
//! transaction's end and the tokens it moved are judged in `judge`, and the whole state is
//! compared with the model in `state_check`.

mod judge;
mod settle;
mod state_check;

use anchor_lang::prelude::Pubkey;
use fulltime_client::pda;
use fulltime_localnet::native::FalsePredicate;
use settlement::MarketTerms;
use settlement::state::SecondStat;
use solana_keypair::Keypair;
use txline_interface::TraderPredicate;

use super::batch::Batch;
use super::calendar::Calendar;
use super::model::{Expected, Model, Plant};
use super::picks::{WALLET_FUNDS, WALLETS};
use super::report::{Run, Violation};
use super::sent::{Act, After, Sent};
use super::step::{Mark, Step, TermsPick};
use crate::{GENESIS_UNIX_TIME, TestChain};
use judge::Watch;

/// Market `n` of a lifecycle proves fixture `FIXTURE_BASE + n`, so that proofs of one market
/// are another market's wrong fixture.
const FIXTURE_BASE: i64 = 18_273_000;
const STAT_KEY: u32 = 1;
/// The second stat of two-stat markets ("home goals + away goals").
const SECOND_STAT_KEY: u32 = 2;

/// Runs `steps` on a fresh chain whose mock oracle treats a false predicate as `oracle` says.
pub fn run_lifecycle(oracle: FalsePredicate, steps: &[Step]) -> Result<Run, Violation> {
    run_lifecycle_with(oracle, None, steps)
}

/// Runs `steps` as [`run_lifecycle`] does, against a model with `plant` in it.
pub fn run_lifecycle_with(
    oracle: FalsePredicate,
    plant: Option<Plant>,
    steps: &[Step],
) -> Result<Run, Violation> {
    Lifecycle::new(oracle, plant, false).run(steps)
}

/// Runs `steps` as [`run_lifecycle`] does, against a model with `plant` in it, and keeps what
/// was sent, up to and with the step that parted from the model.
pub fn run_recorded(
    oracle: FalsePredicate,
    plant: Option<Plant>,
    steps: &[Step],
) -> (Result<Run, Violation>, Vec<Sent>) {
    let mut lifecycle = Lifecycle::new(oracle, plant, true);
    let result = lifecycle.run(steps);
    (result, lifecycle.sent.unwrap_or_default())
}

/// A lifecycle under way: the chain, the model it is checked against, and what the steps made.
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
    /// What was sent, when asked to keep it.
    sent: Option<Vec<Sent>>,
}

impl Lifecycle {
    fn new(oracle: FalsePredicate, plant: Option<Plant>, keep_sent: bool) -> Self {
        let mut chain = TestChain::with_oracle(oracle);
        let creator = chain.new_wallet(0);
        let wallets = (0..WALLETS)
            .map(|_| chain.new_wallet(WALLET_FUNDS))
            .collect();
        Self {
            chain,
            model: Model::new(
                oracle,
                plant,
                GENESIS_UNIX_TIME,
                vec![WALLET_FUNDS; WALLETS],
            ),
            creator,
            wallets,
            markets: Vec::new(),
            batches: Vec::new(),
            settled_with: Vec::new(),
            calendar: Calendar::default(),
            run: Run::default(),
            sent: keep_sent.then(Vec::new),
        }
    }

    fn run(&mut self, steps: &[Step]) -> Result<Run, Violation> {
        let outside_steps = |detail| Violation { step: None, detail };
        self.check_state().map_err(outside_steps)?;
        for (index, step) in steps.iter().enumerate() {
            self.step(step)
                .and_then(|()| self.check_state())
                .map_err(|detail| Violation {
                    step: Some(index),
                    detail: format!("{step:?}: {detail}"),
                })?;
        }
        self.pay_out_everything()
            .map_err(|detail| outside_steps(format!("final pay-out: {detail}")))?;
        Ok(std::mem::take(&mut self.run))
    }

    /// Keeps `act` as sent now, with the model's prediction of it and the model after it.
    fn keep_sent(&mut self, act: impl FnOnce(&Self) -> Act, expected: Expected) {
        if self.sent.is_none() {
            return;
        }
        let sent = Sent {
            at: self.model.now,
            act: act(self),
            expected,
            after: After::of(&self.model),
        };
        if let Some(kept) = &mut self.sent {
            kept.push(sent);
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
                self.keep_sent(
                    |_| Act::Deposit {
                        wallet,
                        market,
                        side: outcome,
                        amount,
                    },
                    expected,
                );
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
                cut,
                second_stat,
                stated,
                ..
            } => self.settle(market, proof, cut, second_stat, stated),
            Step::Time { mark, .. } => {
                self.time(market, mark);
                Ok(())
            }
            Step::Claim { wallet, .. } => {
                let wallet = wallet % WALLETS;
                let expected = self.model.claim(wallet, market);
                self.keep_sent(|_| Act::Claim { wallet, market }, expected);
                let watch = self.watch(Some(wallet), market);
                let result = self
                    .chain
                    .claim(&self.wallets[wallet], &self.markets[market]);
                self.judge("claim", expected, result, watch)
            }
            Step::Refund { wallet, .. } => {
                let wallet = wallet % WALLETS;
                let expected = self.model.refund(wallet, market);
                self.keep_sent(|_| Act::Refund { wallet, market }, expected);
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
        let expected = self.model.create_market(&terms, pick.planted);
        self.keep_sent(
            |_| Act::Create {
                terms: terms.clone(),
                planted: pick.planted,
            },
            expected,
        );
        let (kind, result) = if pick.planted {
            (
                "plant market",
                self.chain.plant_market(&self.creator, terms),
            )
        } else {
            (
                "create market",
                self.chain.create_market(&self.creator, terms),
            )
        };
        if let Ok(address) = result {
            if address != pda::market(number as u64) {
                return Err(format!("market {number} was created at {address}"));
            }
            self.markets.push(address);
            self.settled_with.push(None);
        }
        self.judge(kind, expected, result, Watch::nothing())
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
