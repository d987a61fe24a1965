//! The one key table: it decides what a key does in each mode, and the bottom hint bar and the
//! `?` help overlay are drawn from it, so help never drifts from the real keys.

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::action::{Action, Command};
use super::app::{App, Popup};

/// Where the keys go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    List,
    /// Typing the list filter.
    Filter,
    Deposit,
    Settle,
    Confirm,
    Warp,
    Create,
    /// The node's and the faucet's logs, in place of the markets.
    Logs,
    /// A transaction's progress or result, an error, or the help overlay.
    Popup,
}

impl Mode {
    pub fn of(app: &App) -> Self {
        match &app.popup {
            None if app.logs.open => Self::Logs,
            None if app.filtering => Self::Filter,
            None => Self::List,
            Some(Popup::Deposit(_)) => Self::Deposit,
            Some(Popup::Settle(_)) => Self::Settle,
            Some(Popup::Confirm(_)) => Self::Confirm,
            Some(Popup::Warp(_)) => Self::Warp,
            Some(Popup::Create(_)) => Self::Create,
            Some(Popup::Help | Popup::Progress | Popup::Failure(_)) => Self::Popup,
        }
    }

    /// Modes whose unbound characters are typed text.
    fn takes_text(self) -> bool {
        matches!(
            self,
            Self::Filter | Self::Deposit | Self::Warp | Self::Create
        )
    }
}

pub struct Binding {
    pub modes: &'static [Mode],
    pub keys: &'static [KeyCode],
    /// How the keys are written in the hint bar and the help.
    pub label: &'static str,
    /// A word or two for the hint bar.
    pub hint: &'static str,
    /// A sentence for the help overlay.
    pub help: &'static str,
    pub command: Command,
    /// Shown in the hint bar; the arrows and paging keys are only in the help.
    pub in_bar: bool,
}

use Mode::{Confirm, Create, Deposit, Filter, List, Logs, Popup as Pop, Settle, Warp};

const NOT_TYPING: &[Mode] = &[List, Settle, Confirm, Logs, Pop];
const MOVING: &[Mode] = &[List, Settle, Logs];
const TYPING: &[Mode] = &[Filter, Deposit, Warp, Create];
const CLOSING: &[Mode] = &[Filter, Deposit, Settle, Confirm, Warp, Create, Logs, Pop];

