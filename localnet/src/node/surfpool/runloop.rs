//! surfpool's runloop on a thread of its own: offline, making blocks only when the node closes
//! one (`BlockProductionMode::Manual`, [`super::Chain::close_block`]), with its own servers on
//! the ports it is given (closed by the node once they open: `listeners`).

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam_channel::{Receiver, RecvTimeoutError, Sender};
use surfpool_core::surfnet::GeyserEvent;
use surfpool_types::{
    BlockProductionMode, SimnetCommand, SimnetConfig, SimnetEvent, SurfpoolConfig,
};

use super::chain::Chain;
use super::events::RunloopEvents;
use super::ports::Ports;
use super::slot_time::SLOT_TIME_MS;
use crate::node::NodeError;

const STARTUP_DEADLINE: Duration = Duration::from_secs(60);

/// Hears how the runloop ended: its error, as text.
type RunloopEnded = mpsc::Receiver<Result<(), String>>;

/// The runloop of a chain, not started.
pub struct Runloop {
    chain: Chain,
    commands: Receiver<SimnetCommand>,
    events: Receiver<SimnetEvent>,
}

/// The runloop, serving until [`RunningRunloop::stop`].
pub struct RunningRunloop {
    chain: Chain,
    thread: JoinHandle<()>,
    /// Keeps the channel surfpool's geyser runloop reads open (a closed one ends the runloop);
    /// no plugin is loaded, so it never yields.
    _idle_geyser: Sender<GeyserEvent>,
}

impl Runloop {
    pub(super) fn new(
        chain: Chain,
        commands: Receiver<SimnetCommand>,
        events: Receiver<SimnetEvent>,
    ) -> Self {
        Self {
            chain,
            commands,
            events,
        }
    }

    /// Starts the runloop, its servers on `ports`, and waits until it serves; then what it
    /// says from there on. A port taken meanwhile is named by its flag.
    pub fn start(self, ports: Ports) -> Result<(RunningRunloop, RunloopEvents), NodeError> {
        let config = SurfpoolConfig {
            simnets: vec![SimnetConfig {
                offline_mode: true,
                remote_rpc_url: None,
                slot_time: SLOT_TIME_MS,
                block_production_mode: BlockProductionMode::Manual,
                instruction_profiling_enabled: false,
                ..SimnetConfig::default()
            }],
            rpc: ports.rpc_config(),
            ..SurfpoolConfig::default()
        };
        let (idle_geyser, geyser_events) = crossbeam_channel::unbounded();
        let (ended_tx, ended) = mpsc::channel();
        let locker = self.chain.locker.clone();
        let commands = (self.chain.commands.clone(), self.commands);
        let thread = std::thread::Builder::new()
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
                                commands.0,
                                commands.1,
                                geyser_events,
                            ))
                            .map_err(|error| error.to_string())
                    });
                let _ = ended_tx.send(result);
            })
            .map_err(|error| NodeError::Start(error.to_string()))?;
        wait_until_serving(&self.events, &ended, ports)?;
        let running = RunningRunloop {
            chain: self.chain,
            thread,
            _idle_geyser: idle_geyser,
        };
        Ok((running, RunloopEvents::new(self.events)))
    }
}

impl RunningRunloop {
    /// Stops the runloop and waits until it has.
    pub fn stop(self) {
        self.chain.stop_runloop();
        let _ = self.thread.join();
    }
}

fn wait_until_serving(
    events: &Receiver<SimnetEvent>,
    ended: &RunloopEnded,
    ports: Ports,
) -> Result<(), NodeError> {
    let deadline = Instant::now() + STARTUP_DEADLINE;
    loop {
        if let Ok(result) = ended.try_recv() {
            let reason = result.err().unwrap_or_else(|| "the runloop stopped".into());
            return Err(port_error(&reason, ports).unwrap_or(NodeError::Start(reason)));
        }
        let remaining = deadline.saturating_duration_since(Instant::now());
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

/// surfpool reports a port taken in the meantime as text; name the flag that changes it.
fn port_error(reason: &str, ports: Ports) -> Option<NodeError> {
    if !reason.contains("already in use") {
        return None;
    }
    let (port, what, flag) = if reason.contains(&format!("port {} ", ports.ws)) {
        (ports.ws, "WebSocket", "--ws-port")
    } else {
        (ports.rpc, "JSON-RPC", "--rpc-port")
    };
    Some(NodeError::PortInUse { port, what, flag })
}
