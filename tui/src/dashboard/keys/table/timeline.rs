//! The timeline pane's keys: picking a timeline, and playing its steps on the node.

use crossterm::event::KeyCode;

use crate::dashboard::keys::Binding;
use crate::dashboard::keys::Mode::{List, Timeline};
use crate::dashboard::message::Command;

pub const TIMELINE: Binding = Binding {
    name: "timeline",
    modes: &[List, Timeline],
    keys: &[KeyCode::Char('T')],
    label: "T",
    hint: "timeline",
    help: "Timelines: pick, step, branch",
    command: Command::Timeline,
    in_bar: true,
};

pub const NEXT_STEP: Binding = Binding {
    name: "next_step",
    modes: &[Timeline],
    keys: &[KeyCode::Char(' ')],
    label: "Space",
    // Short enough for the pane's whole bar at 80 columns; the help says "next".
    hint: "step",
    help: "Run the timeline's next step",
    command: Command::NextStep,
    in_bar: true,
};

pub const STEP_BACK: Binding = Binding {
    name: "step_back",
    modes: &[Timeline],
    keys: &[KeyCode::Char('b')],
    label: "b",
    hint: "step back",
    help: "Back to before the current step",
    command: Command::StepBack,
    in_bar: true,
};

pub const RUN_TO: Binding = Binding {
    name: "run_to",
    modes: &[Timeline],
    keys: &[KeyCode::Enter],
    label: "Enter",
    hint: "run to",
    help: "Run every step to the selected",
    command: Command::RunTo,
    in_bar: true,
};