pub const BINDINGS: &[Binding] = &[
    Binding {
        modes: NOT_TYPING,
        keys: &[KeyCode::Char('q')],
        label: "q",
        hint: "quit",
        help: "Quit (Ctrl-C from anywhere)",
        command: Command::Quit,
        in_bar: true,
    },
    Binding {
        modes: CLOSING,
        keys: &[KeyCode::Esc],
        label: "Esc",
        hint: "close",
        help: "Close or cancel",
        command: Command::Back,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Esc],
        label: "Esc",
        hint: "clear filter",
        help: "Clear the filter",
        command: Command::Back,
        in_bar: false,
    },
    Binding {
        modes: &[List, Logs, Pop],
        keys: &[KeyCode::Char('?')],
        label: "?",
        hint: "help",
        help: "This help",
        command: Command::Help,
        in_bar: true,
    },
    Binding {
        modes: MOVING,
        keys: &[KeyCode::Up, KeyCode::Char('k')],
        label: "↑/k",
        hint: "up",
        help: "Previous market, fixture, log line",
        command: Command::Up,
        in_bar: false,
    },
    Binding {
        modes: MOVING,
        keys: &[KeyCode::Down, KeyCode::Char('j')],
        label: "↓/j",
        hint: "down",
        help: "Next market, fixture, log line",
        command: Command::Down,
        in_bar: false,
    },
    Binding {
        modes: MOVING,
        keys: &[KeyCode::PageUp],
        label: "PgUp",
        hint: "page up",
        help: "A page up",
        command: Command::PageUp,
        in_bar: false,
    },
    Binding {
        modes: MOVING,
        keys: &[KeyCode::PageDown],
        label: "PgDn",
        hint: "page down",
        help: "A page down",
        command: Command::PageDown,
        in_bar: false,
    },
    Binding {
        modes: MOVING,
        keys: &[KeyCode::Home, KeyCode::Char('g')],
        label: "Home/g",
        hint: "first",
        help: "First",
        command: Command::Top,
        in_bar: false,
    },
    Binding {
        modes: MOVING,
        keys: &[KeyCode::End, KeyCode::Char('G')],
        label: "End/G",
        hint: "last",
        help: "Last",
        command: Command::Bottom,
        in_bar: false,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('d')],
        label: "d",
        hint: "deposit",
        help: "Deposit on YES or NO",
        command: Command::Deposit,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('s')],
        label: "s",
        hint: "settle",
        help: "Settle with a proof fixture",
        command: Command::Settle,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('c')],
        label: "c",
        hint: "claim",
        help: "Claim a winning payout",
        command: Command::Claim,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('u')],
        label: "u",
        hint: "refund",
        help: "Refund the stake",
        command: Command::Refund,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('n')],
        label: "n",
        hint: "new",
        help: "Create a market",
        command: Command::Create,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('N')],
        label: "N",
        hint: "new from fixture",
        help: "New market from a fixture",
        command: Command::CreateFromFixture,
        in_bar: false,
    },
    Binding {
        modes: &[Create],
        keys: &[KeyCode::Tab, KeyCode::Down],
        label: "Tab",
        hint: "next field",
        help: "Next field",
        command: Command::NextField,
        in_bar: true,
    },
    Binding {
        modes: &[Create],
        keys: &[KeyCode::BackTab, KeyCode::Up],
        label: "S-Tab",
        hint: "previous",
        help: "Previous field",
        command: Command::PreviousField,
        in_bar: false,
    },
    Binding {
        modes: &[Create],
        keys: &[KeyCode::PageDown],
        label: "PgDn",
        hint: "from fixture",
        help: "Next fixture's terms",
        command: Command::PageDown,
        in_bar: true,
    },
    Binding {
        modes: &[Create],
        keys: &[KeyCode::PageUp],
        label: "PgUp",
        hint: "previous fixture",
        help: "Previous fixture's terms",
        command: Command::PageUp,
        in_bar: false,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('w')],
        label: "w",
        hint: "warp",
        help: "Move the clock forward",
        command: Command::Warp,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('f')],
        label: "f",
        hint: "faucet",
        help: "Test USDC from the faucet",
        command: Command::Faucet,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('/')],
        label: "/",
        hint: "filter",
        help: "Filter by question or id",
        command: Command::Filter,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('o')],
        label: "o",
        hint: "sort",
        help: "Sort: id, close time, pool",
        command: Command::CycleSort,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('m')],
        label: "m",
        hint: "all/mine",
        help: "All markets / only mine",
        command: Command::ToggleMine,
        in_bar: true,
    },
    Binding {
        modes: &[List, Logs],
        keys: &[KeyCode::Char('l')],
        label: "l",
        hint: "logs",
        help: "Open or close the log view",
        command: Command::Logs,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('r')],
        label: "r",
        hint: "refresh",
        help: "Read the chain now",
        command: Command::Refresh,
        in_bar: true,
    },
    Binding {
        modes: &[List],
        keys: &[KeyCode::Char('S')],
        label: "S",
        hint: "snapshot",
        help: "Save a chain snapshot",
        command: Command::Snapshot,
        in_bar: true,
    },
    Binding {
        modes: &[Logs],
        keys: &[KeyCode::Tab],
        label: "Tab",
        hint: "node/faucet",
        help: "Node log / faucet log",
        command: Command::Switch,
        in_bar: true,
    },
    Binding {
        modes: &[Logs],
        keys: &[KeyCode::End, KeyCode::Char('G')],
        label: "End/G",
        hint: "follow",
        help: "The end, and follow it",
        command: Command::Bottom,
        in_bar: true,
    },
    Binding {
        modes: &[Logs],
        keys: &[KeyCode::Left],
        label: "←",
        hint: "left",
        help: "Long lines: to the left",
        command: Command::Left,
        in_bar: false,
    },
    Binding {
        modes: &[Logs],
        keys: &[KeyCode::Right],
        label: "→",
        hint: "right",
        help: "Long lines: to the right",
        command: Command::Right,
        in_bar: false,
    },
    Binding {
        modes: &[Filter, Deposit, Settle, Confirm, Warp, Create],
        keys: &[KeyCode::Enter],
        label: "Enter",
        hint: "ok",
        help: "Apply, send, confirm",
        command: Command::Submit,
        in_bar: true,
    },
    Binding {
        modes: &[Deposit],
        keys: &[KeyCode::Tab, KeyCode::Left, KeyCode::Right],
        label: "Tab",
        hint: "YES/NO",
        help: "Switch YES / NO",
        command: Command::Switch,
        in_bar: true,
    },
    Binding {
        modes: &[Warp],
        keys: &[KeyCode::Tab, KeyCode::Up, KeyCode::Down],
        label: "Tab",
        hint: "target",
        help: "Next target",
        command: Command::Switch,
        in_bar: true,
    },
    Binding {
        modes: TYPING,
        keys: &[KeyCode::Backspace],
        label: "Bksp",
        hint: "erase",
        help: "Erase a character",
        command: Command::Erase,
        in_bar: false,
    },
];

/// The bindings of `mode`, in table order.
pub fn bindings(mode: Mode) -> impl Iterator<Item = &'static Binding> {
    BINDINGS
        .iter()
        .filter(move |binding| binding.modes.contains(&mode))
}

/// What a key press does in `mode`; key releases and repeats of other kinds do nothing.
pub fn action_for(mode: Mode, key: KeyEvent) -> Option<Action> {
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return (key.code == KeyCode::Char('c')).then_some(Action::Command(Command::Quit));
    }
    let bound = bindings(mode)
        .find(|binding| binding.keys.contains(&key.code))
        .map(|binding| Action::Command(binding.command));
    match (bound, key.code) {
        (Some(action), _) => Some(action),
        (None, KeyCode::Char(c)) if mode.takes_text() => Some(Action::Type(c)),
        _ => None,
    }
}
