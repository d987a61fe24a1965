//! `deposit`: staking test USDC on one side of a market.

use fulltime_client::settlement::SettlementError;
use fulltime_client::side::{NotASide, Side};
use fulltime_client::validate::settlement_failure;

use crate::args::DepositArgs;
use crate::error::Error;
use crate::output::receipt::deposit::DepositReceipt;
use crate::session::Session;

pub async fn run(session: &Session, args: DepositArgs) -> Result<DepositReceipt, Error> {
    let asked = match args.outcome.parse::<Side>() {
        Ok(side) => Ok(side),
        // A number that is no side is the program's to refuse: the client's checks refuse it
        // first, as the program would, and --force sends it.
        Err(NotASide::Byte(byte)) => Err(byte),
        // A word that is no outcome at all cannot be sent, even with --force.
        Err(NotASide::Word(_)) => {
            let failure = settlement_failure(SettlementError::InvalidOutcome);
            return Err(Error::Unsendable(Box::new(failure)));
        }
    };
    let wallet = session.wallet()?;
    let client = session.client(args.checks.force).await?;
    let deposited = match asked {
        Ok(side) => client.deposit(&wallet, args.id, side, args.amount).await?,
        Err(byte) => {
            client
                .deposit_outcome(&wallet, args.id, byte, args.amount)
                .await?
        }
    };
    // The program refuses every byte that is no side; were one taken, the position holds its side.
    let side = asked.unwrap_or(deposited.position.outcome);
    let now = client.cluster_time().await?;
    Ok(DepositReceipt::new(
        client.endpoint(),
        &deposited,
        args.amount,
        side,
        now,
    ))
}
