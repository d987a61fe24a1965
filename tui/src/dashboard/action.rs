//! Everything that changes the dashboard's state: a key's command, typed text, a timer tick, or
//! the answer of a network task.

use super::chain::{Chain, ReadFailure};
use super::failure::FailureView;

/// What a key in the key table does; the table (`keys.rs`) maps keys to these per mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Quit,
    /// Close the popup, leave the filter or cancel the form.
    Back,
    Help,
    Up,
    Down,
    PageUp,
    PageDown,
    Top,
    Bottom,
    Refresh,
    Filter,
    ToggleMine,
    CycleSort,
    Faucet,
    Deposit,
    Settle,
    Claim,
    Refund,
    Warp,
    /// A new market; `CreateFromFixture` prefills it from the first proof fixture.
    Create,
    CreateFromFixture,
    /// Tab / Shift-Tab between the fields of the create form.
    NextField,
    PreviousField,
    /// Enter in a form, picker or confirmation.
    Submit,
    /// YES <-> NO in the deposit form; the next target in the warp form.
    Switch,
    /// Backspace in a text field.
    Erase,
}

/// How far a transaction has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Reading the market and the wallet, and the client's own checks.
    Checking,
    /// Signed and sent; waiting for the cluster to confirm it.
    Confirming,
}

impl Stage {
    pub fn label(self) -> &'static str {
        match self {
            Self::Checking => "checking the market and the wallet",
            Self::Confirming => "signing, sending and confirming",
        }
    }
}

/// A transaction (or faucet grant) that went through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Done {
    /// `Deposited 2.5 USDC on YES in market 3`.
    pub summary: String,
    /// `abcd..wxyz`.
    pub short_signature: String,
    pub explorer: String,
}

#[derive(Clone, Debug)]
pub enum Action {
    Command(Command),
    /// A character typed into the filter or a form.
    Type(char),
    /// Mouse wheel: rows to move the selection by.
    Scroll(i32),
    /// Animates spinners; nothing else depends on it.
    Tick,
    /// A reading of the chain, or why it failed.
    Chain(Result<Chain, ReadFailure>),
    Stage(Stage),
    Finished(Result<Done, FailureView>),
}
