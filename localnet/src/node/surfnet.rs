//! The embedded surfpool: offline, blocks made by the node (`blocks`: one after each
//! transaction, so a confirmation takes milliseconds), blockhash lifetimes checked by the node
//! (`rpc_front`), instruction profiling off (it re-runs every transaction and means nothing for
//! native programs), and both programs registered as native builtins.

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};
use surfpool_core::surfnet::GeyserEvent;
use surfpool_core::surfnet::locker::SurfnetSvmLocker;
use surfpool_core::surfnet::svm::{SurfnetSvm, SurfnetSvmConfig};
use surfpool_types::{
    BlockProductionMode, RpcConfig, SimnetCommand, SimnetConfig, SimnetEvent, SurfpoolConfig,
};

use fulltime_client::snapshot::{ChainClock, ChainSnapshot};
use fulltime_client::terminal_text::escaped;

use super::NodeError;
use super::lasting;
use super::pubsub::{
    CommitFeed, PubsubFront, PubsubLoad, PubsubOptions, Rereads, StartingChain, SurfpoolParts,
};
use super::surfpool_listeners::{self, Server};
use super::transaction_log::TransactionLog;
use crate::native::{Deployment, FalsePredicate, register_programs};

/// Each block advances the cluster clock by this much; the wall clock moves it the rest of the
/// way (see `clock`).
pub const SLOT_TIME_MS: u64 = 10;

const STARTUP_DEADLINE: Duration = Duration::from_secs(60);

