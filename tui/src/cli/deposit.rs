//! `deposit`: staking test USDC on one side of a market.

use fulltime_client::settlement::SettlementError;
use fulltime_client::side::{NotASide, Side};
use fulltime_client::validate::settlement_failure;

use crate::args::DepositArgs;
use fulltime_desk::actions::{DepositOrder, Order};
use fulltime_desk::error::Error;

/// The deposit `args` describe.
pub fn order(args: DepositArgs) -> Result<Order, Error> {
    let outcome = match args.outcome.parse::<Side>() {
        Ok(side) => side.byte(),
        // A number that is no side is the program's to refuse: the checks refuse it first, as
        // the program would, and --force sends it.
        Err(NotASide::Byte(byte)) => byte,
        // A word that is no outcome at all cannot be sent, even with --force.
        Err(NotASide::Word(_)) => {
            let failure = settlement_failure(SettlementError::InvalidOutcome);
            return Err(Error::Unsendable(Box::new(failure)));
        }
    };
    let order = DepositOrder {
        market: args.id,
        outcome,
        amount: args.amount,
        force: args.checks.force,
    };
    Ok(Order::Deposit(order))
}
