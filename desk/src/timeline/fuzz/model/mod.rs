//! The contract as a model of what a timeline can say: wallets with test USDC, markets made from
//! proof cases, deposits, settles with honest and hostile proofs, claims, refunds and claim-alls
//! at the times of the steps. From the published rules alone (the program README, the error
//! spec), it predicts each action's result (success, or the error it must fail with) and every
//! expectation's value; [`predict`] writes those predictions into the timeline, so that a
//! timeline the model predicted is its own judge: playing it is comparing the chain with the
//! model.
//!
//! `market.rs` is a market's state, `stake.rs` a deposit, `settle.rs` a settle, `payout.rs`
//! claims and refunds.

mod market;
mod payout;
mod settle;
mod stake;

use std::collections::BTreeMap;

use fulltime_client::proof_file::ExpectedError;
use fulltime_client::settlement::SettlementError;
use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::{Action, ActionKind, Expectation, SettleWith, Step, Timeline};

pub use self::market::MarketState;
use super::catalog::Catalog;
use super::planted::Planted;

/// A timeline the model cannot predict (a name it does not know, a claim without a position, a
/// deposit beyond the wallet's USDC): a drawn or shrunk timeline never is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unmodelled(pub String);

#[derive(Clone)]
pub struct Model<'a> {
    catalog: &'a Catalog,
    planted: Option<Planted>,
    now: i64,
    balances: BTreeMap<WalletName, u64>,
    markets: BTreeMap<String, MarketState>,
}

/// Writes the model's predictions into `timeline`: each action's `fails` (sent with `force`, so
/// that the program's own refusal is what is checked) and each expectation's value.
pub fn predict(
    timeline: &mut Timeline,
    catalog: &Catalog,
    planted: Option<Planted>,
) -> Result<(), Unmodelled> {
    let mut model = Model::new(timeline, catalog, planted)?;
    for step in &mut timeline.steps {
        model.apply_step(step)?;
    }
    Ok(())
}

impl<'a> Model<'a> {
    /// The model of `timeline`'s wallets and markets before its first step.
    pub fn new(
        timeline: &Timeline,
        catalog: &'a Catalog,
        planted: Option<Planted>,
    ) -> Result<Self, Unmodelled> {
        let balances = timeline
            .wallets
            .iter()
            .map(|wallet| (wallet.name.clone(), wallet.usdc))
            .collect();
        let mut markets = BTreeMap::new();
        for market in &timeline.markets {
            let case = match (&market.case, market.created_in) {
                (Some(case), None) if catalog.case(case).is_some() => case.clone(),
                _ => return Err(unmodelled("a market not made from a usable case")),
            };
            markets.insert(
                market.label.clone(),
                MarketState {
                    case,
                    close: market.terms.close_time,
                    dispute_window: market.terms.dispute_window,
                    yes: 0,
                    no: 0,
                    positions: BTreeMap::new(),
                    settlement: None,
                },
            );
        }
        Ok(Self {
            catalog,
            planted,
            now: i64::MIN,
            balances,
            markets,
        })
    }

    pub fn now(&self) -> i64 {
        self.now
    }

    pub fn markets(&self) -> &BTreeMap<String, MarketState> {
        &self.markets
    }

    /// The wallets holding a position in the market labelled `label`; `None` for no such market.
    pub fn stakers(&self, label: &str) -> Option<Vec<WalletName>> {
        Some(self.markets.get(label)?.positions.keys().cloned().collect())
    }

    pub fn balance(&self, wallet: &WalletName) -> u64 {
        self.balances.get(wallet).copied().unwrap_or(0)
    }