/// Hears how surfpool's runloop ended: its error, as text.
type RunloopEnded = mpsc::Receiver<Result<(), String>>;

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
    locker: SurfnetSvmLocker,
    commands: Sender<SimnetCommand>,
    runloop: Option<JoinHandle<()>>,
    node_accounts: lasting::NodeAccounts,
    /// Stopped after the runloop, so a commit made as it stops still reaches subscribers.
    front: Option<PubsubFront>,
    feed: Option<CommitFeed>,
    /// Keeps the channel surfpool's geyser runloop reads open (a closed one ends the runloop).
    _idle_geyser: Sender<GeyserEvent>,
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
        let (mut svm, events, geyser_events) = new_svm(&deployment, false_predicate)?;
        let node_accounts = lasting::NodeAccounts::of(&svm);
        let new_chain = matches!(genesis, Genesis::New { .. });
        genesis.lay(&mut svm, &node_accounts)?;
        ensure_free(rpc_port, "JSON-RPC", "--rpc-port")?;
        // The node serves --ws-port itself (see `pubsub`); surfpool's own WebSocket server,
        // which it cannot start without, gets a free loopback port, closed once it opens.
        let ws_listener = bind(ws_port, "WebSocket", "--ws-port")?;
        let surfpool_ws_port = bind(0, "WebSocket", "--ws-port")?
            .local_addr()
            .map_err(|error| NodeError::Start(error.to_string()))?
            .port();
        let slot = svm.get_latest_absolute_slot();
        let locker = SurfnetSvmLocker::new(svm);
        // The commit events feed the front; surfpool's geyser runloop (no plugin here) gets a
        // channel that never yields.
        let feed = CommitFeed::start(geyser_events, locker.clone())?;
        let surfpool_ports = RpcConfig {
            bind_host: "127.0.0.1".into(),
            bind_port: rpc_port,
            ws_port: surfpool_ws_port,
            ..RpcConfig::default()
        };
        let (commands, commands_rx) = crossbeam_channel::unbounded();
        let front = PubsubFront::start(
            ws_listener,
            &feed,
            SurfpoolParts {
                locker: locker.clone(),
                commands: &commands,
                ports: &surfpool_ports,
            },
            StartingChain {
                slot,
                new: new_chain,
            },
            pubsub,
        )?;
        let (idle_geyser, geyser_events) = crossbeam_channel::unbounded();
        let (runloop, ended) = spawn_runloop(
            locker.clone(),
            surfpool_ports,
            (commands.clone(), commands_rx),
            geyser_events,
        )?;

        wait_until_serving(&events, &ended, rpc_port, surfpool_ws_port)?;
        // The fronts run surfpool's methods in process: its own servers only let others past.
        surfpool_listeners::close(rpc_port, Server::JsonRpc)?;
        surfpool_listeners::close(surfpool_ws_port, Server::WebSocket)?;
        let rereads = feed.rereads();
        std::thread::Builder::new()
            .name("surfnet-events".into())
            .spawn(move || report_events(events, log_transactions, &rereads))
            .map_err(|error| NodeError::Start(error.to_string()))?;
        Ok(Self {
            locker,
            commands,
            runloop: Some(runloop),
            node_accounts,
            front: Some(front),
            feed: Some(feed),
            _idle_geyser: idle_geyser,
        })
    }

    pub fn locker(&self) -> SurfnetSvmLocker {
        self.locker.clone()
    }

    /// The accounts the node wrote itself before anything was loaded: never kept.
    pub fn node_accounts(&self) -> &lasting::NodeAccounts {
        &self.node_accounts
    }

    pub fn commands(&self) -> Sender<SimnetCommand> {
        self.commands.clone()
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
        let _ = self.commands.send(SimnetCommand::Terminate(None));
        if let Some(runloop) = self.runloop.take() {
            let _ = runloop.join();
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
    /// Sets the chain up as this genesis says, on `svm` that holds the programs and the
    /// accounts the node wrote itself (`node_accounts`, which a snapshot may not overwrite).
    fn lay(
        self,
        svm: &mut SurfnetSvm,
        node_accounts: &lasting::NodeAccounts,
    ) -> Result<(), NodeError> {
        match self {
            // Offline, surfpool keeps the clock where it is set here; block times count from it.
            Genesis::New { clock_start } => {
                let start_ms = u64::try_from(clock_start)
                    .ok()
                    .and_then(|seconds| seconds.checked_mul(1_000))
                    .ok_or_else(|| {
                        NodeError::Start(format!("clock start {clock_start} before 1970"))
                    })?;
                svm.updated_at = start_ms;
                svm.genesis_updated_at = start_ms;
                svm.reconstruct_sysvars();
            }
            Genesis::Restored {
                snapshot,
                clock,
                file,
            } => {
                node_accounts
                    .check(&snapshot.accounts)
                    .map_err(|reason| file.refused(reason))?;
                lasting::restore(svm, snapshot, clock)?;
            }
        }
        Ok(())
    }
}

/// The SVM with the programs registered and their program-data accounts as `deployment` says,
/// with the receivers of its events and of its geyser (commit) events.
fn new_svm(
    deployment: &Deployment,
    false_predicate: FalsePredicate,
) -> Result<(SurfnetSvm, Receiver<SimnetEvent>, Receiver<GeyserEvent>), NodeError> {
    let svm_config = SurfnetSvmConfig {
        slot_time: SLOT_TIME_MS,
        instruction_profiling_enabled: false,
        // The node's JSON-RPC front checks blockhashes, over a lifetime longer than the
        // 150 entries of the RecentBlockhashes sysvar that surfpool checks against.
        skip_blockhash_check: true,
        ..SurfnetSvmConfig::default()
    };
    let (mut svm, events, geyser_events) =
        SurfnetSvm::new(svm_config).map_err(|error| NodeError::Start(error.to_string()))?;
    register_programs(&mut svm.inner.svm, false_predicate);
    for (address, account) in deployment.program_data_accounts() {
        svm.set_account(&address, account)
            .map_err(|error| NodeError::Start(error.to_string()))?;
    }
    Ok((svm, events, geyser_events))
}

/// Surfpool's runloop on a thread of its own, offline and making blocks only when told, serving
/// `ports`; the receiver hears how it ended.
fn spawn_runloop(
    locker: SurfnetSvmLocker,
    ports: RpcConfig,
    (commands, commands_rx): (Sender<SimnetCommand>, Receiver<SimnetCommand>),
    geyser_events: Receiver<GeyserEvent>,
) -> Result<(JoinHandle<()>, RunloopEnded), NodeError> {
    let config = SurfpoolConfig {
        simnets: vec![SimnetConfig {
            offline_mode: true,
            remote_rpc_url: None,
            slot_time: SLOT_TIME_MS,
            block_production_mode: BlockProductionMode::Manual,
            instruction_profiling_enabled: false,
            ..SimnetConfig::default()
        }],
        rpc: ports,
        ..SurfpoolConfig::default()
    };
    let (ended_tx, ended) = mpsc::channel();
    let runloop = std::thread::Builder::new()
        .name("surfnet".into())
        .spawn(move || {
            let result = tokio::runtime::Builder::new_multi_thread()
                .enable_all()
                .build()
                .map_err(|error| error.to_string())
                .and_then(|runtime| {
                    runtime
                        .block_on(surfpool_core::runloops::start_local_surfnet_runloop(
                            locker,
                            config,
                            commands,
                            commands_rx,
                            geyser_events,
                        ))
                        .map_err(|error| error.to_string())
                });
            let _ = ended_tx.send(result);
        })
        .map_err(|error| NodeError::Start(error.to_string()))?;
    Ok((runloop, ended))
}

fn wait_until_serving(
    events: &Receiver<SimnetEvent>,
    ended: &RunloopEnded,
    rpc_port: u16,
    ws_port: u16,
) -> Result<(), NodeError> {
    let deadline = std::time::Instant::now() + STARTUP_DEADLINE;
    loop {
        if let Ok(result) = ended.try_recv() {
            let reason = result.err().unwrap_or_else(|| "the runloop stopped".into());
            return Err(port_error(&reason, rpc_port, ws_port).unwrap_or(NodeError::Start(reason)));
        }
        let remaining = deadline.saturating_duration_since(std::time::Instant::now());
        if remaining.is_zero() {
            return Err(NodeError::Start("no RPC server within a minute".into()));
        }
        match events.recv_timeout(remaining.min(Duration::from_millis(100))) {
            Ok(SimnetEvent::CoreStarted(_)) => return Ok(()),
            Ok(SimnetEvent::Aborted(reason)) => return Err(NodeError::Start(reason)),
            Ok(_) | Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => {
                return Err(NodeError::Start("the runloop stopped".into()));
            }
        }
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

/// surfpool reports a port taken in the meantime as text; name the flag that changes it.
fn port_error(reason: &str, rpc_port: u16, ws_port: u16) -> Option<NodeError> {
    if !reason.contains("already in use") {
        return None;
    }
    let (port, what, flag) = if reason.contains(&format!("port {ws_port} ")) {
        (ws_port, "WebSocket", "--ws-port")
    } else {
        (rpc_port, "JSON-RPC", "--rpc-port")
    };
    Some(NodeError::PortInUse { port, what, flag })
}

/// Local time of day, to the millisecond, in the transaction log.
const TIME_FORMAT: &str = "%H:%M:%S%.3f";

/// Surfpool's own errors and warnings go to stderr; processed and refused transactions go to
/// stdout when `log_transactions` is on; everything else it says is routine.
/// An account surfpool wrote outside a transaction (`SimnetEvent::AccountUpdate`: airdrops,
/// cheatcodes) is named to the commit feed, which sends no geyser event for it.
fn report_events(events: Receiver<SimnetEvent>, log_transactions: bool, rereads: &Rereads) {
    /// How surfpool 1.6.1 reports a transaction the preflight simulation refused.
    const SIMULATION_FAILED: &str = "Transaction simulation failed: ";
    let mut transactions = TransactionLog::default();
    for event in events {
        match event {
            SimnetEvent::TransactionProcessed(time, meta, error) if log_transactions => {
                let time = time.format(TIME_FORMAT).to_string();
                transactions.record(&time, &meta, error.as_ref());
            }
            SimnetEvent::ErrorLog(time, message) => match message.strip_prefix(SIMULATION_FAILED) {
                Some(error) if log_transactions => {
                    transactions.record_refusal(&time.format(TIME_FORMAT).to_string(), error);
                }
                _ => eprintln!("surfnet error: {}", escaped(&message)),
            },
            SimnetEvent::AccountUpdate(_, pubkey) => rereads.account_written(pubkey),
            SimnetEvent::WarnLog(_, message) => {
                eprintln!("surfnet warning: {}", escaped(&message))
            }
            SimnetEvent::Aborted(reason) => eprintln!("surfnet aborted: {}", escaped(&reason)),
            _ => {}
        }
    }
}
