//! Claim all: every payout and refund the wallet is owed, packed into as few transactions as fit
//! (`FulltimeClient::pay_out_all`); a run that stopped after some of them landed is told once,
//! with what was paid before it.

use super::Actor;
use crate::error::Error;
use crate::output::receipt::claim_all::ClaimAllReceipt;

/// Pays out what the wallet is owed; nothing payable is a receipt that says so.
pub async fn claim_all(actor: &Actor<'_>) -> Result<ClaimAllReceipt, Error> {
    let signing = actor.signing().await?;
    let paid_out = signing
        .client
        .pay_out_all(signing.wallet(), signing.progress)
        .await?;
    let receipt = ClaimAllReceipt::new(signing.client.endpoint(), &paid_out);
    match paid_out.stopped {
        None => Ok(receipt),
        Some(error) if receipt.paid.is_empty() => Err(error.into()),
        Some(error) => Err(Error::PaidInPart {
            source: error,
            paid: Box::new(receipt),
        }),
    }
}
