//! One action run through the action layer, as the desk or as the wallet it names (without the
//! client's checks when it says `force`), and what it did in words.

use fulltime_client::amount::format_usdc;
use fulltime_client::wallet_book::WalletName;
use fulltime_matches::Generated;
use fulltime_matches::timeline::{Action, ActionKind, SettleWith, Timeline};
use solana_signer::Signer;

use super::cast::Cast;
use super::create::create;
use super::describe::{describe, describe_payout};
use super::warp::warp;
use crate::actions::{self, Actor, DepositOrder, PayoutOrder, RecordSettleOrder, SettleOrder};
use crate::error::Error;
use crate::output::receipt::payout::PayoutKind;
use crate::session::Session;

/// What an action did, in words, and the id of the market it created, if it created one.
pub struct Performed {
    pub said: String,
    pub created: Option<u64>,
}

impl Performed {
    fn said(said: String) -> Self {
        Self {
            said,
            created: None,
        }
    }
}

/// Runs `action` through the action layer (without the client's checks when it says `force`).
pub async fn perform(
    session: &Session,
    cast: &Cast,
    timeline: &Timeline,
    proofs: &Generated,
    action: &Action,
) -> Result<Performed, Error> {
    let client = session.client().await?;
    let (kind, force) = (&action.kind, action.force);
    let actor = |wallet: &WalletName| Actor {
        client: &client,
        wallet: cast.wallet(wallet),
        progress: None,
    };
    match kind {
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
            actions::deposit(&actor(wallet), order, None).await?;
        }
        ActionKind::Create { market } => {
            let id = create(session, cast, timeline, market, force).await?;
            return Ok(Performed {
                said: describe(kind),
                created: Some(id),
            });
        }
        ActionKind::Settle { market, with } => {
            let desk = Actor {
                client: &client,
                wallet: &cast.desk,
                progress: None,
            };
            settle(session, &desk, proofs, cast.market(market), with, force).await?;
        }
        ActionKind::Claim { wallet, market } | ActionKind::Refund { wallet, market } => {
            let kind = match kind {
                ActionKind::Refund { .. } => PayoutKind::Refund,
                _ => PayoutKind::Claim,
            };
            let said = pay_out(&actor(wallet), cast, kind, wallet, market, force).await?;
            return Ok(Performed::said(said));
        }
        ActionKind::ClaimAll { wallet } => {
            let receipt = actions::claim_all(&actor(wallet)).await?;
            return Ok(Performed::said(format!(
                "{wallet} claims all: paid {}",
                format_usdc(receipt.total_paid)
            )));
        }
        ActionKind::Faucet { wallet } => {
            return ask_faucet(session, cast, wallet).await.map(Performed::said);
        }
        ActionKind::Warp { to } => {
            warp(session, *to).await?;
        }
    }
    Ok(Performed::said(describe(kind)))
}

/// Settles market `market` as the desk `desk`, with a committed proof file the timeline names or
/// with a record the TxLINE API serves.
async fn settle(
    session: &Session,
    desk: &Actor<'_>,
    proofs: &Generated,
    market: u64,
    with: &SettleWith,
    force: bool,
) -> Result<(), Error> {
    match with {
        SettleWith::Case(proof) => {
            let proof_file = proofs
                .proof_file(proof)
                .ok_or_else(|| Error::UnknownTimelineName(proof.clone()))?;
            let order = SettleOrder {
                market,
                proof_file: Box::new(proof_file.clone()),
                force,
            };
            actions::settle(desk, order, None).await?;
        }
        SettleWith::Record(pick) => {
            let order = RecordSettleOrder {
                market,
                pick: *pick,
                force,
            };
            actions::settle_by_record(desk, &session.txline_api()?, order, None).await?;
        }
    }
    Ok(())
}

/// Claims or refunds `wallet`'s position in the market labelled `market`; what it paid, in
/// words.
async fn pay_out(
    actor: &Actor<'_>,
    cast: &Cast,
    kind: PayoutKind,
    wallet: &WalletName,
    market: &str,
    force: bool,
) -> Result<String, Error> {
    let order = PayoutOrder {
        kind,
        market: cast.market(market),
        force,
    };
    let receipt = actions::pay_out(actor, order, None).await?;
    Ok(format!(
        "{}: paid {}",
        describe_payout(kind, wallet, market),
        format_usdc(receipt.paid)
    ))
}

/// Asks the run's faucet for test USDC for `wallet`; what it granted, in words.
async fn ask_faucet(session: &Session, cast: &Cast, wallet: &WalletName) -> Result<String, Error> {
    let address = cast.wallet(wallet).pubkey();
    let grant = actions::faucet(session, &address, &cast.faucet_url).await?;
    Ok(format!(
        "{wallet} asks the faucet: got {}",
        format_usdc(grant.grant.amount)
    ))
}
