//! The forms' own keys (the deposit form's side, the warp form's target, the new market form's
//! fields and proof files) and the transaction inspector's.

use crossterm::event::KeyCode;

use crate::dashboard::keys::Binding;
use crate::dashboard::keys::Mode::{Create, Deposit, Inspect, Warp};
use crate::dashboard::message::Command;

pub const COPY_SIGNATURE: Binding = Binding {
    name: "copy_signature",
    modes: &[Inspect],
    keys: &[KeyCode::Char('y')],
    label: "y",
    hint: "copy signature",
    help: "Copy the signature (OSC 52)",
    command: Command::Copy,
    in_bar: true,
};

pub const NEXT_FIELD: Binding = Binding {
    name: "next_field",
    modes: &[Create],
    keys: &[KeyCode::Tab, KeyCode::Down],
    label: "Tab",
    hint: "next field",
    help: "Next field",
    command: Command::NextField,
    in_bar: true,
};

pub const PREVIOUS_FIELD: Binding = Binding {
    name: "previous_field",
    modes: &[Create],
    keys: &[KeyCode::BackTab, KeyCode::Up],
    label: "S-Tab",
    hint: "previous",
    help: "Previous field",
    command: Command::PreviousField,
    in_bar: false,
};

pub const NEXT_PROOF_TERMS: Binding = Binding {
    name: "next_proof_terms",
    modes: &[Create],
    keys: &[KeyCode::PageDown],
    label: "PgDn",
    hint: "from proof",
    help: "Next proof file's terms",
    command: Command::PageDown,
    in_bar: true,
};

pub const PREVIOUS_PROOF_TERMS: Binding = Binding {
    name: "previous_proof_terms",
    modes: &[Create],
    keys: &[KeyCode::PageUp],
    label: "PgUp",
    hint: "previous proof",
    help: "Prior proof file's terms",
    command: Command::PageUp,
    in_bar: false,
};

pub const SIDE_SWITCH: Binding = Binding {
    name: "side_switch",
    modes: &[Deposit],
    keys: &[KeyCode::Tab, KeyCode::Left, KeyCode::Right],
    label: "Tab",
    hint: "YES/NO",
    help: "Switch YES / NO",
    command: Command::Switch,
    in_bar: true,
};

pub const WARP_TARGET: Binding = Binding {
    name: "warp_target",
    modes: &[Warp],
    keys: &[KeyCode::Tab, KeyCode::Up, KeyCode::Down],
    label: "Tab",
    hint: "target",
    help: "Next target",
    command: Command::Switch,
    in_bar: true,
};
