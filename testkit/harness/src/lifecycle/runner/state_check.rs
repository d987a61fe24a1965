//! After every step, everything the model holds compared with the chain: the clock, each
//! wallet's test USDC, and each market's vault, totals, settlement, terms and positions.

use anchor_lang::prelude::Pubkey;
use fulltime_client::pda;
use solana_signer::Signer;

use super::Lifecycle;
use crate::lifecycle::model::{MarketModel, Totals};

impl Lifecycle {
    /// Compares everything the model holds with the chain.
    pub(super) fn check_state(&self) -> Result<(), String> {
        let chain = &self.chain;
        if chain.now() != self.model.now {
            return Err(format!("clock {} != model {}", chain.now(), self.model.now));
        }
        self.check_wallets()?;
        for (number, (address, model)) in self.markets.iter().zip(&self.model.markets).enumerate() {
            self.check_market(number, address, model)?;
            self.check_positions(number, address, model)?;
        }
        Ok(())
    }

    /// Each wallet's test USDC.
    fn check_wallets(&self) -> Result<(), String> {
        for (number, wallet) in self.wallets.iter().enumerate() {
            let (held, owed) = (
                self.chain.usdc_balance(&wallet.pubkey()),
                self.model.balances[number],
            );
            if held != owed {
                return Err(format!(
                    "wallet {number} holds {held}, the model says {owed}"
                ));
            }
        }
        Ok(())
    }

    /// Market `number`'s vault, then its totals, settlement and terms.
    fn check_market(
        &self,
        number: usize,
        address: &Pubkey,
        model: &MarketModel,
    ) -> Result<(), String> {
        let chain = &self.chain;
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
        let totals = Totals {
            no: state.total_no,
            yes: state.total_yes,
        };
        if totals != model.totals
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
        Ok(())
    }

    /// Every wallet's position in market `number`, or that it has none.
    fn check_positions(
        &self,
        number: usize,
        address: &Pubkey,
        model: &MarketModel,
    ) -> Result<(), String> {
        for (owner, wallet) in self.wallets.iter().enumerate() {
            let position = self
                .chain
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
        Ok(())
    }
}
