//! Who and what the timeline's names stand for on the node: its wallets' keypairs, its markets'
//! ids, the faucet it asks, and the wallets that may hold a position in each market.

use std::collections::{BTreeMap, BTreeSet};

use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::{ActionKind, Timeline};
use solana_keypair::{Address as Pubkey, Keypair};
use solana_signer::Signer;

use crate::error::Error;
use crate::session::Session;

/// Who and what the timeline's names stand for on this node; what a run left running hands on.
pub struct Cast {
    pub(super) desk: Keypair,
    pub(super) wallets: BTreeMap<WalletName, Keypair>,
    pub(super) markets: BTreeMap<String, u64>,
    /// Where a `faucet` action asks.
    pub(super) faucet_url: String,
    /// By market label, the wallets the file deposits from in it: the positions there can be.
    pub(super) stakers: BTreeMap<String, BTreeSet<WalletName>>,
}

impl Cast {
    /// The loader checked every name a step uses, and every wallet is made before the first.
    pub fn wallet(&self, name: &WalletName) -> &Keypair {
        self.wallets.get(name).unwrap_or(&self.desk)
    }

    /// Market ids start after the node's demo markets; a label not created yet has none.
    pub fn market(&self, label: &str) -> u64 {
        self.markets.get(label).copied().unwrap_or(u64::MAX)
    }

    /// The markets created so far, by label, with their ids.
    pub fn markets(&self) -> impl Iterator<Item = (&str, u64)> {
        self.markets.iter().map(|(label, id)| (label.as_str(), *id))
    }

    /// The markets created so far, by label: what a checkpoint's restore takes back with the
    /// chain.
    pub fn created_markets(&self) -> BTreeMap<String, u64> {
        self.markets.clone()
    }

    /// The markets created by the time a checkpoint was kept, once it is restored.
    pub fn restore_created_markets(&mut self, markets: BTreeMap<String, u64>) {
        self.markets = markets;
    }

    /// The timeline's wallets, by name, with their keypairs.
    pub fn wallets(&self) -> impl Iterator<Item = (&WalletName, &Keypair)> {
        self.wallets.iter()
    }

    /// The wallets that may hold a position in the market labelled `label`, by name, with
    /// their addresses.
    pub fn stakers(&self, label: &str) -> impl Iterator<Item = (&WalletName, Pubkey)> {
        self.stakers
            .get(label)
            .into_iter()
            .flatten()
            .map(|name| (name, self.wallet(name).pubkey()))
    }
}

/// By market label, the wallets `timeline` deposits from in it.
pub fn stakers(timeline: &Timeline) -> BTreeMap<String, BTreeSet<WalletName>> {
    let mut stakers: BTreeMap<String, BTreeSet<WalletName>> = BTreeMap::new();
    for action in timeline.steps.iter().flat_map(|step| &step.actions) {
        if let ActionKind::Deposit { wallet, market, .. } = &action.kind {
            stakers
                .entry(market.clone())
                .or_default()
                .insert(wallet.clone());
        }
    }
    stakers
}

/// The cast of `timeline` already played on the session's node up to a step (a bundle's): its
/// wallets, already made, and its markets, already created, as they stand for its names here.
pub fn cast_of(
    session: &Session,
    timeline: &Timeline,
    wallets: BTreeMap<WalletName, Keypair>,
    markets: BTreeMap<String, u64>,
    faucet_url: &str,
) -> Result<Cast, Error> {
    Ok(Cast {
        desk: session.wallet()?,
        wallets,
        markets,
        faucet_url: faucet_url.to_owned(),
        stakers: stakers(timeline),
    })
}
