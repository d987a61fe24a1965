//! `deposit`: staking test USDC on one side of a market.

use fulltime_client::settlement::SettlementError;
use fulltime_client::side::{NotASide, Side};
use fulltime_client::validate::settlement_failure;

use super::acting;
use crate::actions::{self, DepositOrder};
use crate::args::DepositArgs;
use crate::error::Error;
use crate::output::receipt::deposit::DepositReceipt;
use crate::session::Session;

pub async fn run(session: &Session, args: DepositArgs) -> Result<DepositReceipt, Error> {
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
    acting(session, async |actor| {
        actions::deposit(actor, order, None).await
    })
    .await
}
