//! An expectation of a timeline read from the chain: what it says, what the chain holds, and
//! whether they agree. A step's expectations are read together, each kind of account in one
//! batch.

use std::collections::{BTreeMap, BTreeSet};

use fulltime_client::amount::format_usdc;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::pda;
use fulltime_client::rpc::{ClientError, FulltimeClient};
use fulltime_client::settlement::state::{Market, Position};
use fulltime_client::side::Side;
use fulltime_proof_files::timeline::{Expectation, Stage};
use solana_keypair::Address as Pubkey;
use solana_signer::Signer;

use super::play::Cast;
use crate::actions::payout::paid;
use crate::error::Error;
use crate::output::receipt::payout::PayoutKind;
use crate::output::timeline::ExpectationRun;

/// Reads what a step's `expectations` are about, each kind of account in one batch of
/// `getMultipleAccounts` (a request per hundred), and compares, in their order.
pub async fn check_all(
    client: &FulltimeClient,
    cast: &Cast,
    expectations: &[Expectation],
) -> Result<Vec<ExpectationRun>, Error> {
    if expectations.is_empty() {
        return Ok(Vec::new());
    }
    let chain = Chain::read(client, cast, expectations).await?;
    expectations
        .iter()
        .map(|expectation| chain.check(cast, expectation))
        .collect()
}

/// The accounts a step's expectations are about, as the chain held them after the step.
struct Chain {
    now: i64,
    markets: BTreeMap<u64, Market>,
    positions: BTreeMap<(u64, Pubkey), Position>,
    usdc: BTreeMap<Pubkey, u64>,
}

impl Chain {
    async fn read(
        client: &FulltimeClient,
        cast: &Cast,
        expectations: &[Expectation],
    ) -> Result<Self, Error> {
        let mut market_ids = BTreeSet::new();
        let mut stakes = BTreeSet::new();
        let mut wallets = BTreeSet::new();
        for expectation in expectations {
            match expectation {
                Expectation::Stage { market, .. } | Expectation::Pool { market, .. } => {
                    market_ids.insert(cast.market(market));
                }
                Expectation::Pays { wallet, market, .. } => {
                    market_ids.insert(cast.market(market));
                    stakes.insert((cast.market(market), cast.wallet(wallet).pubkey()));
                }
                Expectation::Balance { wallet, .. } => {
                    wallets.insert(cast.wallet(wallet).pubkey());
                }
            }
        }
        let now = client.cluster_time().await?;
        let market_ids: Vec<u64> = market_ids.into_iter().collect();
        let addresses: Vec<Pubkey> = market_ids.iter().map(|id| pda::market(*id)).collect();
        let mut markets = BTreeMap::new();
        for (id, market) in market_ids
            .iter()
            .zip(client.accounts::<Market>(&addresses, "market").await?)
        {
            markets.insert(*id, market.ok_or(ClientError::MarketNotFound { id: *id })?);
        }
        let stakes: Vec<(u64, Pubkey)> = stakes.into_iter().collect();
        let addresses: Vec<Pubkey> = stakes
            .iter()
            .map(|(id, owner)| pda::position(&pda::market(*id), owner))
            .collect();
        let positions = stakes
            .into_iter()
            .zip(client.accounts::<Position>(&addresses, "position").await?)
            .filter_map(|(stake, position)| position.map(|position| (stake, position)))
            .collect();
        let wallets: Vec<Pubkey> = wallets.into_iter().collect();
        let usdc = client.usdc_balances(&wallets).await?;
        let usdc = wallets
            .into_iter()
            .zip(usdc)
            .map(|(wallet, held)| (wallet, held.unwrap_or(0)))
            .collect();
        Ok(Self {
            now,
            markets,
            positions,
            usdc,
        })
    }

    fn market(&self, id: u64) -> Result<&Market, Error> {
        self.markets
            .get(&id)
            .ok_or_else(|| ClientError::MarketNotFound { id }.into())
    }

    /// Compares `expectation` with what was read.
    fn check(&self, cast: &Cast, expectation: &Expectation) -> Result<ExpectationRun, Error> {
        Ok(match expectation {
            Expectation::Stage { market, stage } => {
                let status = MarketStatus::of(self.market(cast.market(market))?, self.now);
                compared(
                    format!("{market}'s stage"),
                    stage_words(*stage),
                    &stage_words(stage_of(status)),
                )
            }
            Expectation::Balance { wallet, usdc } => {
                let held = self
                    .usdc
                    .get(&cast.wallet(wallet).pubkey())
                    .copied()
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
                let id = cast.market(market);
                let position = self.positions.get(&(id, cast.wallet(wallet).pubkey()));
                compared(
                    format!("what {wallet} is paid from {market}"),
                    format_usdc(*usdc),
                    &format_usdc(pays(self.market(id)?, position, self.now)),
                )
            }
            Expectation::Pool { market, yes, no } => {
                let found = self.market(cast.market(market))?;
                compared(
                    format!("{market}'s pool"),
                    pool_words(*yes, *no),
                    &pool_words(found.total_on(Side::Yes), found.total_on(Side::No)),
                )
            }
        })
    }
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
fn pays(market: &Market, position: Option<&Position>, now: i64) -> u64 {
    let Some(position) = position.filter(|position| !position.claimed) else {
        return 0;
    };
    match MarketStatus::of(market, now) {
        MarketStatus::Resolved {
            refundable: false,
            outcome,
        } if position.outcome == outcome => claimed(market, position),
        MarketStatus::Resolved {
            refundable: true, ..
        }
        | MarketStatus::Expired => paid(PayoutKind::Refund, market, position).unwrap_or(0),
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
