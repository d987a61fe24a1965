//! An expectation of a timeline read from the chain: what it says, what the chain holds, and
//! whether they agree. A step's expectations are read together, each kind of account in one
//! batch. The recorder reads the same way what a hand action left (`found`), through the same
//! [`Names`] a run's cast gives its wallets and markets.

use std::collections::{BTreeMap, BTreeSet};

use fulltime_client::amount::format_usdc;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::pda;
use fulltime_client::rpc::{AccountReader, CLOCK_SYSVAR, ClientError, FulltimeClient};
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

/// Reads what a step's `expectations` are about through `reader` (from the accounts it holds,
/// where it does), each kind of account in one batch of `getMultipleAccounts` (a request per
/// hundred), and compares, in their order.
pub async fn check_all(
    reader: AccountReader<'_>,
    names: &impl Names,
    expectations: &[Expectation],
) -> Result<Vec<ExpectationRun>, Error> {
    let found = found_from(reader, names, expectations).await?;
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
    found_from(client.into(), names, expectations).await
}

async fn found_from(
    reader: AccountReader<'_>,
    names: &impl Names,
    expectations: &[Expectation],
) -> Result<Vec<Expectation>, Error> {
    if expectations.is_empty() {
        return Ok(Vec::new());
    }
    let chain = Chain::read(reader, names, expectations).await?;
    expectations
        .iter()
        .map(|expectation| chain.found(names, expectation))
        .collect()
}

/// The markets, stakes and wallets a step's expectations are about, each once.
struct About {
    market_ids: Vec<u64>,
    stakes: Vec<(u64, Pubkey)>,
    wallets: Vec<Pubkey>,
}

impl About {
    fn of(names: &impl Names, expectations: &[Expectation]) -> Self {
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
        Self {
            market_ids: market_ids.into_iter().collect(),
            stakes: stakes.into_iter().collect(),
            wallets: wallets.into_iter().collect(),
        }
    }
}

/// The accounts [`check_all`] reads for `expectations`, the clock with them: for a reader
/// that reads them at once with others.
pub fn addresses(
    reader: AccountReader<'_>,
    names: &impl Names,
    expectations: &[Expectation],
) -> Vec<Pubkey> {
    if expectations.is_empty() {
        return Vec::new();
    }
    let about = About::of(names, expectations);
    let markets = about.market_ids.iter().map(|id| pda::market(*id));
    let positions = about
        .stakes
        .iter()
        .map(|(id, owner)| pda::position(&pda::market(*id), owner));
    let usdc = about
        .wallets
        .iter()
        .map(|wallet| reader.usdc_account(wallet));
    std::iter::once(CLOCK_SYSVAR)
        .chain(markets)
        .chain(positions)
        .chain(usdc)
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
        reader: AccountReader<'_>,
        names: &impl Names,
        expectations: &[Expectation],
    ) -> Result<Self, Error> {
        let about = About::of(names, expectations);
        let now = reader.cluster_time().await?;
        let addresses: Vec<Pubkey> = about.market_ids.iter().map(|id| pda::market(*id)).collect();
        let mut markets = BTreeMap::new();
        for (id, market) in about
            .market_ids
            .iter()
            .zip(reader.accounts::<Market>(&addresses, "market").await?)
        {
            markets.insert(*id, market.ok_or(ClientError::MarketNotFound { id: *id })?);
        }
        let addresses: Vec<Pubkey> = about
            .stakes
            .iter()
            .map(|(id, owner)| pda::position(&pda::market(*id), owner))
            .collect();
        let positions = about
            .stakes
            .into_iter()
            .zip(reader.accounts::<Position>(&addresses, "position").await?)
            .filter_map(|(stake, position)| position.map(|position| (stake, position)))
            .collect();
        let usdc = reader.usdc_balances(&about.wallets).await?;
        let usdc = about
            .wallets
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
