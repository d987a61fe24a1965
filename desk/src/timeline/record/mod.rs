//! The recorder: hand actions made on a chain become the steps of a timeline file that
//! `fulltime timeline run` replays and checks. It starts at a moment, from the chain as it then
//! is (and from a timeline's step when it branches from one), is fed each action as it completes
//! (`made.rs`), plans its step (`plan.rs`), reads after each what it left from the chain as a run
//! reads its expectations (`expect::found`), and saves the file with the fixtures' writer,
//! checked to load back the same. The rules it writes by are in the tui README ("Recording").

mod error;
mod made;
mod plan;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fulltime_client::amount::LAMPORTS_PER_SOL;
use fulltime_client::rpc::FulltimeClient;
use fulltime_client::settlement::MarketTerms;
use fulltime_client::settlement::state::Market as ChainMarket;
use fulltime_files::bundle::BundleCast;
use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::{
    Action, ActionKind, Market, Step, Timeline, Wallet, error_named, parse, write,
};
use solana_keypair::Address as Pubkey;

pub use self::error::RecordError;
pub use self::made::{Made, Outcome, is_a_step, settled_with};
use super::expect::{self, Names};
use crate::actions::Order;
use crate::error::Error;
use crate::output::receipt::Landed;

/// The timeline a recording branches from: the file as loaded, how many of its steps were
/// played, and the ids its market labels got on this chain.
#[derive(Clone, Debug)]
pub struct Branch {
    pub timeline: Timeline,
    pub played: usize,
    pub markets: BTreeMap<String, u64>,
}

/// A recording under way: the timeline file it will save, and what its names stand for here.
#[derive(Debug)]
pub struct Recorder {
    timeline: Timeline,
    addresses: BTreeMap<WalletName, Pubkey>,
    ids: BTreeMap<String, u64>,
    labels: BTreeMap<u64, String>,
    /// The market labels a recorded step has named: what a warp's step expects of.
    touched: BTreeSet<String>,
    recorded: usize,
    clock: i64,
}

impl Names for Recorder {
    fn address(&self, wallet: &WalletName) -> Pubkey {
        self.addresses.get(wallet).copied().unwrap_or_default()
    }

    fn market_id(&self, label: &str) -> u64 {
        self.ids.get(label).copied().unwrap_or(u64::MAX)
    }
}

impl Recorder {
    /// Starts recording on the chain as it is now. The file's wallets are `branch`'s (at their
    /// starting balances) and then the `book`'s others at what they hold now; its markets are
    /// `branch`'s created by the played steps or before, then every other market on the chain,
    /// as `market-ID` with its terms, created before the first step; its steps are `branch`'s
    /// played ones. Without a branch its match is the catalog's whose kickoff is nearest the
    /// clock.
    pub async fn start(
        client: &FulltimeClient,
        branch: Option<Branch>,
        book: &[(WalletName, Pubkey)],
    ) -> Result<Self, RecordError> {
        let clock = client.cluster_time().await.map_err(Error::from)?;
        let (timeline, ids) = match branch {
            Some(branch) => branched(branch),
            None => (empty_timeline(clock)?, BTreeMap::new()),
        };
        let mut recorder = Self {
            labels: ids.iter().map(|(label, id)| (*id, label.clone())).collect(),
            ids,
            addresses: book.iter().cloned().collect(),
            touched: BTreeSet::new(),
            recorded: 0,
            clock,
            timeline,
        };
        for market in client.markets().await.map_err(Error::from)? {
            if !recorder.labels.contains_key(&market.id) {
                let label = recorder.label_for(market.id);
                recorder.timeline.markets.push(Market {
                    label,
                    case: None,
                    terms: terms_of(&market),
                    created_in: None,
                });
            }
        }
        for (name, address) in book {
            let wallets = &recorder.timeline.wallets;
            if wallets.iter().all(|wallet| &wallet.name != name) {
                let wallet = wallet_now(client, name, address).await?;
                recorder.timeline.wallets.push(wallet);
            }
        }
        let timeline = &mut recorder.timeline;
        timeline
            .wallets
            .sort_by(|one, other| one.name.cmp(&other.name));
        timeline
            .markets
            .sort_by(|one, other| one.label.cmp(&other.label));
        Ok(recorder)
    }

    /// The file so far.
    pub fn timeline(&self) -> &Timeline {
        &self.timeline
    }

    /// How many hand actions became steps.
    pub fn recorded(&self) -> usize {
        self.recorded
    }

    /// What the file's names stand for on this chain: its wallets (the wallet book's names,
    /// which it uses as they are) and its markets' ids.
    pub fn cast(&self) -> BundleCast {
        BundleCast {
            wallets: self
                .addresses
                .keys()
                .map(|name| (name.to_string(), name.to_string()))
                .collect(),
            markets: self
                .ids
                .iter()
                .map(|(label, id)| (label.clone(), *id))
                .collect(),
        }
    }

