//! The transaction inspector: a sent request picked from the activity panel, shown with each
//! instruction's accounts labelled by what they are to the user (market 3, its vault, the
//! wallet), the program's logs, and the result or the named error with its action; `y` copies
//! the signature.

mod draw;
mod labels;

use fulltime_client::rpc::TransactionDetail;
use ratatui::Frame;
use ratatui::layout::Rect;
use solana_signature::Signature;

use labels::account_labels;

use crate::dashboard::activity::{Activity, ActivityState};
use crate::dashboard::component::{Ask, Context, Popup, movement};
use crate::dashboard::effect::Effect;
use crate::dashboard::failure::FailureView;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Done, Message};
use crate::dashboard::remote::Remote;

/// What the inspector shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inspected {
    /// A transaction that landed, read back from the node, with a label per account of each
    /// instruction once read.
    Transaction(Box<LandedTransaction>),
    /// A request with no transaction (a warp of the clock, a faucet grant without a signature).
    Request(Done),
    /// A request that failed: the error, its action and the logs it left.
    Failure(Box<FailureView>),
}

/// A landed transaction and, once read back, its detail with a label per account of each
/// instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LandedTransaction {
    pub done: Done,
    pub signature: Signature,
    pub detail: Remote<(TransactionDetail, Vec<Vec<String>>)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Inspector {
    /// The activity line: `Deposit 2.5 USDC on YES, market 3`.
    pub what: String,
    pub inspected: Inspected,
    /// Lines scrolled past.
    pub scroll: u16,
    /// The signature was handed to the terminal's clipboard.
    pub copied: bool,
}

impl Inspector {
    /// Inspects `activity`: a landed transaction is read back from the node; one still running
    /// has nothing to show yet.
    pub fn open(activity: &Activity) -> Vec<Ask> {
        let (inspected, read) = match &activity.state {
            ActivityState::Running(_) => {
                return vec![Ask::Notice(format!("{} is still running", activity.what))];
            }
            ActivityState::Failed(failure) => (Inspected::Failure(failure.clone()), None),
            ActivityState::Done(done) => match done.signature {
                Some(signature) => (
                    Inspected::Transaction(Box::new(LandedTransaction {
                        done: done.clone(),
                        signature,
                        detail: Remote::Loading,
                    })),
                    Some(Ask::Run(Effect::Inspect(signature))),
                ),
                None => (Inspected::Request(done.clone()), None),
            },
        };
        let inspector = Self {
            what: activity.what.clone(),
            inspected,
            scroll: 0,
            copied: false,
        };
        std::iter::once(Ask::open(inspector)).chain(read).collect()
    }

    fn scroll_by(&mut self, delta: i64) {
        let scrolled = i64::from(self.scroll).saturating_add(delta).max(0);
        self.scroll = u16::try_from(scrolled).unwrap_or(u16::MAX);
    }

    /// The signature a copy takes, when there is a transaction.
    fn signature(&self) -> Option<Signature> {
        match &self.inspected {
            Inspected::Transaction(landed) => Some(landed.signature),
            _ => None,
        }
    }

    /// A transaction read back: shown, with its accounts labelled, if it is still the one open.
    fn read_back(
        &mut self,
        context: &Context,
        read: Signature,
        detail: Result<TransactionDetail, String>,
    ) {
        let Inspected::Transaction(landed) = &mut self.inspected else {
            return;
        };
        if landed.signature != read {
            return;
        }
        landed.detail = match detail {
            Ok(detail) => {
                let wallet = context
                    .session
                    .wallet
                    .as_ref()
                    .ok()
                    .and_then(|wallet| wallet.parse().ok());
                let labels = account_labels(
                    &detail.instructions,
                    context.loaded(),
                    wallet,
                    context.wallets,
                );
                Remote::Loaded((detail, labels))
            }
            Err(reason) => Remote::Failed(reason),
        };
    }
}

impl Popup for Inspector {
    fn mode(&self) -> Mode {
        Mode::Inspect
    }

    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Inspected { signature, detail } => self.read_back(context, signature, detail),
            Message::Command(Command::Copy) => {
                if let Some(signature) = self.signature() {
                    self.copied = true;
                    return vec![Ask::Run(Effect::Copy(signature.to_string()))];
                }
            }
            Message::Command(command) => {
                if let Some(delta) = movement(command) {
                    self.scroll_by(delta);
                }
            }
            _ => {}
        }
        Vec::new()
    }

    fn draw(&self, _context: &Context, frame: &mut Frame, area: Rect) {
        draw::draw(self, frame, area);
    }
}

#[cfg(test)]
mod tests;
