//! Settling a market with a proof, or replacing its provisional settlement with a later proof:
//! the checks the client can make (the close time, the dispute window and grace period, a market
//! of the retired rule, a value not from the `game_finalised` record, the batch time against the
//! close and the clock, a stated side the proof does not give), the send, and the market as the
//! settlement left it. The proof comes from a proof file, or from TxLINE's API by record
//! (`settle_by_record`), which then settles the same way.

use fulltime_client::proof_file::ProofFile;
use fulltime_client::rpc::Standing;
use fulltime_client::settlement::state::Market;
use fulltime_client::settlement::{SettlementError, StatedOutcome};
use fulltime_client::side::Side;
use fulltime_client::txline::api::RecordPick;
use fulltime_client::validate::{check_batch_time, check_final_value, check_settle};

use super::{Actor, Refusal, Signing};
use crate::error::Error;
use crate::output::receipt::settle::{ProofUsed, SettleReceipt};

#[derive(Clone, Debug)]
pub struct SettleOrder {
    pub market: u64,
    pub proof_file: Box<ProofFile>,
    /// The side the settler states; `None` states what the proven value gives. Another side
    /// is refused before sending unless `force`, as the program refuses it.
    pub stated: Option<Side>,
    /// Send it without the checks.
    pub force: bool,
}

/// Settling from TxLINE's API: the market's fixture's record `pick` names, the proof of the
/// market's stat(s) in it fetched, the outcome derived from the proven value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecordSettleOrder {
    pub market: u64,
    pub pick: RecordPick,
    /// The side the settler states, as [`SettleOrder::stated`].
    pub stated: Option<Side>,
    /// Send it without the checks.
    pub force: bool,
}

/// What the program would refuse of settling `market` with `proof_file` at cluster time `now`,
/// the first it would name. A later proof replacing a provisional settlement is the program's to
/// judge (`ProofNotLater`).
pub fn check(proof_file: &ProofFile, market: &Market, now: i64) -> Result<(), Refusal> {
    check_settle(market, now).map_err(|failure| Refusal::waiting(failure, market, now))?;
    check_final_value(&proof_file.proof, market)?;
    check_batch_time(proof_file.proof.ts, market, now)
        .map_err(|failure| Refusal::batch(failure, proof_file.proof.ts, market, now))?;
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
    send_settlement(&actor.signing().await?, order, held, None).await
}

/// Settles as `order` says with a proof fetched from the session's TxLINE API: the record (the
/// fixture's latest `game_finalised` one unless a sequence is named) checked against its proof
/// before anything is sent; then as [`settle`] does, with the same checks.
pub async fn settle_by_record(
    actor: &Actor<'_>,
    order: RecordSettleOrder,
    held: Option<Standing>,
) -> Result<SettleReceipt, Error> {
    let api = actor.session.txline_api()?;
    let signing = actor.signing().await?;
    let before = signing.standing(order.market, held).await?;
    let market = &before.market;
    if !order.force {
        // Nothing to fetch for a market that cannot be settled now.
        check_settle(market, before.now)
            .map_err(|failure| Refusal::waiting(failure, market, before.now))?;
    }
    let fetched = api
        .record_proof(
            market.fixture_id,
            order.pick,
            market.stat_key,
            market.second_stat.map(|second| second.stat_key),
        )
        .await?;
    let proof_file = ProofFile::fetched(&fetched, api.base_url(), None);
    let order = SettleOrder {
        market: order.market,
        proof_file: Box::new(proof_file),
        stated: order.stated,
        force: order.force,
    };
    send_settlement(&signing, order, Some(before), Some(api.base_url())).await
}

/// The outcome `order` states of `market`: the proof's, unless it names a side. A side the
/// proof does not give is refused as the program would (`OutcomeNotProven`), last as the
/// program checks it, unless forced.
pub fn stated_outcome(order: &SettleOrder, market: &Market) -> Result<StatedOutcome, Refusal> {
    let proven = order.proof_file.stated_outcome(market);
    let Some(side) = order.stated else {
        return Ok(proven);
    };
    let stated = order.proof_file.outcome_stating(market, side);
    if stated != proven && !order.force {
        return Err(SettlementError::OutcomeNotProven.into());
    }
    Ok(stated)
}

async fn send_settlement(
    signing: &Signing<'_>,
    order: SettleOrder,
    held: Option<Standing>,
    fetched_from: Option<&str>,
) -> Result<SettleReceipt, Error> {
    let before = signing.standing(order.market, held).await?;
    if !order.force {
        check(&order.proof_file, &before.market, before.now)?;
    }
    let market = &before.market;
    let stated = stated_outcome(&order, market)?;
    let client = &signing.client;
    let instructions = client.settle_instructions_stating(market, &order.proof_file, stated);
    let signature = signing.send_instructions(&instructions).await?;
    let after = signing.standing(order.market, None).await?;
    // A settle that succeeds on a settled market replaced its settlement.
    let replaced = before.market.settled_outcome();
    Ok(SettleReceipt::new(
        signing.client.endpoint(),
        &signature,
        &after.market,
        ProofUsed::of(&order.proof_file, fetched_from),
        replaced,
        after.now,
    ))
}
