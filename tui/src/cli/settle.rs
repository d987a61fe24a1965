//! `settle`: resolving a market with a proof fixture, or replacing its provisional settlement
//! with a later proof.

use fulltime_client::fixture::ProofFixture;

use super::acting;
use crate::actions::{self, SettleOrder};
use crate::args::SettleArgs;
use crate::error::Error;
use crate::output::receipt::settle::SettleReceipt;
use crate::session::Session;

pub async fn run(session: &Session, args: SettleArgs) -> Result<SettleReceipt, Error> {
    let fixture = ProofFixture::load(&args.fixture)?;
    let order = SettleOrder {
        market: args.id,
        fixture: Box::new(fixture),
        force: args.checks.force,
    };
    acting(session, async |actor| {
        actions::settle(actor, order, None).await
    })
    .await
}
