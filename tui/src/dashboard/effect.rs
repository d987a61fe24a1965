//! Work that `update` asks for and the runner carries out in tokio tasks, so that `update`
//! itself never touches the network.

use std::path::PathBuf;

use fulltime_client::rpc::Standing;
use fulltime_client::wallet_book::WalletName;
use fulltime_desk::timeline::record::Branch;
use solana_keypair::Address as Pubkey;
use solana_signature::Signature;

use super::timeline_news::TimelineOrder;
use super::wallets::WalletChoice;
use crate::actions::{CreateOrder, DepositOrder, PayoutOrder, RecordSettleOrder, SettleOrder};

#[derive(Clone, Debug)]
pub enum Effect {
    /// Read the whole chain now instead of as the feed would.
    Refresh,
    /// One request in the wallet's name, shown in the activity panel.
    Send(Request),
    /// Read a landed transaction back for the inspector.
    Inspect(Signature),
    /// Hand text to the terminal's clipboard (OSC 52).
    Copy(String),
    /// Read a market's pool history.
    LoadHistory(u64),
    /// Read a fixture's score records from TxLINE's API, for the settle picker.
    LoadRecords(i64),
    /// Act as this wallet from now on.
    SwitchWallet(WalletChoice),
    /// Read the open timeline's invariants (after something done by hand).
    CheckTimeline,
    /// Record from now on, knowing these wallets by name; from a timeline's step when
    /// `branch` says which (the timeline pane's to give).
    StartRecording {
        book: Vec<(WalletName, Pubkey)>,
        branch: Option<Box<Branch>>,
    },
    /// Write the recording under way to this file, which ends it.
    SaveRecording(PathBuf),
}

/// An action of `crate::actions`, with what the dashboard holds of the chain for its checks and
/// receipt, so that it reads nothing again.
#[derive(Clone, Debug)]
pub enum Request {
    Faucet,
    Deposit {
        order: DepositOrder,
        held: Box<Standing>,
    },
    Settle {
        order: SettleOrder,
        held: Box<Standing>,
    },
    /// A settle with a proof fetched from TxLINE's API by record.
    SettleByRecord {
        order: RecordSettleOrder,
        held: Box<Standing>,
    },
    /// A claim or a refund.
    Payout {
        order: PayoutOrder,
        held: Box<Standing>,
    },
    /// Every payout and refund the wallet is owed.
    ClaimAll,
    /// A market, its terms checked at the cluster clock `now`.
    Create {
        order: Box<CreateOrder>,
        now: i64,
    },
    /// A new wallet in the book under this name, funded.
    NewWallet {
        name: String,
    },
    /// Move localnet's clock forward to this unix time.
    Warp {
        to: i64,
    },
    /// Save localnet's chain to `<state-dir>/snapshots/<name>.snapshot`.
    Snapshot {
        name: String,
    },
    /// Save the moment to `<state-dir>/bundles/<name>.bundle`, with the timeline set up at the
    /// step it is at.
    Bundle {
        name: String,
    },
    /// The timeline pane's work: set up, step, step back, run to.
    Timeline(TimelineOrder),
}

impl Request {
    /// What the failure popup says was being done.
    pub fn doing(&self) -> &'static str {
        match self {
            Self::Faucet => "Faucet",
            Self::Deposit { .. } => "Deposit",
            Self::Settle { .. } | Self::SettleByRecord { .. } => "Settle",
            Self::Payout { order, .. } => order.kind.verb(),
            Self::ClaimAll => "Claim all",
            Self::Warp { .. } => "Warp",
            Self::Create { .. } => "Create market",
            Self::Snapshot { .. } => "Snapshot",
            Self::Bundle { .. } => "Bundle",
            Self::NewWallet { .. } => "New wallet",
            Self::Timeline(_) => "Timeline",
        }
    }

    /// Done by hand at the desk, rather than by the timeline or for the record: what makes a
    /// branch of an open timeline.
    pub fn by_hand(&self) -> bool {
        !matches!(
            self,
            Self::Snapshot { .. } | Self::Bundle { .. } | Self::Timeline(_)
        )
    }
}
