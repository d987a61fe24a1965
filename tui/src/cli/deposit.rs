//! `deposit`: staking test USDC on one side of a market.

use fulltime_client::validate::parse_outcome;

use crate::args::DepositArgs;
use crate::error::Error;
use crate::output::receipt::deposit::DepositReceipt;
use crate::session::Session;

pub async fn run(session: &Session, args: DepositArgs) -> Result<DepositReceipt, Error> {
    // A word that is no outcome at all cannot be sent, even with --force.
    let outcome =
        parse_outcome(&args.outcome).map_err(|failure| Error::Unsendable(Box::new(failure)))?;
    let wallet = session.wallet()?;
    let client = session.client(args.checks.force).await?;
    let deposited = client
        .deposit(&wallet, args.id, outcome, args.amount)
        .await?;
    let now = client.cluster_time().await?;
    Ok(DepositReceipt::new(
        client.endpoint(),
        &deposited,
        args.amount,
        outcome,
        now,
    ))
}
