//! The one key table: it decides what a key does in each mode, and the bottom hint bar and the
//! `?` help overlay are drawn from it, so help never drifts from the real keys. The defaults are
//! in `table/`; the key config file (`config.rs`) rebinds any of them, and the [`Keymap`] in
//! force is what the dashboard reads keys with and shows.

mod config;
mod names;
mod table;

pub use config::KeysError;
#[cfg(test)]
pub(super) use config::parse as parse_file;
#[cfg(test)]
use config::parse;
use config::{default_path, load};
pub use table::BINDINGS;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::failure::FailureView;
use super::message::{Command, Message};
use fulltime_desk::error::ErrorReport;

/// Where the keys go: each component reads the keys of its mode (`Mode::of` asks the focused
/// one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    List,
    /// Typing the list filter.
    Filter,
    Deposit,
    /// Picking a proof file to settle with, a sent transaction to inspect, a wallet or a
    /// timeline.
    Picker,
    Confirm,
    Warp,
    Create,
    /// The node's and the faucet's logs, in place of the markets.
    Logs,
    /// The timeline set up on the node, its steps, in place of the markets.
    Timeline,
    /// A sent transaction, inspected.
    Inspect,
    /// A transaction's progress or result, an error, or the help overlay.
    Popup,
    /// Naming the file a recording is saved to.
    Save,
}

impl Mode {
    /// Modes whose unbound characters are typed text.
    pub fn takes_text(self) -> bool {
        matches!(
            self,
            Self::Filter | Self::Deposit | Self::Warp | Self::Create | Self::Save
        )
    }
}

#[derive(Debug)]
pub struct Binding {
    /// What the key config file calls it.
    pub name: &'static str,
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

/// A binding with the keys in force.
#[derive(Clone, Debug)]
pub struct Bound {
    pub binding: &'static Binding,
    pub keys: Vec<KeyCode>,
    /// The keys as the hint bar and the help write them.
    pub label: String,
}

/// The keys in force: the defaults, with what the key config file rebinds.
#[derive(Clone, Debug)]
pub struct Keymap {
    bound: Vec<Bound>,
}

impl Default for Keymap {
    fn default() -> Self {
        Self {
            bound: BINDINGS
                .iter()
                .map(|binding| Bound {
                    binding,
                    keys: binding.keys.to_vec(),
                    label: binding.label.to_owned(),
                })
                .collect(),
        }
    }
}

impl Keymap {
    /// Every binding, in table order.
    pub fn all(&self) -> &[Bound] {
        &self.bound
    }

    /// The bindings of `mode`, in table order.
    pub fn bindings(&self, mode: Mode) -> impl Iterator<Item = &Bound> {
        self.bound
            .iter()
            .filter(move |bound| bound.binding.modes.contains(&mode))
    }

    /// What a key press does in `mode`; key releases and repeats of other kinds do nothing.
    /// Ctrl-C quits from anywhere and cannot be rebound.
    pub fn message_for(&self, mode: Mode, key: KeyEvent) -> Option<Message> {
        if key.kind != KeyEventKind::Press {
            return None;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) {
            return (key.code == KeyCode::Char('c')).then_some(Message::Command(Command::Quit));
        }
        let bound = self
            .bindings(mode)
            .find(|bound| bound.keys.contains(&key.code))
            .map(|bound| Message::Command(bound.binding.command));
        match (bound, key.code) {
            (Some(message), _) => Some(message),
            (None, KeyCode::Char(c)) if mode.takes_text() => Some(Message::Type(c)),
            _ => None,
        }
    }

    /// The bindings' names, as the config file writes them.
    pub fn names(&self) -> Vec<&'static str> {
        self.bound.iter().map(|bound| bound.binding.name).collect()
    }

    fn index_of(&self, name: &str) -> Option<usize> {
        self.bound
            .iter()
            .position(|bound| bound.binding.name == name)
    }

    fn rebind(&mut self, index: usize, keys: Vec<KeyCode>) {
        let bound = &mut self.bound[index];
        bound.label = config::label_of(&keys);
        bound.keys = keys;
    }

    /// Why binding `index`'s keys clash with another binding's: the same key in a mode they
    /// share, doing something else.
    fn conflict_of(&self, index: usize) -> Option<String> {
        let this = &self.bound[index];
        self.bound
            .iter()
            .enumerate()
            .find_map(|(other_index, other)| {
                if other_index == index || other.binding.command == this.binding.command {
                    return None;
                }
                let mode = this
                    .binding
                    .modes
                    .iter()
                    .find(|mode| other.binding.modes.contains(mode))?;
                let key = this.keys.iter().find(|key| other.keys.contains(key))?;
                Some(format!(
                    "`{}` is already `{}`'s key in the {}; rebind that one too",
                    names::key_label(*key),
                    other.binding.name,
                    mode.title()
                ))
            })
    }
}

/// The keys the dashboard starts with: `explicit` (`--keys`), else the default config file when
/// there is one, else the defaults; a file that cannot be used is shown with [`failure`].
pub fn in_force(explicit: Option<&std::path::Path>) -> Result<Keymap, KeysError> {
    match (explicit, default_path()) {
        (Some(path), _) => load(path, true),
        (None, Some(path)) => load(&path, false),
        (None, None) => Ok(Keymap::default()),
    }
}

/// How a key config that cannot be used is shown.
pub fn failure(error: KeysError) -> FailureView {
    FailureView {
        doing: "Key config".to_owned(),
        report: ErrorReport::other(
            "InvalidKeyConfig",
            error,
            "Fix that line, or move the file away: the default keys are in force",
        ),
        nothing_sent: false,
    }
}

/// What a key press does in `mode` with the default keys.
pub fn message_for(mode: Mode, key: KeyEvent) -> Option<Message> {
    DEFAULT_KEYS.message_for(mode, key)
}

static DEFAULT_KEYS: std::sync::LazyLock<Keymap> = std::sync::LazyLock::new(Keymap::default);

#[cfg(test)]
mod tests;
