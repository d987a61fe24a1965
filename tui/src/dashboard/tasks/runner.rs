//! The runner: what the dashboard's tasks share. Its requests are carried out in `transact.rs`,
//! the timeline pane's orders in `timeline.rs`; both add to it, neither to the other.

use std::sync::Arc;

use fulltime_desk::timeline::Stepper;
use solana_keypair::Keypair;
use tokio::sync::Mutex;
use tokio::sync::mpsc::UnboundedSender;

use super::feed::Reading;
use crate::dashboard::message::Message;
use crate::dashboard::recording::RecorderSlot;
use fulltime_desk::session::Session;

/// The timeline set up on the node, shared by the runner's tasks (one runs at a time: the
/// pane's keys wait while a request runs).
pub type TimelineSlot = Arc<Mutex<Option<Stepper>>>;

/// What the tasks share: how to reach the cluster and the faucet, who signs, and where answers
/// go.
#[derive(Clone)]
pub struct Runner {
    pub session: Arc<Session>,
    /// The wallet acted as; `None` when none resolved (then a request says why).
    pub wallet: Option<Arc<Keypair>>,
    pub faucet_url: String,
    /// How many of a market's newest transactions its pool history reads.
    pub history_depth: usize,
    pub messages: UnboundedSender<Message>,
    /// The feed of the acting wallet, which reads the chain when asked.
    pub feed: UnboundedSender<Reading>,
    /// The timeline set up on the node by the timeline pane, if any.
    pub timeline: TimelineSlot,
    /// The recording under way (`R`), fed each request as it ends.
    pub recording: RecorderSlot,
}
