//! `claim` and `refund`: paying a position out to the wallet; `claim --all`, every one it is owed.

use crate::actions::{self, Actor, PayoutOrder};
use crate::error::Error;
use crate::output::receipt::claim_all::ClaimAllReceipt;
use crate::output::receipt::payout::PayoutReceipt;
use crate::session::Session;

/// One claim or refund, as `order` says.
pub async fn run(session: &Session, order: PayoutOrder) -> Result<PayoutReceipt, Error> {
    let wallet = session.wallet()?;
    let client = session.client().await?;
    let actor = Actor {
        client: &client,
        wallet: &wallet,
        progress: None,
    };
    actions::pay_out(&actor, order, None).await
}

/// `claim --all`: every payout and refund the wallet is owed.
pub async fn all(session: &Session) -> Result<ClaimAllReceipt, Error> {
    let wallet = session.wallet()?;
    let client = session.client().await?;
    let actor = Actor {
        client: &client,
        wallet: &wallet,
        progress: None,
    };
    actions::claim_all(&actor).await
}
