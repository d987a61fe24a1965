//! An expectation of a timeline read from the chain: what it says, what the chain holds, and
//! whether they agree.

use fulltime_client::amount::format_usdc;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::rpc::{FulltimeClient, Standing};
use fulltime_client::settlement::state::{Market, Position};
use fulltime_client::side::Side;
use fulltime_proof_files::timeline::{Expectation, Stage};
use solana_keypair::Keypair;
use solana_signer::Signer;

use super::play::Cast;
use crate::actions::payout::paid;
use crate::error::Error;
use crate::output::receipt::payout::PayoutKind;
use crate::output::timeline::ExpectationRun;

/// Reads what `expectation` is about and compares.
pub async fn check(
    client: &FulltimeClient,
    cast: &Cast,
    expectation: &Expectation,
) -> Result<ExpectationRun, Error> {
    Ok(match expectation {
        Expectation::Stage { market, stage } => {
            let standing = client.standing(cast.market(market), &cast.desk()).await?;
            let found = stage_of(MarketStatus::of(&standing.market, standing.now));
            compared(
                format!("{market}'s stage"),
                stage_words(*stage),
                &stage_words(found),
            )
        }
        Expectation::Balance { wallet, usdc } => {
            let held = client
                .usdc_balance(&cast.wallet(wallet).pubkey())
                .await?
                .unwrap_or(0);
            compared(
                format!("{wallet} holds"),
                format_usdc(*usdc),
                &format_usdc(held),
            )
        }
        Expectation::Pays {
            wallet,
            market,
            usdc,
        } => {
            let owner: &Keypair = cast.wallet(wallet);
            let standing = client
                .standing(cast.market(market), &owner.pubkey())
                .await?;
            compared(
                format!("what {wallet} is paid from {market}"),
                format_usdc(*usdc),
                &format_usdc(pays(&standing)),
            )
        }
        Expectation::Pool { market, yes, no } => {
            let found = client.market(cast.market(market)).await?;
            compared(
                format!("{market}'s pool"),
                pool_words(*yes, *no),
                &pool_words(found.total_on(Side::Yes), found.total_on(Side::No)),
            )
        }
    })
}

fn compared(what: String, expected: String, found: &str) -> ExpectationRun {
    ExpectationRun {
        held: expected == found,
        what,
        expected,
        found: found.to_owned(),
    }
}

/// What a claim or refund of the wallet's position pays now: a final winner's share, a
/// refundable stake, else nothing.
fn pays(standing: &Standing) -> u64 {
    let Some(position) = standing
        .position
        .as_ref()
        .filter(|position| !position.claimed)
    else {
        return 0;
    };
    match MarketStatus::of(&standing.market, standing.now) {
        MarketStatus::Resolved {
            refundable: false,
            outcome,
        } if position.outcome == outcome => claimed(&standing.market, position),
        MarketStatus::Resolved {
            refundable: true, ..
        }
        | MarketStatus::Expired => {
            paid(PayoutKind::Refund, &standing.market, position).unwrap_or(0)
        }
        _ => 0,
    }
}

fn claimed(market: &Market, position: &Position) -> u64 {
    paid(PayoutKind::Claim, market, position).unwrap_or(0)
}

fn stage_of(status: MarketStatus) -> Stage {
    match status {
        MarketStatus::Open => Stage::Open,
        MarketStatus::Closed => Stage::Closed,
        MarketStatus::Provisional { outcome, .. } => Stage::Provisional(outcome),
        MarketStatus::Resolved { outcome, .. } => Stage::Resolved(outcome),
        MarketStatus::Expired => Stage::Expired,
    }
}

fn stage_words(stage: Stage) -> String {
    match stage {
        Stage::Open => "open".to_owned(),
        Stage::Closed => "closed".to_owned(),
        Stage::Provisional(side) => format!("provisional {side}"),
        Stage::Resolved(side) => format!("resolved {side}"),
        Stage::Expired => "expired".to_owned(),
    }
}

fn pool_words(yes: u64, no: u64) -> String {
    format!("YES {} NO {}", format_usdc(yes), format_usdc(no))
}
