//! `settle`: resolving a market with a proof file, or replacing its provisional settlement
//! with a later proof.

use fulltime_client::proof_file::ProofFile;

use super::acting;
use crate::actions::{self, SettleOrder};
use crate::args::SettleArgs;
use crate::error::Error;
use crate::output::receipt::settle::SettleReceipt;
use crate::session::Session;

pub async fn run(session: &Session, args: SettleArgs) -> Result<SettleReceipt, Error> {
    let proof_file = ProofFile::load(&args.proof)?;
    let order = SettleOrder {
        market: args.id,
        proof_file: Box::new(proof_file),
        force: args.checks.force,
    };
    acting(session, async |actor| {
        actions::settle(actor, order, None).await
    })
    .await
}
