//! The deposit form's state: a side and an amount, checked as they are typed by the deposit
//! action's own checks, against what the program would refuse and what the wallet holds.

use fulltime_client::amount::parse_usdc;
use fulltime_client::settlement::SettlementError;
use fulltime_client::side::Side;
use fulltime_client::validate::check_deposit_market;

use crate::dashboard::chain::Chain;
use crate::dashboard::text_field::{Takes, TextField};
use fulltime_desk::actions::deposit::{check, staked};
use fulltime_desk::actions::{DepositOrder, Refusal};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepositForm {
    pub market: u64,
    pub side: Side,
    /// As typed, in USDC.
    pub amount: TextField,
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

fn refused(refusal: Refusal) -> DepositCheck {
    DepositCheck::Invalid(format!("{}: {refusal}", refusal.name()))
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
            amount: TextField::new(Takes::Amount),
        }
    }

    pub fn toggle_side(&mut self) {
        self.side = self.side.opposite();
    }

    /// The deposit action's own checks (`fulltime_desk::actions::deposit`), the market's state first so
    /// that it shows before an amount is typed.
    pub fn check(&self, chain: &Chain) -> DepositCheck {
        let Some(market) = chain.market(self.market) else {
            return DepositCheck::Invalid(format!("Market {} is gone", self.market));
        };
        let position = chain.position(self.market);
        let outcome = self.side.byte();
        if let Err(failure) = check_deposit_market(outcome, market, position, chain.now) {
            return refused(failure.into());
        }
        if self.amount.trim().is_empty() {
            return DepositCheck::Invalid("Type an amount of USDC, like 2.5".to_owned());
        }
        let order = match parse_usdc(&self.amount) {
            Ok(amount) => DepositOrder {
                market: self.market,
                outcome,
                amount,
                force: false,
            },
            Err(error) => return DepositCheck::Invalid(error.to_string()),
        };
        let usdc = chain.balances.and_then(|balances| balances.usdc);
        if let Err(refusal) = check(&order, market, position, usdc, chain.now) {
            return refused(refusal);
        }
        if usdc.is_none() {
            return DepositCheck::Invalid(
                "No test USDC account yet: press f to ask the faucet".to_owned(),
            );
        }
        // The program's own arithmetic, on the market as it would be after this deposit.
        let payout = staked(&order, market, position)
            .and_then(|(after, stake)| after.payout_if(self.side, stake).ok());
        match payout {
            Some(payout) => DepositCheck::Ready {
                amount: order.amount,
                payout,
            },
            None => refused(SettlementError::Overflow.into()),
        }
    }
}
