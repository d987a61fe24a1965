//! Work that `update` asks for and the runner carries out in tokio tasks, so that `update`
//! itself never touches the network.

use std::path::PathBuf;

use fulltime_client::rpc::Standing;
use fulltime_desk::timeline::record::Branch;
use fulltime_files::wallet_book::WalletName;
use solana_keypair::Address as Pubkey;
use solana_signature::Signature;

use super::timeline_news::TimelineOrder;
use super::wallets::WalletChoice;
use fulltime_desk::actions::Order;

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

/// Work in the wallet's name or on the local machine, shown in the activity panel.
#[derive(Clone, Debug)]
pub enum Request {
    /// An order of the desk's, with what the dashboard holds of the market and the wallet for
    /// its checks and receipt, so that it reads nothing again.
    Order {
        order: Order,
        held: Option<Box<Standing>>,
    },
    /// Save the moment to `<state-dir>/bundles/<name>.bundle`: the runner adds the recording
    /// under way, else the timeline set up at the step it is at.
    Bundle { name: String },
    /// The timeline pane's work: set up, step, step back, run to.
    Timeline(TimelineOrder),
}

impl Request {
    /// An order with nothing held.
    pub fn order(order: Order) -> Self {
        Self::Order { order, held: None }
    }

    /// An order checked against what the dashboard holds of its market and the wallet.
    pub fn held(order: Order, standing: Standing) -> Self {
        Self::Order {
            order,
            held: Some(Box::new(standing)),
        }
    }

    /// What the failure popup says was being done.
    pub fn doing(&self) -> &'static str {
        match self {
            Self::Order { order, .. } => order.doing(),
            Self::Bundle { .. } => "Bundle",
            Self::Timeline(_) => "Timeline",
        }
    }

    /// Done by hand at the desk, rather than by the timeline or for the record: what makes a
    /// branch of an open timeline.
    pub fn by_hand(&self) -> bool {
        match self {
            Self::Order { order, .. } => {
                !matches!(order, Order::Snapshot { .. } | Order::Bundle(_))
            }
            Self::Bundle { .. } | Self::Timeline(_) => false,
        }
    }
}
