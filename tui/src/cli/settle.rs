//! `settle`: resolving a market with a proof fixture, or replacing its provisional settlement
//! with a later proof.

use fulltime_client::fixture::ProofFixture;
use fulltime_client::rpc::ClientError;
use fulltime_client::validate::{check_batch_time, check_final_value, check_settle};

use super::refusal::refused;
use crate::args::SettleArgs;
use crate::error::Error;
use crate::output::labels::batch_time_note;
use crate::output::receipt::settle::SettleReceipt;
use crate::session::Session;

pub async fn run(session: &Session, args: SettleArgs) -> Result<SettleReceipt, Error> {
    let fixture = ProofFixture::load(&args.fixture)?;
    let payer = session.wallet()?;
    let client = session.client(args.checks.force).await?;
    let before = client.market(args.id).await?;
    if !args.checks.force {
        let now = client.cluster_time().await?;
        check_settle(&before, now).map_err(|failure| refused(failure, &before, now))?;
        check_batch_time(fixture.proof.ts, &before, now).map_err(|mut failure| {
            let note = batch_time_note(fixture.proof.ts, &before, now);
            failure.message = format!("{} ({note})", failure.message);
            ClientError::refused(failure)
        })?;
        check_final_value(&fixture.proof, &before).map_err(ClientError::refused)?;
    }
    let settled = client.settle(&payer, args.id, &fixture).await?;
    let now = client.cluster_time().await?;
    // A settle that succeeds on a settled market replaced its settlement.
    let replaced = before.settled_outcome();
    Ok(SettleReceipt::new(
        client.endpoint(),
        &settled,
        replaced,
        now,
    ))
}
