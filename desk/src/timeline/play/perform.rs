//! One action of the file run as the desk's order (without the client's checks when it says
//! `force`), and what it did in words.

use fulltime_client::amount::format_usdc;
use fulltime_matches::Generated;
use fulltime_matches::timeline::{Action, ActionKind, Timeline};

use super::cast::Cast;
use super::describe::{describe, describe_payout};
use super::order::order_of;
use super::post_root::post_root;
use super::warp::warp;
use crate::actions;
use crate::error::Error;
use crate::output::receipt::Receipt;
use crate::output::receipt::payout::PayoutKind;
use crate::session::Session;

/// What an action did, in words, and the id of the market it created, if it created one.
pub struct Performed {
    pub said: String,
    pub created: Option<u64>,
}

/// Runs `action` as its order.
pub async fn perform(
    session: &Session,
    cast: &Cast,
    timeline: &Timeline,
    proofs: &Generated,
    action: &Action,
) -> Result<Performed, Error> {
    let kind = &action.kind;
    if let ActionKind::Warp { to } = kind {
        // Never back: a warp to a time passed is a step already due.
        warp(session, *to).await?;
        return Ok(said(describe(kind)));
    }
    let Some((actor, order)) =
        order_of(session, cast, timeline, proofs, kind, action.force).await?
    else {
        // No order of the desk's: the oracle posts a root, signed by its authority.
        if let ActionKind::PostRoot { slot, root } = kind {
            post_root(session, cast, *slot, *root).await?;
        }
        return Ok(said(describe(kind)));
    };
    let receipt = actions::run(&actor, order, None).await?;
    Ok(match (kind, &receipt) {
        (ActionKind::Create { .. }, Receipt::Create(created)) => Performed {
            said: describe(kind),
            created: Some(created.market.id),
        },
        (ActionKind::Claim { wallet, market }, Receipt::Payout(paid)) => said(format!(
            "{}: paid {}",
            describe_payout(PayoutKind::Claim, wallet, market),
            format_usdc(paid.paid)
        )),
        (ActionKind::Refund { wallet, market }, Receipt::Payout(paid)) => said(format!(
            "{}: paid {}",
            describe_payout(PayoutKind::Refund, wallet, market),
            format_usdc(paid.paid)
        )),
        (ActionKind::ClaimAll { wallet }, Receipt::ClaimAll(paid)) => said(format!(
            "{wallet} claims all: paid {}",
            format_usdc(paid.total_paid)
        )),
        (ActionKind::Faucet { wallet }, Receipt::Grant(granted)) => said(format!(
            "{wallet} asks the faucet: got {}",
            format_usdc(granted.grant.amount)
        )),
        _ => said(describe(kind)),
    })
}

fn said(said: String) -> Performed {
    Performed {
        said,
        created: None,
    }
}
