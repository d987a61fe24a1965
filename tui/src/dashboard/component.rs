//! What a component of the dashboard is (gitui's components and popups, ratatui's component
//! template): it owns its state, reads the keys of its own mode of the key table, answers an
//! action with what it asks of the app ([`Ask`]) rather than changing the app itself, and draws
//! itself from its state and what the app lets every component read ([`Context`]).
//!
//! A pane in the list's place (`panes/`: the market list, the log view, the timeline pane) is a
//! [`Pane`], the one shown getting the keys; a popup (`popups/`) is any [`Popup`], held boxed,
//! so that a new one is a folder of its own and the line of the router that opens it.

use std::any::Any;

use fulltime_client::proof_file::ProofFile;
use fulltime_client::settlement::state::Market;
use ratatui::Frame;
use ratatui::layout::Rect;

use super::activity::{Activity, ActivityState};
use super::chain::{Chain, Link, ReadFailure};
use super::effect::{Effect, Request};
use super::keys::{Keymap, Mode};
use super::message::{Command, Message};
use super::recording_news::Recording;
use super::remote::Remote;
use super::session_view::SessionView;
use super::wallets::WalletChoice;

/// A popup over the dashboard: a form, a picker, a confirmation, the help, a result. Esc closes
/// every popup (the router's, like quit and help); a popup has the rest of its mode's keys.
pub trait Popup: Any + ClonePopup {
    /// The mode of the key table its keys are read in.
    fn mode(&self) -> Mode;

    /// A command of its mode, a typed character or a task's answer; what it asks of the app.
    /// A popup that only shows something takes none.
    fn update(&mut self, _context: &Context, _action: Message) -> Vec<Ask> {
        Vec::new()
    }

    /// Draws itself over `area`, the whole screen.
    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect);
}

/// A pane in the market list's place that takes the keys while it is shown: the market list, the
/// log view, the timeline pane. The router hands the one shown its keys, `draw` draws it; the
/// panes around it (the market's detail, the wallet, the activity) only draw what they read.
pub trait Pane {
    /// The mode of the key table its keys are read in.
    fn mode(&self) -> Mode;

    /// A command of its mode, a typed character or the mouse wheel; what it asks of the app.
    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask>;

    /// Draws itself over `area`.
    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect);
}

/// A boxed popup's copy, so that the app can be cloned (`dashboard-bench` tries each key on a
/// copy of it).
pub trait ClonePopup {
    fn clone_popup(&self) -> Box<dyn Popup>;
}

impl<T: Popup + Clone> ClonePopup for T {
    fn clone_popup(&self) -> Box<dyn Popup> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Popup> {
    fn clone(&self) -> Self {
        self.clone_popup()
    }
}

/// What a component asks of the app; the router carries it out.
pub enum Ask {
    /// Close the popup.
    Close,
    /// Show this popup in place of the one that asks.
    Open(Box<dyn Popup>),
    /// Send a request in the wallet's name: a new line `what` in the activity panel, and its
    /// progress in a popup.
    Send { what: String, request: Request },
    /// Other work for the effect runner: read something back, copy, switch the wallet.
    Run(Effect),
    /// A one-line notice in the list's title: why a key did nothing.
    Notice(String),
}

impl Ask {
    pub fn open(popup: impl Popup) -> Self {
        Self::Open(Box::new(popup))
    }
}

/// What every component may read of the app: the session, the chain as the feed holds it, and
/// the shared panes' state; never another component's own.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    pub session: &'a SessionView,
    pub chain: &'a Remote<Chain>,
    /// Why the last reading failed while older data is still shown.
    pub node_down: Option<&'a ReadFailure>,
    pub link: Link,
    /// Proof files found on disk, for settling.
    pub proof_files: &'a [ProofFile],
    /// The wallets `W` offers: the starting one first, then the book's.
    pub wallets: &'a [WalletChoice],
    /// The name of the wallet acted as, when it is one of `wallets`.
    pub acting: Option<&'a str>,
    /// The requests of this session, newest first.
    pub activity: &'a [Activity],
    /// The keys in force.
    pub keys: &'a Keymap,
    /// The market selected in the list.
    pub selected: Option<u64>,
    pub notice: Option<&'a str>,
    /// Animates spinners.
    pub tick: u64,
    /// The terminal's height (rows), for the log view's page.
    pub height: u16,
    /// The recording under way.
    pub recording: Option<Recording>,
}

impl<'a> Context<'a> {
    pub fn loaded(&self) -> Option<&'a Chain> {
        self.chain.loaded()
    }

    /// Market `id` with the reading it is from.
    pub fn market(&self, id: u64) -> Option<(&'a Market, &'a Chain)> {
        let chain = self.loaded()?;
        Some((chain.market(id)?, chain))
    }

    pub fn selected_market(&self) -> Option<&'a Market> {
        self.market(self.selected?).map(|(market, _)| market)
    }

    /// A request is running: another waits for it.
    pub fn busy(&self) -> bool {
        matches!(
            self.activity.first(),
            Some(Activity {
                state: ActivityState::Running(_),
                ..
            })
        )
    }

    /// Why a request in the wallet's name cannot start, if it cannot.
    pub fn wallet_problem(&self) -> Option<String> {
        if let Err(why) = &self.session.wallet {
            return Some(format!("No wallet: {why}"));
        }
        self.busy().then(still_running)
    }
}

/// Why a second request does not start.
pub fn still_running() -> String {
    "A transaction is still running; wait for it to finish".to_owned()
}

/// Rows moved by PgUp/PgDn.
pub const PAGE: i64 = 10;

/// Row `index` of `len` rows moved by `delta`, kept within them: what every list does with a
/// moving key.
pub fn moved(index: usize, delta: i64, len: usize) -> usize {
    let last = i64::try_from(len.saturating_sub(1)).unwrap_or(i64::MAX);
    let target = i64::try_from(index)
        .unwrap_or(i64::MAX)
        .saturating_add(delta)
        .clamp(0, last);
    usize::try_from(target).unwrap_or(0)
}

/// How far a moving key moves a list or a scrolled view: a row, a page, or to either end.
pub fn movement(command: Command) -> Option<i64> {
    match command {
        Command::Up => Some(-1),
        Command::Down => Some(1),
        Command::PageUp => Some(-PAGE),
        Command::PageDown => Some(PAGE),
        Command::Top => Some(i64::MIN / 2),
        Command::Bottom => Some(i64::MAX / 2),
        _ => None,
    }
}
