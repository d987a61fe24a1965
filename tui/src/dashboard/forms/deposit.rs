//! The deposit form: a side and an amount, checked as they are typed against what the program
//! would refuse and what the wallet holds.

use fulltime_client::amount::{format_usdc, parse_usdc};
use fulltime_client::errors::ProgramFailure;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::settlement::SettlementError;
use fulltime_client::side::Side;
use fulltime_client::validate::{check_amount, settlement_failure};

use crate::dashboard::chain::Chain;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepositForm {
    pub market: u64,
    pub side: Side,
    /// As typed, in USDC.
    pub amount: String,
}

/// What pressing Enter would do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DepositCheck {
    /// `payout` is what the whole position would pay if this side wins, with the pool as it is
    /// plus this deposit.
    Ready { amount: u64, payout: u64 },
    /// Why it cannot be sent; Enter sends nothing.
    Invalid(String),
}

fn refusal(failure: ProgramFailure) -> DepositCheck {
    DepositCheck::Invalid(format!("{}: {}", failure.name, failure.message))
}

impl DepositForm {
    /// The side of an existing position, since a position cannot change side (`OutcomeLocked`).
    pub fn new(market: u64, chain: Option<&Chain>) -> Self {
        let side = chain
            .and_then(|chain| chain.position(market))
            .map_or(Side::Yes, |position| position.outcome);
        Self {
            market,
            side,
            amount: String::new(),
        }
    }

    pub fn toggle_side(&mut self) {
        self.side = self.side.opposite();
    }

    /// Only what can be part of an amount is taken, so a stray key does not spoil it.
    pub fn type_char(&mut self, c: char) {
        if c.is_ascii_digit() || c == '.' {
            self.amount.push(c);
        }
    }

    pub fn check(&self, chain: &Chain) -> DepositCheck {
        let Some(market) = chain.market(self.market) else {
            return DepositCheck::Invalid(format!("Market {} is gone", self.market));
        };
        match MarketStatus::of(market, chain.now) {
            MarketStatus::Open => {}
            MarketStatus::Provisional { .. } | MarketStatus::Resolved { .. } => {
                return refusal(settlement_failure(SettlementError::MarketResolved));
            }
            MarketStatus::Closed | MarketStatus::Expired => {
                return refusal(settlement_failure(SettlementError::MarketClosed));
            }
        }
        let position = chain.position(self.market);
        if position.is_some_and(|position| position.outcome != self.side) {
            return refusal(settlement_failure(SettlementError::OutcomeLocked));
        }
        if self.amount.trim().is_empty() {
            return DepositCheck::Invalid("Type an amount of USDC, like 2.5".to_owned());
        }
        let amount = match parse_usdc(&self.amount) {
            Ok(amount) => amount,
            Err(error) => return DepositCheck::Invalid(error.to_string()),
        };
        if let Err(failure) = check_amount(amount) {
            return refusal(failure);
        }
        match chain.balances.and_then(|balances| balances.usdc) {
            None => {
                return DepositCheck::Invalid(
                    "No test USDC account yet: press f to ask the faucet".to_owned(),
                );
            }
            Some(balance) if amount > balance => {
                return DepositCheck::Invalid(format!(
                    "More than the wallet holds ({})",
                    format_usdc(balance)
                ));
            }
            Some(_) => {}
        }
        // The program's own arithmetic, on the market as it would be after this deposit.
        let mut after = market.clone();
        let stake = position.map_or(0, |position| position.amount);
        let payout = after
            .add_stake(self.side, amount)
            .ok()
            .and_then(|()| after.payout_if(self.side, stake.checked_add(amount)?).ok());
        match payout {
            Some(payout) => DepositCheck::Ready { amount, payout },
            None => refusal(settlement_failure(SettlementError::Overflow)),
        }
    }
}
