//! The embedded surfpool, started and stopped in order: the chain laid out as its genesis
//! says, the commit feed and the pubsub front before the runloop (so that nothing committed is
//! missed), surfpool's own servers closed once they open, and what the runloop says reported.
//! How surfpool is set up (offline, no block of its own, no blockhash check of its own) is the
//! door's (`surfpool`).

use fulltime_client::terminal_text::escaped;
use fulltime_files::snapshot::{ChainClock, ChainSnapshot};

use super::NodeError;
use super::lasting;
use super::pubsub::{
    CommitFeed, PubsubFront, PubsubLoad, PubsubOptions, Rereads, StartingChain, SurfpoolParts,
};
use super::surfpool::listeners::{self, Server};
use super::surfpool::{
    Chain, ChainWriter, NewChain, Ports, RunloopEvent, RunloopEvents, RunningRunloop,
    preflight_refusal,
};
use super::transaction_log::TransactionLog;
use crate::native::{Deployment, FalsePredicate};

/// What the chain holds before it serves.
pub enum Genesis<'a> {
    /// Nothing but the programs; the clock at this unix time.
    New { clock_start: i64 },
    /// A snapshot's accounts, at `clock`, from `file` (named if they are refused).
    Restored {
        snapshot: &'a ChainSnapshot,
        clock: ChainClock,
        file: &'a lasting::ChainFile,
    },
}

pub struct Surfnet {
    chain: Chain,
    runloop: Option<RunningRunloop>,
    node_accounts: lasting::NodeAccounts,
    /// Stopped after the runloop, so a commit made as it stops still reaches subscribers.
    front: Option<PubsubFront>,
    feed: Option<CommitFeed>,
}

impl Surfnet {
    /// Starts the runloop on its own thread and waits until it serves; its own JSON-RPC server,
    /// which it opens on `rpc_port`, is closed then (the node's front runs its methods in
    /// process). The programs
    /// are loaded as `deployment` says (on every start: a loaded chain holds no program, and
    /// one that tries is refused before anything serves), and the chain holds what `genesis`
    /// says. With `log_transactions`, every processed transaction is printed to stdout.
    pub fn start(
        rpc_port: u16,
        ws_port: u16,
        deployment: Deployment,
        genesis: Genesis<'_>,
        false_predicate: FalsePredicate,
        log_transactions: bool,
        pubsub: &PubsubOptions,
    ) -> Result<Self, NodeError> {
        let mut new = NewChain::new(&deployment, false_predicate)?;
        let node_accounts = lasting::NodeAccounts::of(&new.view());
        let new_chain = matches!(genesis, Genesis::New { .. });
        genesis.lay(&mut new.writer(), &node_accounts)?;
        ensure_free(rpc_port, "JSON-RPC", "--rpc-port")?;
        // The node serves --ws-port itself (see `pubsub`); surfpool's own WebSocket server,
        // which it cannot start without, gets a free loopback port, closed once it opens.
        let ws_listener = bind(ws_port, "WebSocket", "--ws-port")?;
        let surfpool_ws_port = bind(0, "WebSocket", "--ws-port")?
            .local_addr()
            .map_err(|error| NodeError::Start(error.to_string()))?
            .port();
        let slot = new.view().slot();
        let (chain, commits, runloop) = new.into_chain();
        let feed = CommitFeed::start(commits, chain.clone())?;
        let surfpool_ports = Ports {
            rpc: rpc_port,
            ws: surfpool_ws_port,
        };
        let front = PubsubFront::start(
            ws_listener,
            &feed,
            SurfpoolParts {
                chain: chain.clone(),
                ports: surfpool_ports,
            },
            StartingChain {
                slot,
                new: new_chain,
            },
            pubsub,
        )?;
        let (runloop, events) = runloop.start(surfpool_ports)?;
        // The fronts run surfpool's methods in process: its own servers only let others past.
        listeners::close(rpc_port, Server::JsonRpc)?;
        listeners::close(surfpool_ws_port, Server::WebSocket)?;
        let rereads = feed.rereads();
        std::thread::Builder::new()
            .name("surfnet-events".into())
            .spawn(move || report_events(events, log_transactions, &rereads))
            .map_err(|error| NodeError::Start(error.to_string()))?;
        Ok(Self {
            chain,
            runloop: Some(runloop),
            node_accounts,
            front: Some(front),
            feed: Some(feed),
        })
    }

