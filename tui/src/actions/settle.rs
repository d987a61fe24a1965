//! Settling a market with a proof file, or replacing its provisional settlement with a later
//! proof: the checks the client can make (the close time, the dispute window and grace period,
//! the batch time against the close and the clock, a value still in play), the send, and the
//! market as the settlement left it.

use fulltime_client::proof_file::ProofFile;
use fulltime_client::rpc::Standing;
use fulltime_client::settlement::state::Market;
use fulltime_client::validate::{check_batch_time, check_final_value, check_settle};

use super::{Actor, Refusal};
use crate::error::Error;
use crate::output::receipt::settle::SettleReceipt;

#[derive(Clone, Debug)]
pub struct SettleOrder {
    pub market: u64,
    pub proof_file: Box<ProofFile>,
    /// Send it without the checks.
    pub force: bool,
}

/// What the program would refuse of settling `market` with `proof_file` at cluster time `now`,
/// the first it would name. A later proof replacing a provisional settlement is the program's to
/// judge (`ProofNotLater`).
pub fn check(proof_file: &ProofFile, market: &Market, now: i64) -> Result<(), Refusal> {
    check_settle(market, now).map_err(|failure| Refusal::waiting(failure, market, now))?;
    check_batch_time(proof_file.proof.ts, market, now)
        .map_err(|failure| Refusal::batch(failure, proof_file.proof.ts, market, now))?;
    check_final_value(&proof_file.proof, market)?;
    Ok(())
}

/// Settles as `order` says, checked against `held` (what the caller knows of the market) or
/// what it reads unless `order.force`; the settled market is read back, since when its dispute
/// window ends is the chain's clock at the settlement.
pub async fn settle(
    actor: &Actor<'_>,
    order: SettleOrder,
    held: Option<Standing>,
) -> Result<SettleReceipt, Error> {
    let before = actor.standing(order.market, held).await?;
    if !order.force {
        check(&order.proof_file, &before.market, before.now)?;
    }
    let instruction = actor
        .client
        .settle_instruction(&before.market, &order.proof_file);
    let signature = actor.send(instruction).await?;
    let after = actor.standing(order.market, None).await?;
    // A settle that succeeds on a settled market replaced its settlement.
    let replaced = before.market.settled_outcome();
    Ok(SettleReceipt::new(
        actor.client.endpoint(),
        &signature,
        &after.market,
        replaced,
        after.now,
    ))
}
