//! An expectation of a timeline read from the chain: what it says, what the chain holds, and
//! whether they agree. A step's expectations are read together, each kind of account in one
//! batch. The recorder reads the same way what a hand action left (`found`), through the same
//! [`Names`] a run's cast gives its wallets and markets.

use std::collections::{BTreeMap, BTreeSet};

use fulltime_client::amount::format_usdc;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::pda;
use fulltime_client::rpc::{ClientError, FulltimeClient};
use fulltime_client::settlement::state::{Market, Position};
use fulltime_client::side::Side;
use fulltime_matches::timeline::{Expectation, Stage};
use solana_keypair::Address as Pubkey;
use solana_signer::Signer;

use fulltime_files::wallet_book::WalletName;

use super::play::Cast;
use crate::actions::payout::paid;
use crate::error::Error;
use crate::output::receipt::payout::PayoutKind;
use crate::output::timeline::ExpectationRun;

/// What a timeline's names stand for on the node: a wallet's address, a market label's id.
pub trait Names {
    fn address(&self, wallet: &WalletName) -> Pubkey;
    fn market_id(&self, label: &str) -> u64;
}

impl Names for Cast {
    fn address(&self, wallet: &WalletName) -> Pubkey {
        self.wallet(wallet).pubkey()
    }

    fn market_id(&self, label: &str) -> u64 {
        self.market(label)
    }
}

/// Reads what a step's `expectations` are about, each kind of account in one batch of
/// `getMultipleAccounts` (a request per hundred), and compares, in their order.
pub async fn check_all(
    client: &FulltimeClient,
    names: &impl Names,
    expectations: &[Expectation],
) -> Result<Vec<ExpectationRun>, Error> {
    let found = found(client, names, expectations).await?;
    Ok(expectations
        .iter()
        .zip(&found)
        .map(|(expectation, found)| compared(what(expectation), &words(expectation), &words(found)))
        .collect())
}

/// `expectations` with what the chain holds in their place: what [`check_all`] compares with.
pub async fn found(
    client: &FulltimeClient,
    names: &impl Names,
    expectations: &[Expectation],
) -> Result<Vec<Expectation>, Error> {
    if expectations.is_empty() {
        return Ok(Vec::new());
    }
    let chain = Chain::read(client, names, expectations).await?;
    expectations
        .iter()
        .map(|expectation| chain.found(names, expectation))
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
        names: &impl Names,
        expectations: &[Expectation],
    ) -> Result<Self, Error> {
        let mut market_ids = BTreeSet::new();
        let mut stakes = BTreeSet::new();
        let mut wallets = BTreeSet::new();
        for expectation in expectations {
            match expectation {
                Expectation::Stage { market, .. } | Expectation::Pool { market, .. } => {
                    market_ids.insert(names.market_id(market));
                }
                Expectation::Pays { wallet, market, .. } => {
                    market_ids.insert(names.market_id(market));
                    stakes.insert((names.market_id(market), names.address(wallet)));
                }
                Expectation::Balance { wallet, .. } => {
                    wallets.insert(names.address(wallet));
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

    /// `expectation` with what was read in its place.
    fn found(&self, names: &impl Names, expectation: &Expectation) -> Result<Expectation, Error> {
        Ok(match expectation {
            Expectation::Stage { market, .. } => {
                let status = MarketStatus::of(self.market(names.market_id(market))?, self.now);
                Expectation::Stage {
                    market: market.clone(),
                    stage: stage_of(status),
                }
            }
            Expectation::Balance { wallet, .. } => Expectation::Balance {
                wallet: wallet.clone(),
                usdc: self.usdc.get(&names.address(wallet)).copied().unwrap_or(0),
            },
            Expectation::Pays { wallet, market, .. } => {
                let id = names.market_id(market);
                let position = self.positions.get(&(id, names.address(wallet)));
                Expectation::Pays {
                    wallet: wallet.clone(),
                    market: market.clone(),
                    usdc: pays(self.market(id)?, position, self.now),
                }
            }
            Expectation::Pool { market, .. } => {
                let found = self.market(names.market_id(market))?;
                Expectation::Pool {
                    market: market.clone(),
                    yes: found.total_on(Side::Yes),
                    no: found.total_on(Side::No),
                }
            }
        })
    }
}

/// `alice holds`, `home-over-1's pool`: what an expectation is about.
fn what(expectation: &Expectation) -> String {
    match expectation {
        Expectation::Stage { market, .. } => format!("{market}'s stage"),
        Expectation::Balance { wallet, .. } => format!("{wallet} holds"),
        Expectation::Pays { wallet, market, .. } => format!("what {wallet} is paid from {market}"),
        Expectation::Pool { market, .. } => format!("{market}'s pool"),
    }
}

/// The value an expectation states, in words.
fn words(expectation: &Expectation) -> String {
    match expectation {
        Expectation::Stage { stage, .. } => stage_words(*stage),
        Expectation::Balance { usdc, .. } | Expectation::Pays { usdc, .. } => format_usdc(*usdc),
        Expectation::Pool { yes, no, .. } => pool_words(*yes, *no),
    }
}

fn compared(what: String, expected: &str, found: &str) -> ExpectationRun {
    ExpectationRun {
        held: expected == found,
        what,
        expected: expected.to_owned(),
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
