//! The dashboard's whole state: what every component reads (the session, the chain as the feed
//! holds it, the requests sent), and the components themselves, each owning its own. Only the
//! router (`update`) changes it; `draw` only reads it.

use std::any::Any;
use std::path::Path;

use fulltime_client::proof_file::ProofFile;

use super::activity::Activity;
use super::chain::{Chain, Link, ReadFailure};
use super::component::{Context, Pane, Popup};
use super::effect::Request;
use super::keys::{Keymap, Mode};
use super::panes::history::PoolHistory;
use super::panes::list::MarketList;
use super::panes::logs::Logs;
use super::panes::timeline::TimelinePane;
use super::recording_news::Recording;
use super::remote::Remote;
use super::session_view::SessionView;
use super::wallets::WalletChoice;

#[derive(Clone)]
pub struct App {
    pub session: SessionView,
    pub chain: Remote<Chain>,
    /// Why the last reading failed while older data is still shown.
    pub node_down: Option<ReadFailure>,
    /// Pushed, polled, or reconnecting.
    pub link: Link,
    /// Proof files found on disk, for settling.
    pub proof_files: Vec<ProofFile>,
    /// The wallets `W` offers: the starting one first, then the book's.
    pub wallets: Vec<WalletChoice>,
    /// The name of the wallet acted as, when it is one of `wallets`.
    pub acting: Option<String>,
    /// Newest first.
    pub activity: Vec<Activity>,
    /// A one-line notice under the list (e.g. why a key did nothing).
    pub notice: Option<String>,
    /// The keys in force: the defaults, or what the key config file rebinds.
    pub keys: Keymap,
    /// The terminal's height (rows), for the log view's page; the runner reports it.
    pub height: u16,
    pub tick: u64,
    pub quit: bool,
    /// The market list, and the selection every market key acts on.
    pub list: MarketList,
    /// The selected market's pool history, while it is shown (`p`).
    pub history: Option<PoolHistory>,
    /// The log view, in place of the list while open.
    pub logs: Logs,
    /// The timeline set up on the node, its pane in place of the list while shown.
    pub timeline: TimelinePane,
    /// The request running or run last, which the router tells the timeline pane about when it
    /// went through.
    pub sent: Option<Request>,
    /// The popup over the panes, which takes the keys while it is open.
    pub popup: Option<Box<dyn Popup>>,
    /// The recording under way (`R`), as the header shows it.
    pub recording: Option<Recording>,
}

impl App {
    pub fn new(session: SessionView, proof_files: Vec<ProofFile>) -> Self {
        Self {
            logs: Logs::new(&session.state_dir),
            session,
            chain: Remote::Loading,
            node_down: None,
            link: Link::default(),
            proof_files,
            wallets: Vec::new(),
            acting: None,
            activity: Vec::new(),
            notice: None,
            keys: Keymap::default(),
            height: 24,
            tick: 0,
            quit: false,
            list: MarketList::default(),
            history: None,
            timeline: TimelinePane::default(),
            sent: None,
            popup: None,
            recording: None,
        }
    }

    /// What the components read.
    pub fn context(&self) -> Context<'_> {
        Context {
            session: &self.session,
            chain: &self.chain,
            node_down: self.node_down.as_ref(),
            link: self.link,
            proof_files: &self.proof_files,
            wallets: &self.wallets,
            acting: self.acting.as_deref(),
            activity: &self.activity,
            keys: &self.keys,
            selected: self.list.selected,
            notice: self.notice.as_deref(),
            tick: self.tick,
            height: self.height,
            recording: self.recording,
        }
    }

    /// A request is running.
    pub fn busy(&self) -> bool {
        self.context().busy()
    }

    /// Whether the popup shown is a `P`.
    pub fn shows<P: Popup>(&self) -> bool {
        self.popup
            .as_deref()
            .is_some_and(|popup| (popup as &dyn Any).is::<P>())
    }
}

impl App {
    /// The pane in the list's place: the log view while open, else the timeline pane while
    /// shown, else the market list.
    pub fn shown_pane(&self) -> &dyn Pane {
        if self.logs.open {
            &self.logs
        } else if self.timeline.shown {
            &self.timeline
        } else {
            &self.list
        }
    }

    /// [`Self::shown_pane`] taken out of the app to change it with `context` read from the
    /// rest, and put back: a pane's update reads the app it is part of.
    pub fn with_shown_pane<T>(&mut self, change: impl FnOnce(&mut dyn Pane, &Context) -> T) -> T {
        if self.logs.open {
            // Following no file, the app's stand-in while the view is out.
            let mut logs = std::mem::replace(&mut self.logs, Logs::new(Path::new("")));
            let changed = change(&mut logs, &self.context());
            self.logs = logs;
            changed
        } else if self.timeline.shown {
            let mut pane = std::mem::take(&mut self.timeline);
            let changed = change(&mut pane, &self.context());
            self.timeline = pane;
            changed
        } else {
            let mut list = std::mem::take(&mut self.list);
            // The list is out while it changes: its selection is what the context carries.
            let context = Context {
                selected: list.selected,
                ..self.context()
            };
            let changed = change(&mut list, &context);
            self.list = list;
            changed
        }
    }
}

impl Mode {
    /// Where the keys go: the popup, else the pane shown in the list's place.
    pub fn of(app: &App) -> Self {
        match &app.popup {
            Some(popup) => popup.mode(),
            None => app.shown_pane().mode(),
        }
    }
}
