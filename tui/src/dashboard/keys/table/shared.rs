//! The keys the panes, forms and popups share: quitting, closing, the help, moving through a list
//! or a log, and a form's Enter and Backspace.

use crossterm::event::KeyCode;

use crate::dashboard::keys::Binding;
use crate::dashboard::keys::Mode::{
    self, Confirm, Create, Deposit, Filter, Inspect, List, Logs, Picker, Popup as Pop, Save,
    Timeline, Warp,
};
use crate::dashboard::message::Command;

const NOT_TYPING: &[Mode] = &[List, Picker, Confirm, Logs, Timeline, Inspect, Pop];
const MOVING: &[Mode] = &[List, Picker, Logs, Timeline, Inspect, Pop];
const TYPING: &[Mode] = &[Filter, Deposit, Warp, Create, Save];
const CLOSING: &[Mode] = &[
    Filter, Deposit, Picker, Confirm, Warp, Create, Logs, Timeline, Inspect, Pop, Save,
];

pub const QUIT: Binding = Binding {
    name: "quit",
    modes: NOT_TYPING,
    keys: &[KeyCode::Char('q')],
    label: "q",
    hint: "quit",
    help: "Quit (Ctrl-C from anywhere)",
    command: Command::Quit,
    in_bar: true,
};

pub const CLOSE: Binding = Binding {
    name: "close",
    modes: CLOSING,
    keys: &[KeyCode::Esc],
    label: "Esc",
    hint: "close",
    help: "Close or cancel",
    command: Command::Back,
    in_bar: true,
};

pub const HELP: Binding = Binding {
    name: "help",
    modes: &[List, Logs, Timeline, Pop],
    keys: &[KeyCode::Char('?')],
    label: "?",
    hint: "help",
    help: "This help",
    command: Command::Help,
    in_bar: true,
};

pub const UP: Binding = Binding {
    name: "up",
    modes: MOVING,
    keys: &[KeyCode::Up, KeyCode::Char('k')],
    label: "↑/k",
    hint: "up",
    help: "Previous row of a list or log",
    command: Command::Up,
    in_bar: false,
};

pub const DOWN: Binding = Binding {
    name: "down",
    modes: MOVING,
    keys: &[KeyCode::Down, KeyCode::Char('j')],
    label: "↓/j",
    hint: "down",
    help: "Next row of a list or log",
    command: Command::Down,
    in_bar: false,
};

pub const PAGE_UP: Binding = Binding {
    name: "page_up",
    modes: MOVING,
    keys: &[KeyCode::PageUp],
    label: "PgUp",
    hint: "page up",
    help: "A page up",
    command: Command::PageUp,
    in_bar: false,
};

pub const PAGE_DOWN: Binding = Binding {
    name: "page_down",
    modes: MOVING,
    keys: &[KeyCode::PageDown],
    label: "PgDn",
    hint: "page down",
    help: "A page down",
    command: Command::PageDown,
    in_bar: false,
};

pub const FIRST: Binding = Binding {
    name: "first",
    modes: MOVING,
    keys: &[KeyCode::Home, KeyCode::Char('g')],
    label: "Home/g",
    hint: "first",
    help: "First",
    command: Command::Top,
    in_bar: false,
};

pub const LAST: Binding = Binding {
    name: "last",
    modes: MOVING,
    keys: &[KeyCode::End, KeyCode::Char('G')],
    label: "End/G",
    hint: "last",
    help: "Last",
    command: Command::Bottom,
    in_bar: false,
};

pub const SUBMIT: Binding = Binding {
    name: "submit",
    modes: &[Filter, Deposit, Picker, Confirm, Warp, Create, Save],
    keys: &[KeyCode::Enter],
    label: "Enter",
    hint: "ok",
    help: "Apply, send, confirm",
    command: Command::Submit,
    in_bar: true,
};

pub const ERASE: Binding = Binding {
    name: "erase",
    modes: TYPING,
    keys: &[KeyCode::Backspace],
    label: "Bksp",
    hint: "erase",
    help: "Erase a character",
    command: Command::Erase,
    in_bar: false,
};
