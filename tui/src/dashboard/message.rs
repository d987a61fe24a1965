//! Everything that changes the dashboard's state: a key's command, typed text, a timer tick, or
//! the answer of a network task.

use fulltime_client::cluster::short_signature;
use fulltime_client::rpc::{DepositHistory, SendStage, TransactionDetail};
use fulltime_client::txline::json::ScoreRecord;
use solana_signature::Signature;

use super::chain::{Chain, Link, ReadFailure};
use super::failure::FailureView;
use super::log_source::{LogRead, LogSource};
use super::recording_news::RecordingNews;
use super::timeline_news::TimelineNews;
use super::wallets::WalletChoice;
use fulltime_desk::output::receipt::Summary;

/// What a key in the key table does; the table (`keys/table/`) maps keys to these per mode.
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
    /// The list flat, or grouped by fixture.
    ToggleGrouping,
    /// Odds as implied probability, or as decimal odds.
    ToggleOdds,
    Faucet,
    Deposit,
    Settle,
    Claim,
    /// Every payout and refund the wallet is owed, in as few transactions as fit.
    ClaimAll,
    Refund,
    Warp,
    /// Save the local chain as a snapshot.
    Snapshot,
    /// Save the moment as a bundle: the chain, the wallet book, the proof files, the timeline
    /// at its step.
    Bundle,
    /// A new market; `CreateFromProof` prefills it from the first proof file.
    Create,
    CreateFromProof,
    /// Tab / Shift-Tab between the fields of the create form.
    NextField,
    PreviousField,
    /// Enter in a form, picker or confirmation.
    Submit,
    /// YES <-> NO in the deposit form; the next target in the warp form.
    Switch,
    /// Backspace in a text field.
    Erase,
    /// The log view of the node and the faucet, and back.
    Logs,
    /// ←/→ in the log view: long lines are cut, not wrapped.
    Left,
    Right,
    /// The activity picker, whose Enter opens the transaction inspector.
    Activity,
    /// Copy the inspected transaction's signature to the terminal's clipboard.
    Copy,
    /// Show or hide the selected market's pool history.
    History,
    /// The wallet picker, whose Enter acts as the picked wallet.
    Wallets,
    /// A new funded wallet in the book.
    NewWallet,
    /// The timeline picker, or the timeline pane in place of the list, and back.
    Timeline,
    /// The timeline's next step.
    NextStep,
    /// Back to before the timeline's current step.
    StepBack,
    /// Every step of the timeline up to the selected one.
    RunTo,
    /// Start recording, or save the recording under way.
    Record,
}

/// How far a transaction has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Reading the market and the wallet, and the client's own checks.
    Checking,
    /// Fetching a blockhash and signing with the wallet.
    Signing,
    /// Handing the transaction to the node.
    Sending,
    /// Sent; waiting for the cluster to confirm it.
    Confirming,
    /// Confirmed; reading what changed.
    Confirmed,
    /// A request that is not a transaction (a warp of the clock), made.
    Requesting,
}

impl Stage {
    /// The stages of sending a transaction, in order.
    pub const SENDING: [Self; 4] = [
        Self::Signing,
        Self::Sending,
        Self::Confirming,
        Self::Confirmed,
    ];

    /// The stage's one word in the progress popup's row of steps.
    pub fn step(self) -> &'static str {
        match self {
            Self::Checking => "checking",
            Self::Signing => "signing",
            Self::Sending => "sending",
            Self::Confirming => "confirming",
            Self::Confirmed => "confirmed",
            Self::Requesting => "requesting",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Checking => "checking the market and the wallet",
            Self::Signing => "signing",
            Self::Sending => "sending",
            Self::Confirming => "confirming",
            Self::Confirmed => "confirmed, reading the result",
            Self::Requesting => "asking the node",
        }
    }

    /// The client's stage of sending a transaction, as the dashboard shows it.
    pub fn of(stage: SendStage) -> Self {
        match stage {
            SendStage::Signing => Self::Signing,
            SendStage::Sending => Self::Sending,
            SendStage::Confirming => Self::Confirming,
            SendStage::Confirmed => Self::Confirmed,
        }
    }
}

/// A transaction (or faucet grant) that went through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Done {
    /// `Deposited 2.5 USDC on YES in market 3`.
    pub summary: String,
    /// The transaction, for the inspector; `None` for a request that is none (a warp).
    pub signature: Option<Signature>,
    /// `abcd..wxyz`.
    pub short_signature: String,
    pub explorer: String,
}

impl Done {
    /// What a request gave back, as the activity panel shows it: the receipt's summary, and the
    /// transaction it sent, if any.
    pub fn of(receipt: &impl Summary) -> Self {
        let transaction = receipt.transaction();
        Self {
            summary: receipt.summary(),
            signature: transaction.map(|transaction| transaction.signature),
            short_signature: transaction.map_or_else(String::new, |transaction| {
                short_signature(&transaction.signature)
            }),
            explorer: transaction
                .map_or_else(String::new, |transaction| transaction.explorer.clone()),
        }
    }
}

#[derive(Clone, Debug)]
pub enum Message {
    Command(Command),
    /// A character typed into the filter or a form.
    Type(char),
    /// Mouse wheel: rows to move the selection (or the log view) by.
    Scroll(i32),
    /// The terminal's new height, which sets the log view's page.
    Resize(u16),
    /// Animates spinners; nothing else depends on it.
    Tick,
    /// A reading of the chain, or why it failed: the same whether it was read or pushed.
    Chain(Result<Chain, ReadFailure>),
    /// The runner acts as this wallet now, or could not (why).
    Switched(Result<WalletChoice, String>),
    /// A wallet was added to the book.
    WalletMade(WalletChoice),
    /// A market's pool history read back, or why it could not be.
    History {
        market: u64,
        history: Result<DepositHistory, String>,
    },
    /// A fixture's score records read from TxLINE's API for the settle picker, or why not.
    Records {
        fixture_id: i64,
        read: Result<RecordsRead, String>,
    },
    /// A transaction read back for the inspector, or why it could not be.
    Inspected {
        signature: Signature,
        detail: Result<TransactionDetail, String>,
    },
    /// How readings arrive now.
    Link(Link),
    Stage(Stage),
    Finished(Result<Done, FailureView>),
    /// What the tail task found in a log file since its last look.
    Log(LogSource, LogRead),
    /// What the timeline pane's work did.
    Timeline(TimelineNews),
    /// What became of the recording.
    Recording(RecordingNews),
}

/// A fixture's score records as TxLINE's API at `api` listed them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordsRead {
    pub api: String,
    pub records: Vec<ScoreRecord>,
}
