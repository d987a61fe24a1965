//! The dashboard's whole state. Only `update` changes it; `draw` only reads it.

use std::collections::HashMap;
use std::path::PathBuf;

use fulltime_client::fixture::ProofFixture;
use fulltime_client::settlement::state::Market;

use super::action::{Done, Stage};
use super::chain::{Chain, Link, ReadFailure};
use super::failure::FailureView;
use super::forms::{Confirm, CreateForm, DepositForm, ListPicker, SettlePicker, WarpForm};
use super::history::PoolHistory;
use super::inspect::Inspector;
use super::keys::Keymap;
use super::logs::Logs;
use super::remote::Remote;
use super::wallets::WalletChoice;

/// How many finished transactions the activity panel remembers.
pub const ACTIVITY_LIMIT: usize = 50;

/// What the dashboard shows of its session: where it is connected and as whom; fixed while it
/// runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionView {
    /// `localnet`, `devnet`, ... as given to --url.
    pub cluster: String,
    /// The JSON-RPC URL it resolved to, or why it did not resolve.
    pub rpc_url: Result<String, String>,
    /// The wallet's address, or why there is none (then the dashboard only reads).
    pub wallet: Result<String, String>,
    pub faucet_url: String,
    /// Where localnet keeps env.json, and where `just dev` writes the node's and the faucet's
    /// logs.
    pub state_dir: PathBuf,
    /// Which local chain localnet serves and since when (`resumed chain, made ...`), as its
    /// env.json says; `None` off localnet.
    pub chain: Option<String>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    #[default]
    Id,
    /// Soonest close first.
    CloseTime,
    /// Largest pool first.
    Pool,
}

impl Sort {
    pub fn next(self) -> Self {
        match self {
            Self::Id => Self::CloseTime,
            Self::CloseTime => Self::Pool,
            Self::Pool => Self::Id,
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Id => "id",
            Self::CloseTime => "close time",
            Self::Pool => "pool",
        }
    }
}

/// How the list lays the markets out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Grouping {
    #[default]
    Flat,
    /// Under a heading per fixture (its match where the catalog knows it), in the order the
    /// sort puts each fixture's first market.
    ByFixture,
}

/// How odds are written: implied probability, or decimal odds (the payout per USDC).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OddsDisplay {
    #[default]
    Percent,
    Decimal,
}

impl OddsDisplay {
    pub fn next(self) -> Self {
        match self {
            Self::Percent => Self::Decimal,
            Self::Decimal => Self::Percent,
        }
    }
}

/// A line of the list: a fixture's heading, or a market.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ListRow {
    Fixture { fixture_id: i64, markets: usize },
    Market(u64),
}

/// A transaction or faucet request, in flight or finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activity {
    /// `Deposit 2.5 USDC on YES, market 3`.
    pub what: String,
    pub state: ActivityState,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActivityState {
    Running(Stage),
    Done(Done),
    /// The failure in full, for the inspector.
    Failed(Box<FailureView>),
}

#[derive(Clone, Debug)]
pub enum Popup {
    Help,
    Deposit(DepositForm),
    Settle(SettlePicker),
    Confirm(Confirm),
    /// What claim all would pay, before it is sent.
    ClaimAll,
    /// Picking a sent request to inspect.
    Activity(ListPicker),
    /// Picking the wallet to act as.
    Wallets(ListPicker),
    Inspect(Box<Inspector>),
    Warp(WarpForm),
    Create(CreateForm),
    /// The running or last transaction (the newest activity), until Esc.
    Progress,
    Failure(FailureView),
}

#[derive(Clone)]
pub struct App {
    pub session: SessionView,
    pub chain: Remote<Chain>,
    /// Why the last reading failed while older data is still shown.
    pub node_down: Option<ReadFailure>,
    /// Pushed, polled, or reconnecting.
    pub link: Link,
    /// The selected market's id, kept across re-sorting and new readings.
    pub selected: Option<u64>,
    pub filter: String,
    pub filtering: bool,
    pub sort: Sort,
    pub grouping: Grouping,
    pub odds: OddsDisplay,
    pub mine_only: bool,
    pub popup: Option<Popup>,
    /// Newest first.
    pub activity: Vec<Activity>,
    /// Proof fixtures found on disk, for settling.
    pub fixtures: Vec<ProofFixture>,
    /// A one-line notice under the list (e.g. why a key did nothing).
    pub notice: Option<String>,
    pub logs: Logs,
    /// The keys in force: the defaults, or what the key config file rebinds.
    pub keys: Keymap,
    /// Lines the help overlay is scrolled by, where the terminal is too short for it.
    pub help_scroll: u16,
    /// The selected market's pool history, while it is shown (`p`).
    pub history: Option<PoolHistory>,
    /// The wallets `W` offers: the starting one first, then the book's.
    pub wallets: Vec<WalletChoice>,
    /// The name of the wallet acted as, when it is one of `wallets`.
    pub acting: Option<String>,
    /// The terminal's height (rows), for the log view's page; the runner reports it.
    pub height: u16,
    pub tick: u64,
    pub quit: bool,
    /// Kept by `relist`: the ids the list shows, in order.
    listed: Vec<u64>,
    /// Kept by `relist`: the list's lines, the markets of `listed` with the fixtures' headings
    /// when grouped.
    rows: Vec<ListRow>,
}

