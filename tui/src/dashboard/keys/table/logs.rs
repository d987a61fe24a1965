//! The log view's keys: opening it, and reading the node's and the faucet's logs in it.

use crossterm::event::KeyCode;

use crate::dashboard::keys::Binding;
use crate::dashboard::keys::Mode::{List, Logs};
use crate::dashboard::message::Command;

pub const LOGS: Binding = Binding {
    name: "logs",
    modes: &[List, Logs],
    keys: &[KeyCode::Char('l')],
    label: "l",
    hint: "logs",
    help: "Open or close the log view",
    command: Command::Logs,
    in_bar: true,
};

pub const LOG_SWITCH: Binding = Binding {
    name: "log_switch",
    modes: &[Logs],
    keys: &[KeyCode::Tab],
    label: "Tab",
    hint: "node/faucet",
    help: "Node log / faucet log",
    command: Command::Switch,
    in_bar: true,
};

pub const LOG_FOLLOW: Binding = Binding {
    name: "log_follow",
    modes: &[Logs],
    keys: &[KeyCode::End, KeyCode::Char('G')],
    label: "End/G",
    hint: "follow",
    help: "The end, and follow it",
    command: Command::Bottom,
    in_bar: true,
};

pub const LOG_LEFT: Binding = Binding {
    name: "log_left",
    modes: &[Logs],
    keys: &[KeyCode::Left],
    label: "←",
    hint: "left",
    help: "Long lines: to the left",
    command: Command::Left,
    in_bar: false,
};

pub const LOG_RIGHT: Binding = Binding {
    name: "log_right",
    modes: &[Logs],
    keys: &[KeyCode::Right],
    label: "→",
    hint: "right",
    help: "Long lines: to the right",
    command: Command::Right,
    in_bar: false,
};
