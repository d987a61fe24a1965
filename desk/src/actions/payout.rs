//! Claiming a winning position and refunding a stake: the market's state checked at the cluster
//! clock (saying how long the wait is), the send, and a receipt of what the program's rule pays.

use fulltime_client::instructions::{self, Withdrawal};
use fulltime_client::pda;
use fulltime_client::rpc::{ClientError, Standing};
use fulltime_client::settlement::state::{Market, Position};
use fulltime_client::validate::{check_claim, check_refund};

use super::{Actor, Refusal};
use crate::error::Error;
use crate::output::position::PositionView;
use crate::output::receipt::payout::{PayoutKind, PayoutReceipt};
use crate::output::receipt::{TransactionLink, UsdcChange};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PayoutOrder {
    pub kind: PayoutKind,
    pub market: u64,
    /// Send it without the checks.
    pub force: bool,
}

/// What `market`'s state refuses of a `kind` payout at cluster time `now`: a claim before the
/// settlement is final, a refund during the dispute window or of a market that is not
/// refundable. A wallet without a position is [`pay_out`]'s to refuse (it names the wallet).
pub fn check(kind: PayoutKind, market: &Market, now: i64) -> Result<(), Refusal> {
    let check = match kind {
        PayoutKind::Claim => check_claim,
        PayoutKind::Refund => check_refund,
    };
    check(market, now).map_err(|failure| Refusal::waiting(failure, market, now))
}

/// What the program pays `position` for a `kind` payout from `market`: a claim's share of the
/// pool, a refund's stake; `None` where it refuses (no winners, an overflow).
pub fn paid(kind: PayoutKind, market: &Market, position: &Position) -> Option<u64> {
    match kind {
        PayoutKind::Claim => market.payout(position.amount).ok(),
        PayoutKind::Refund => Some(position.amount),
    }
}

/// Pays the wallet's position in `order.market` out, checked against `held` (what the caller
/// knows of the market and the wallet) or what it reads (one request) unless `order.force`.
pub async fn pay_out(
    actor: &Actor<'_>,
    order: PayoutOrder,
    held: Option<Standing>,
) -> Result<PayoutReceipt, Error> {
    let signing = actor.signing().await?;
    let owner = signing.address();
    let before = signing.standing(order.market, held).await?;
    if !order.force {
        check(order.kind, &before.market, before.now)?;
        if before.position.is_none() {
            return Err(Refusal::NoPosition {
                market_id: order.market,
                owner,
            }
            .into());
        }
    }
    let withdrawal = Withdrawal::of(owner, signing.client.usdc_mint(), pda::market(order.market));
    let instruction = match order.kind {
        PayoutKind::Claim => instructions::claim(withdrawal),
        PayoutKind::Refund => instructions::refund(withdrawal),
    };
    let signature = signing.send(instruction).await?;
    let usdc_before = before.usdc.unwrap_or(0);
    // The program took it, so its rule holds; were it to differ, the chain says.
    let computed = before.position.as_ref().and_then(|position| {
        let paid = paid(order.kind, &before.market, position)?;
        Some((position.clone(), usdc_before.checked_add(paid)?))
    });
    let (mut position, usdc_after) = match computed {
        Some(computed) => computed,
        None => {
            let after = signing.standing(order.market, None).await?;
            // Only a cluster not running this program pays out no position.
            let position = after.position.ok_or_else(|| ClientError::Decode {
                what: "position",
                address: pda::position(&pda::market(order.market), &owner),
                reason: "the payout was taken, yet there is no position".into(),
            })?;
            (position, after.usdc.unwrap_or(0))
        }
    };
    position.claimed = true;
    let usdc = UsdcChange {
        before: usdc_before,
        after: usdc_after,
    };
    Ok(PayoutReceipt {
        paid: usdc.after.saturating_sub(usdc.before),
        usdc,
        position: PositionView::new(&position, Some(order.market)),
        transaction: TransactionLink::new(signing.client.endpoint(), &signature),
        kind: order.kind,
        market_id: order.market,
    })
}