impl App {
    pub fn new(session: SessionView, fixtures: Vec<ProofFixture>) -> Self {
        Self {
            logs: Logs::new(&session.state_dir),
            keys: Keymap::default(),
            history: None,
            help_scroll: 0,
            wallets: Vec::new(),
            acting: None,
            session,
            chain: Remote::Loading,
            node_down: None,
            link: Link::default(),
            selected: None,
            filter: String::new(),
            filtering: false,
            sort: Sort::default(),
            grouping: Grouping::default(),
            odds: OddsDisplay::default(),
            mine_only: false,
            popup: None,
            activity: Vec::new(),
            fixtures,
            notice: None,
            height: 24,
            tick: 0,
            quit: false,
            listed: Vec::new(),
            rows: Vec::new(),
        }
    }

    pub fn busy(&self) -> bool {
        matches!(
            self.activity.first(),
            Some(Activity {
                state: ActivityState::Running(_),
                ..
            })
        )
    }

    /// The ids of the markets the list shows, filtered and sorted, as of the last `relist`.
    pub fn listed(&self) -> &[u64] {
        &self.listed
    }

    /// The list's lines as of the last `relist` when grouped by fixture; one list's lines are
    /// `listed`'s markets (not copied, so that a filter key on 10,000 markets stays cheap).
    pub fn rows(&self) -> &[ListRow] {
        &self.rows
    }

    /// The list's line at `index`, grouped or not.
    pub fn row(&self, index: usize) -> Option<ListRow> {
        match self.grouping {
            Grouping::Flat => self.listed.get(index).copied().map(ListRow::Market),
            Grouping::ByFixture => self.rows.get(index).copied(),
        }
    }

    /// Where the list shows market `id`.
    pub fn row_of(&self, id: u64) -> Option<usize> {
        match self.grouping {
            Grouping::Flat => self.listed.iter().position(|&listed| listed == id),
            Grouping::ByFixture => self.rows.iter().position(|row| *row == ListRow::Market(id)),
        }
    }

    /// Filters, sorts and groups the markets for the list again. `update` calls it whenever the
    /// markets, the filter, the sort, the grouping or `mine_only` change, so that drawing a
    /// frame and moving the selection never go through all the markets.
    pub fn relist(&mut self) {
        self.listed.clear();
        self.rows.clear();
        let Some(chain) = self.chain.loaded() else {
            return;
        };
        let mut needle = Needle::new(&self.filter);
        let mut markets: Vec<&Market> = chain
            .markets
            .iter()
            .filter(|market| !self.mine_only || chain.position(market.id).is_some())
            .filter(|market| needle.matches(market))
            .collect();
        match self.sort {
            Sort::Id => {}
            Sort::CloseTime => markets.sort_by_key(|market| (market.close_time, market.id)),
            Sort::Pool => markets.sort_by_key(|market| {
                let pool = u128::from(market.total_yes) + u128::from(market.total_no);
                (std::cmp::Reverse(pool), market.id)
            }),
        }
        match self.grouping {
            Grouping::Flat => {
                self.listed.extend(markets.iter().map(|market| market.id));
            }
            Grouping::ByFixture => {
                // Each fixture where the sort first meets one of its markets; its markets after
                // it in the sort's order (a counting sort: one pass to number the fixtures and
                // count their markets, one to place each market).
                let mut groups: HashMap<i64, usize> = HashMap::new();
                let mut fixtures: Vec<(i64, usize)> = Vec::new();
                let group_of: Vec<usize> = markets
                    .iter()
                    .map(|market| {
                        let group = *groups.entry(market.fixture_id).or_insert_with(|| {
                            fixtures.push((market.fixture_id, 0));
                            fixtures.len() - 1
                        });
                        fixtures[group].1 += 1;
                        group
                    })
                    .collect();
                let mut next: Vec<usize> = fixtures
                    .iter()
                    .scan(0, |start, &(_, count)| {
                        let first = *start;
                        *start += count;
                        Some(first)
                    })
                    .collect();
                self.listed.resize(markets.len(), 0);
                for (market, group) in markets.iter().zip(group_of) {
                    self.listed[next[group]] = market.id;
                    next[group] += 1;
                }
                let mut ids = self.listed.iter().copied();
                for (fixture_id, count) in fixtures {
                    self.rows.push(ListRow::Fixture {
                        fixture_id,
                        markets: count,
                    });
                    self.rows
                        .extend(ids.by_ref().take(count).map(ListRow::Market));
                }
            }
        }
    }

    pub fn selected_market(&self) -> Option<&Market> {
        let id = self.selected?;
        self.chain.loaded()?.market(id)
    }
}

/// The list filter: a market's id, or text its question contains, ignoring case.
struct Needle {
    lowercase: String,
    id: Option<u64>,
    /// A lowercase copy of the question being matched, reused from one market to the next.
    question: String,
}

impl Needle {
    fn new(filter: &str) -> Self {
        let lowercase = filter.to_lowercase();
        Self {
            id: lowercase.parse().ok(),
            lowercase,
            question: String::new(),
        }
    }

    fn matches(&mut self, market: &Market) -> bool {
        if self.lowercase.is_empty() || self.id == Some(market.id) {
            return true;
        }
        if !self.lowercase.is_ascii() {
            return market.question.to_lowercase().contains(&self.lowercase);
        }
        // An ASCII needle can only match ASCII bytes, so lowering those is enough; the standard
        // library's substring search is quick on the lowercase copy.
        self.question.clear();
        self.question.push_str(&market.question);
        self.question.make_ascii_lowercase();
        self.question.contains(&self.lowercase)
    }
}