    pub fn catalog(&self) -> &'a Catalog {
        self.catalog
    }

    /// Plays `step` in the model, writing what it predicts into it.
    pub fn apply_step(&mut self, step: &mut Step) -> Result<(), Unmodelled> {
        self.begin_step(step.at);
        for action in &mut step.actions {
            self.apply_action(action)?;
        }
        for expectation in &mut step.expect {
            self.predict_expectation(expectation)?;
        }
        Ok(())
    }

    /// The clock warped to a step's time, never back.
    pub fn begin_step(&mut self, at: i64) {
        self.now = self.now.max(at);
    }

    /// Plays `action` in the model, writing its predicted result into it.
    pub fn apply_action(&mut self, action: &mut Action) -> Result<(), Unmodelled> {
        let fails = match &action.kind {
            ActionKind::Deposit {
                wallet,
                market,
                side,
                usdc,
            } => self.deposit(wallet, market, *side, *usdc)?,
            ActionKind::Settle {
                market,
                with: SettleWith::Case(case),
                stated,
            } => self.settle(market, case, *stated)?,
            ActionKind::Claim { wallet, market } => self.claim(wallet, market)?,
            ActionKind::Refund { wallet, market } => self.refund(wallet, market)?,
            ActionKind::ClaimAll { wallet } => {
                self.claim_all(wallet)?;
                None
            }
            ActionKind::Warp { to } => {
                self.now = self.now.max(*to);
                None
            }
            ActionKind::Settle { .. }
            | ActionKind::Create { .. }
            | ActionKind::Faucet { .. }
            | ActionKind::PostRoot { .. } => {
                return Err(unmodelled(
                    "a create, a faucet, a post_root or a settle by record or by file",
                ));
            }
        };
        // A claim-all and a warp take no `force`; the others are forced when they must fail.
        action.force = fails.is_some();
        action.fails = fails;
        Ok(())
    }

    /// Writes the value the model predicts into `expectation`.
    pub fn predict_expectation(&self, expectation: &mut Expectation) -> Result<(), Unmodelled> {
        match expectation {
            Expectation::Stage { market, stage } => *stage = self.market(market)?.stage(self.now),
            Expectation::Balance { wallet, usdc } => {
                *usdc = *self
                    .balances
                    .get(wallet)
                    .ok_or_else(|| unmodelled("an unknown wallet"))?;
            }
            Expectation::Pays {
                wallet,
                market,
                usdc,
            } => *usdc = self.market(market)?.pays(wallet, self.now, self.planted),
            Expectation::Pool { market, yes, no } => {
                let state = self.market(market)?;
                (*yes, *no) = (state.yes, state.no);
            }
        }
        Ok(())
    }

    fn market(&self, label: &str) -> Result<&MarketState, Unmodelled> {
        self.markets
            .get(label)
            .ok_or_else(|| unmodelled("an unknown market"))
    }

    fn market_mut(&mut self, label: &str) -> Result<&mut MarketState, Unmodelled> {
        self.markets
            .get_mut(label)
            .ok_or_else(|| unmodelled("an unknown market"))
    }

    /// Adds `amount` to `wallet`'s USDC.
    fn credit(&mut self, wallet: &WalletName, amount: u64) -> Result<(), Unmodelled> {
        let balance = self
            .balances
            .get_mut(wallet)
            .ok_or_else(|| unmodelled("an unknown wallet"))?;
        *balance = balance
            .checked_add(amount)
            .ok_or_else(|| unmodelled("more USDC than there is"))?;
        Ok(())
    }
}

fn unmodelled(what: &str) -> Unmodelled {
    Unmodelled(what.to_owned())
}

fn refused(error: SettlementError) -> Option<ExpectedError> {
    Some(ExpectedError::from(error))
}

#[cfg(test)]
mod tests {
    use fulltime_matches::timeline::{load, timelines_dir};

    use super::*;

    /// The shipped timelines the model can say, each predicted afresh: every hand-written `fails`
    /// and expectation is what the model predicts (`force` aside: the model forces every action
    /// that must fail, a file only those the client would refuse first).
    #[test]
    fn the_model_predicts_the_shipped_timelines_as_written() {
        let proofs = fulltime_matches::committed().expect("the committed proof files");
        let catalog = Catalog::of(&proofs);
        let unforced = |timeline: &Timeline| {
            let mut timeline = timeline.clone();
            for action in timeline.steps.iter_mut().flat_map(|step| &mut step.actions) {
                action.force = false;
            }
            timeline
        };
        let mut predicted = Vec::new();
        let mut files: Vec<_> = std::fs::read_dir(timelines_dir())
            .expect("the timelines folder")
            .map(|entry| entry.expect("an entry").path())
            .filter(|path| {
                path.extension()
                    .is_some_and(|extension| extension == "toml")
            })
            .collect();
        files.sort();
        for file in files {
            let written = load(&file).expect("a shipped timeline loads");
            let mut again = written.clone();
            if predict(&mut again, &catalog, None).is_err() {
                continue;
            }
            assert_eq!(unforced(&again), unforced(&written), "{}", file.display());
            predicted.push(file);
        }
        assert!(predicted.len() >= 4, "{predicted:?}");
    }
}
