//! `claim` and `refund`: paying a position out to the wallet; `claim --all`, every one it is owed.

use super::acting;
use crate::actions::{self, PayoutOrder};
use crate::error::Error;
use crate::output::receipt::claim_all::ClaimAllReceipt;
use crate::output::receipt::payout::PayoutReceipt;
use crate::session::Session;

/// One claim or refund, as `order` says.
pub async fn run(session: &Session, order: PayoutOrder) -> Result<PayoutReceipt, Error> {
    acting(session, async |actor| {
        actions::pay_out(actor, order, None).await
    })
    .await
}

/// `claim --all`: every payout and refund the wallet is owed.
pub async fn all(session: &Session) -> Result<ClaimAllReceipt, Error> {
    acting(session, actions::claim_all).await
}
