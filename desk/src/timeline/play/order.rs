//! An action of the file as the desk's order, and who gives it: the wallet it names, or the run's
//! desk for a market's creation and a settlement. A warp and a root's posting are the node's and
//! the oracle's, no order of the desk's (`warp.rs`, `post_root.rs`).

use fulltime_client::side::Side;
use fulltime_matches::Generated;
use fulltime_matches::timeline::{ActionKind, SettleWith, Timeline};

use super::cast::Cast;
use crate::actions::{
    Actor, CreateOrder, DepositOrder, Order, PayoutOrder, RecordSettleOrder, SettleOrder,
};
use crate::error::Error;
use crate::input::When;
use crate::output::receipt::payout::PayoutKind;
use crate::session::Session;

/// `kind` as an order (without the client's checks when `force`), with its actor; `None` for a
/// root's posting, which is the oracle's to send.
pub async fn order_of<'a>(
    session: &'a Session,
    cast: &'a Cast,
    timeline: &Timeline,
    proofs: &Generated,
    kind: &ActionKind,
    force: bool,
) -> Result<Option<(Actor<'a>, Order)>, Error> {
    let acting = |wallet| Actor::as_wallet(session, cast.wallet(wallet));
    let desk = Actor::as_wallet(session, &cast.desk);
    let payout = |kind, market: &str| {
        Order::Payout(PayoutOrder {
            kind,
            market: cast.market(market),
            force,
        })
    };
    Ok(Some(match kind {
        ActionKind::Deposit {
            wallet,
            market,
            side,
            usdc,
        } => {
            let order = DepositOrder {
                market: cast.market(market),
                outcome: side.byte(),
                amount: *usdc,
                force,
            };
            (acting(wallet), Order::Deposit(order))
        }
        ActionKind::Create { market } => {
            let order = create_order(session, timeline, market, force).await?;
            (desk, Order::Create(Box::new(order)))
        }
        ActionKind::Settle {
            market,
            with,
            stated,
        } => (
            desk,
            settle_order(proofs, cast.market(market), with, *stated, force)?,
        ),
        ActionKind::Claim { wallet, market } => (acting(wallet), payout(PayoutKind::Claim, market)),
        ActionKind::Refund { wallet, market } => {
            (acting(wallet), payout(PayoutKind::Refund, market))
        }
        ActionKind::ClaimAll { wallet } => (acting(wallet), Order::ClaimAll),
        ActionKind::Faucet { wallet } => {
            let url = cast.faucet_url.clone();
            (acting(wallet), Order::Faucet { url })
        }
        ActionKind::Warp { to } => (desk, Order::Warp { to: When::At(*to) }),
        ActionKind::PostRoot { .. } => return Ok(None),
    }))
}

/// The market labelled `label`, to be created at the clock's time.
pub(super) async fn create_order(
    session: &Session,
    timeline: &Timeline,
    label: &str,
    force: bool,
) -> Result<CreateOrder, Error> {
    let Some(market) = timeline.markets.iter().find(|market| market.label == label) else {
        return Err(Error::UnknownTimelineName(label.to_owned()));
    };
    Ok(CreateOrder {
        terms: market.terms.clone(),
        now: session.client().await?.cluster_time().await?,
        force,
    })
}

/// Settling market `market` with a committed proof file the timeline names or a proof file beside
/// it, or with a record the TxLINE API serves, stating `stated` when the file names a side.
fn settle_order(
    proofs: &Generated,
    market: u64,
    with: &SettleWith,
    stated: Option<Side>,
    force: bool,
) -> Result<Order, Error> {
    Ok(match with {
        SettleWith::Case(proof) => {
            let proof_file = proofs
                .proof_file(proof)
                .ok_or_else(|| Error::UnknownTimelineName(proof.clone()))?;
            Order::Settle(SettleOrder {
                market,
                proof_file: Box::new(proof_file.clone()),
                stated,
                force,
            })
        }
        // Played exactly as a case is: the proof file as the settle order takes one.
        SettleWith::File { proof, .. } => Order::Settle(SettleOrder {
            market,
            proof_file: proof.clone(),
            stated,
            force,
        }),
        SettleWith::Record(pick) => Order::SettleByRecord(RecordSettleOrder {
            market,
            pick: *pick,
            stated,
            force,
        }),
    })
}