    /// Makes `made` a step at its clock: its action (with the error it failed with, by name),
    /// and as expectations what the chain holds after it: the acting wallet's test USDC, the
    /// market's stage and pool; a warp's step expects the stage of every market recorded so far.
    pub async fn record(
        &mut self,
        client: &FulltimeClient,
        made: Made,
    ) -> Result<&Step, RecordError> {
        if !made.is_a_step() {
            return Err(RecordError::NotAStep(made.order.doing()));
        }
        if made.clock < self.clock {
            return Err(RecordError::ClockWentBack {
                previous: self.clock,
                clock: made.clock,
            });
        }
        let fails = match &made.outcome {
            Outcome::Done => None,
            Outcome::Refused { error, program } => {
                let named = program
                    .as_ref()
                    .map_or_else(|| error.clone(), |program| format!("{program}:{error}"));
                Some(error_named(&named).map_err(|_| RecordError::UnnamedFailure(named))?)
            }
        };
        let wallet = made.wallet.clone();
        if let (Order::NewWallet(_), Landed::Wallet(address)) = (&made.order, made.landed) {
            self.addresses.insert(wallet.clone(), address);
            let made_wallet = wallet_now(client, &wallet, &address).await?;
            let at = self
                .timeline
                .wallets
                .partition_point(|other| other.name < wallet);
            self.timeline.wallets.insert(at, made_wallet);
        } else if !self.addresses.contains_key(&wallet) {
            return Err(RecordError::UnknownWallet(wallet.to_string()));
        }
        let planned = self.plan(&made)?;
        let expect = expect::found(client, self, &planned.reads).await?;
        self.recorded += 1;
        self.clock = made.clock;
        let step_index = self.timeline.steps.len();
        if let (Some(ActionKind::Create { market }), Order::Create(order)) =
            (&planned.action, &made.order)
        {
            let at = self
                .timeline
                .markets
                .partition_point(|other| &other.label < market);
            self.timeline.markets.insert(
                at,
                Market {
                    label: market.clone(),
                    case: None,
                    terms: order.terms.clone(),
                    created_in: Some(step_index),
                },
            );
        }
        let actions = planned
            .action
            .map(|kind| Action {
                kind,
                fails,
                force: planned.force,
            })
            .into_iter()
            .collect();
        self.timeline.steps.push(Step {
            name: format!("{}. {}", self.recorded, planned.said),
            at: made.clock,
            actions,
            expect,
        });
        Ok(&self.timeline.steps[step_index])
    }

    /// Writes the file at `path`, once it loads back to the recording (a file that would not
    /// replay is never written).
    pub fn save(&self, path: &Path) -> Result<(), RecordError> {
        let text = write(&self.timeline)?;
        if parse(&text, path)? != self.timeline {
            return Err(RecordError::NotLoadedBack(
                "a name, amount or time reads back otherwise".into(),
            ));
        }
        std::fs::write(path, text).map_err(|source| RecordError::Save {
            path: path.to_owned(),
            source,
        })
    }

    /// `market-ID`, or a longer label when a branch's timeline has that one already.
    fn label_for(&mut self, id: u64) -> String {
        let mut label = format!("market-{id}");
        while self.ids.contains_key(&label) {
            label.push_str("-here");
        }
        self.ids.insert(label.clone(), id);
        self.labels.insert(id, label.clone());
        label
    }

    fn market_label(&mut self, id: u64) -> Result<String, RecordError> {
        let label = self
            .labels
            .get(&id)
            .cloned()
            .ok_or(RecordError::UnknownMarket(id))?;
        self.touched.insert(label.clone());
        Ok(label)
    }
}

/// `branch`'s timeline cut after its played steps, without the markets only later steps create,
/// and the ids of the labels it keeps.
fn branched(branch: Branch) -> (Timeline, BTreeMap<String, u64>) {
    let Branch {
        mut timeline,
        played,
        markets,
    } = branch;
    timeline.steps.truncate(played);
    timeline
        .markets
        .retain(|market| market.created_in.is_none_or(|step| step < played));
    let ids = markets
        .into_iter()
        .filter(|(label, _)| timeline.markets.iter().any(|m| &m.label == label))
        .collect();
    (timeline, ids)
}

/// A timeline with no wallets, markets or steps yet, of the catalog's match whose kickoff is
/// nearest `clock`.
fn empty_timeline(clock: i64) -> Result<Timeline, RecordError> {
    let catalog = fulltime_matches::committed().map_err(Error::from)?;
    let (kickoff, match_case) = catalog
        .proof_files
        .iter()
        .filter_map(|case| Some((case.kickoff?, case.name.clone())))
        .min_by_key(|(kickoff, _)| kickoff.abs_diff(clock))
        .ok_or(RecordError::NoMatch)?;
    Ok(Timeline {
        match_case: Some(match_case),
        kickoff: Some(kickoff),
        wallets: Vec::new(),
        markets: Vec::new(),
        steps: Vec::new(),
    })
}

/// The wallet as the file starts it: what it holds now, its SOL rounded up to whole SOL.
async fn wallet_now(
    client: &FulltimeClient,
    name: &WalletName,
    address: &Pubkey,
) -> Result<Wallet, RecordError> {
    let balances = client.balances(address).await.map_err(Error::from)?;
    let sol = balances.lamports.div_ceil(LAMPORTS_PER_SOL);
    Ok(Wallet {
        name: name.clone(),
        lamports: sol
            .checked_mul(LAMPORTS_PER_SOL)
            .ok_or(RecordError::TooMuchSol(sol))?,
        usdc: balances.usdc.unwrap_or(0),
    })
}

fn terms_of(market: &ChainMarket) -> MarketTerms {
    MarketTerms {
        question: market.question.clone(),
        close_time: market.close_time,
        fixture_id: market.fixture_id,
        stat_key: market.stat_key,
        period: market.period,
        predicate: market.predicate,
        dispute_window: market.dispute_window,
        second_stat: market.second_stat,
    }
}