    pub fn chain(&self) -> Chain {
        self.chain.clone()
    }

    /// The accounts the node wrote itself before anything was loaded: never kept.
    pub fn node_accounts(&self) -> &lasting::NodeAccounts {
        &self.node_accounts
    }

    /// The ordered stream of what committed.
    pub fn commit_feed(&self) -> Option<&CommitFeed> {
        self.feed.as_ref()
    }

    /// What the WebSocket front holds now.
    pub fn pubsub_load(&self) -> PubsubLoad {
        self.front
            .as_ref()
            .map(PubsubFront::load)
            .unwrap_or_default()
    }

    pub fn shutdown(mut self) {
        self.stop();
    }

    fn stop(&mut self) {
        if let Some(runloop) = self.runloop.take() {
            runloop.stop();
        }
        self.front.take();
        self.feed.take();
    }
}

impl Drop for Surfnet {
    fn drop(&mut self) {
        self.stop();
    }
}

impl Genesis<'_> {
    /// Sets the chain up as this genesis says, on a chain that holds the programs and the
    /// accounts the node wrote itself (`node_accounts`, which a snapshot may not overwrite).
    fn lay(
        self,
        chain: &mut ChainWriter<'_>,
        node_accounts: &lasting::NodeAccounts,
    ) -> Result<(), NodeError> {
        match self {
            Genesis::New { clock_start } => {
                let start_ms = u64::try_from(clock_start)
                    .ok()
                    .and_then(|seconds| seconds.checked_mul(1_000))
                    .ok_or_else(|| {
                        NodeError::Start(format!("clock start {clock_start} before 1970"))
                    })?;
                chain.start_clock_at(start_ms);
            }
            Genesis::Restored {
                snapshot,
                clock,
                file,
            } => {
                node_accounts
                    .check(&snapshot.accounts)
                    .map_err(|reason| file.refused(reason))?;
                lasting::restore(chain, snapshot, clock)?;
            }
        }
        Ok(())
    }
}

/// Checked before surfpool starts, so the message names this binary's flag.
fn ensure_free(port: u16, what: &'static str, flag: &'static str) -> Result<(), NodeError> {
    bind(port, what, flag).map(drop)
}

/// `port` on the loopback (0: any free one), or an error naming `flag` when it is taken.
fn bind(
    port: u16,
    what: &'static str,
    flag: &'static str,
) -> Result<std::net::TcpListener, NodeError> {
    match std::net::TcpListener::bind(("127.0.0.1", port)) {
        Ok(listener) => Ok(listener),
        Err(error) if error.kind() == std::io::ErrorKind::AddrInUse => {
            Err(NodeError::PortInUse { port, what, flag })
        }
        Err(error) => Err(NodeError::Start(format!(
            "cannot bind 127.0.0.1:{port}: {error}"
        ))),
    }
}

/// Surfpool's own errors and warnings go to stderr; processed and refused transactions go to
/// stdout when `log_transactions` is on; everything else it says is routine. An account
/// surfpool wrote outside a transaction (airdrops, cheat codes) is named to the commit feed,
/// which hears no commit for it.
fn report_events(events: RunloopEvents, log_transactions: bool, rereads: &Rereads) {
    let mut transactions = TransactionLog::default();
    for event in events {
        match event {
            RunloopEvent::TransactionProcessed {
                time,
                transaction,
                error,
            } if log_transactions => transactions.record(&time, &transaction, error.as_ref()),
            RunloopEvent::Error { time, message } => match preflight_refusal(&message) {
                Some(error) if log_transactions => transactions.record_refusal(&time, error),
                _ => eprintln!("surfnet error: {}", escaped(&message)),
            },
            RunloopEvent::AccountWritten(pubkey) => rereads.account_written(pubkey),
            RunloopEvent::Warning(message) => eprintln!("surfnet warning: {}", escaped(&message)),
            RunloopEvent::Aborted(reason) => eprintln!("surfnet aborted: {}", escaped(&reason)),
            RunloopEvent::TransactionProcessed { .. } | RunloopEvent::Routine => {}
        }
    }
}
