//! `claim` and `refund`: paying a position out to the wallet.

use fulltime_client::errors::ProgramFailure;
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::settlement::state::Market;
use fulltime_client::validate::{check_claim, check_refund};

use super::refusal::refused;
use crate::error::Error;
use crate::output::receipt::claim_all::ClaimAllReceipt;
use crate::output::receipt::payout::{PayoutKind, PayoutReceipt};
use crate::session::Session;

/// One claim or refund of market `id`; `force` sends it whatever the client would say.
pub async fn run(
    session: &Session,
    kind: PayoutKind,
    id: u64,
    force: bool,
) -> Result<PayoutReceipt, Error> {
    let wallet = session.wallet()?;
    let client = session.client(force).await?;
    if !force {
        let check = match kind {
            PayoutKind::Claim => check_claim,
            PayoutKind::Refund => check_refund,
        };
        check_market(&client, id, check).await?;
    }
    let withdrawn = match kind {
        PayoutKind::Claim => client.claim(&wallet, id).await?,
        PayoutKind::Refund => client.refund(&wallet, id).await?,
    };
    Ok(PayoutReceipt::new(client.endpoint(), kind, id, &withdrawn))
}

/// `claim --all`: every payout and refund the wallet is owed. A run that stopped after some
/// transactions landed reports the failure with what was paid before it.
pub async fn all(session: &Session) -> Result<ClaimAllReceipt, Error> {
    let wallet = session.wallet()?;
    let client = session.client(false).await?;
    let paid_out = client.pay_out_all(&wallet).await?;
    let receipt = ClaimAllReceipt::new(client.endpoint(), &paid_out);
    match paid_out.stopped {
        None => Ok(receipt),
        Some(error) if receipt.paid.is_empty() => Err(error.into()),
        Some(error) => Err(Error::PaidInPart {
            source: error,
            paid: receipt
                .to_string()
                .lines()
                .next()
                .unwrap_or_default()
                .to_owned(),
        }),
    }
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
