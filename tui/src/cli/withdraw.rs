//! `claim` and `refund`: paying a position out to the wallet.

use fulltime_client::errors::ProgramFailure;
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::settlement::state::Market;
use fulltime_client::validate::{check_claim, check_refund};

use super::refusal::refused;
use crate::args::WithdrawArgs;
use crate::error::Error;
use crate::output::receipt::payout::{PayoutKind, PayoutReceipt};
use crate::session::Session;

pub async fn run(
    session: &Session,
    kind: PayoutKind,
    args: WithdrawArgs,
) -> Result<PayoutReceipt, Error> {
    let wallet = session.wallet()?;
    let client = session.client(args.checks.force).await?;
    if !args.checks.force {
        let check = match kind {
            PayoutKind::Claim => check_claim,
            PayoutKind::Refund => check_refund,
        };
        check_market(&client, args.id, check).await?;
    }
    let withdrawn = match kind {
        PayoutKind::Claim => client.claim(&wallet, args.id).await?,
        PayoutKind::Refund => client.refund(&wallet, args.id).await?,
    };
    Ok(PayoutReceipt::new(
        client.endpoint(),
        kind,
        args.id,
        &withdrawn,
    ))
}

/// Refuses before sending what the market's state does not allow at the cluster's time.
async fn check_market(
    client: &FulltimeClient,
    id: u64,
    check: fn(&Market, i64) -> Result<(), ProgramFailure>,
) -> Result<(), Error> {
    let market = client.market(id).await?;
    let now = client.cluster_time().await?;
    check(&market, now).map_err(|failure| refused(failure, &market, now).into())
}
