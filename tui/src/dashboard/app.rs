//! The dashboard's whole state. Only `update` changes it; `draw` only reads it.

use fulltime_client::fixture::ProofFixture;
use fulltime_client::settlement::state::Market;

use super::action::{Done, Stage};
use super::chain::{Chain, ReadFailure};
use super::failure::FailureView;
use super::forms::{Confirm, CreateForm, DepositForm, SettlePicker, WarpForm};
use super::remote::Remote;

/// How many finished transactions the activity panel remembers.
pub const ACTIVITY_LIMIT: usize = 50;

/// What the dashboard is connected as; fixed for the session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    /// `localnet`, `devnet`, ... as given to --url.
    pub cluster: String,
    /// The JSON-RPC URL it resolved to, or why it did not resolve.
    pub rpc_url: Result<String, String>,
    /// The wallet's address, or why there is none (then the dashboard only reads).
    pub wallet: Result<String, String>,
    pub faucet_url: String,
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
    Failed(String),
}

#[derive(Clone, Debug)]
pub enum Popup {
    Help,
    Deposit(DepositForm),
    Settle(SettlePicker),
    Confirm(Confirm),
    Warp(WarpForm),
    Create(CreateForm),
    /// The running or last transaction (the newest activity), until Esc.
    Progress,
    Failure(FailureView),
}

pub struct App {
    pub session: Session,
    pub chain: Remote<Chain>,
    /// Why the last reading failed while older data is still shown.
    pub node_down: Option<ReadFailure>,
    /// The selected market's id, kept across re-sorting and new readings.
    pub selected: Option<u64>,
    pub filter: String,
    pub filtering: bool,
    pub sort: Sort,
    pub mine_only: bool,
    pub popup: Option<Popup>,
    /// Newest first.
    pub activity: Vec<Activity>,
    /// Proof fixtures found on disk, for settling.
    pub fixtures: Vec<ProofFixture>,
    /// A one-line notice under the list (e.g. why a key did nothing).
    pub notice: Option<String>,
    pub tick: u64,
    pub quit: bool,
}

impl App {
    pub fn new(session: Session, fixtures: Vec<ProofFixture>) -> Self {
        Self {
            session,
            chain: Remote::Loading,
            node_down: None,
            selected: None,
            filter: String::new(),
            filtering: false,
            sort: Sort::default(),
            mine_only: false,
            popup: None,
            activity: Vec::new(),
            fixtures,
            notice: None,
            tick: 0,
            quit: false,
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

    /// The markets the list shows, filtered and sorted.
    pub fn visible(&self) -> Vec<&Market> {
        let Some(chain) = self.chain.loaded() else {
            return Vec::new();
        };
        let needle = self.filter.to_lowercase();
        // Parsed once, not formatted per market: this runs on every frame.
        let id = needle.parse::<u64>().ok();
        let mut markets: Vec<&Market> = chain
            .markets
            .iter()
            .filter(|market| !self.mine_only || chain.position(market.id).is_some())
            .filter(|market| {
                needle.is_empty()
                    || id == Some(market.id)
                    || contains_lowercase(&market.question, &needle)
            })
            .collect();
        match self.sort {
            Sort::Id => {}
            Sort::CloseTime => markets.sort_by_key(|market| (market.close_time, market.id)),
            Sort::Pool => markets.sort_by_key(|market| {
                let pool = u128::from(market.total_yes) + u128::from(market.total_no);
                (std::cmp::Reverse(pool), market.id)
            }),
        }
        markets
    }

    pub fn selected_market(&self) -> Option<&Market> {
        let id = self.selected?;
        self.chain.loaded()?.market(id)
    }
}

/// Whether `text` contains `needle` (already lowercase), ignoring case. ASCII needles, the usual
/// case, are matched without lowercasing every question on every frame.
fn contains_lowercase(text: &str, needle: &str) -> bool {
    if needle.is_empty() {
        return true;
    }
    if !needle.is_ascii() {
        return text.to_lowercase().contains(needle);
    }
    text.as_bytes()
        .windows(needle.len())
        .any(|window| window.eq_ignore_ascii_case(needle.as_bytes()))
}
