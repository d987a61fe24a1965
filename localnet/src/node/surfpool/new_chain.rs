//! A chain before it serves: surfpool's SVM, offline, with both programs registered as native
//! builtins, instruction profiling off (it re-runs every transaction and means nothing for
//! native programs) and surfpool's own blockhash check off (the node's front checks blockhashes,
//! `blocks::lifetime`). It is set up without a lock, then served ([`NewChain::into_chain`]).

use crossbeam_channel::Receiver;
use surfpool_core::surfnet::GeyserEvent;
use surfpool_core::surfnet::locker::SurfnetSvmLocker;
use surfpool_core::surfnet::svm::{SurfnetSvm, SurfnetSvmConfig};
use surfpool_types::SimnetEvent;

use super::chain::Chain;
use super::commits::CommitEvents;
use super::runloop::Runloop;
use super::slot_time::SLOT_TIME_MS;
use super::view::ChainView;
use super::writer::ChainWriter;
use crate::native::{Deployment, FalsePredicate, register_programs};
use crate::node::NodeError;

pub struct NewChain {
    svm: SurfnetSvm,
    events: Receiver<SimnetEvent>,
    geyser: Receiver<GeyserEvent>,
}

impl NewChain {
    /// The chain with the programs registered (`false_predicate` says what the mock oracle does
    /// with a predicate that does not hold) and their program-data accounts as `deployment`
    /// says.
    pub fn new(
        deployment: &Deployment,
        false_predicate: FalsePredicate,
    ) -> Result<Self, NodeError> {
        let svm_config = SurfnetSvmConfig {
            slot_time: SLOT_TIME_MS,
            instruction_profiling_enabled: false,
            // The node's JSON-RPC front checks blockhashes, over a lifetime longer than the
            // 150 entries of the RecentBlockhashes sysvar that surfpool checks against.
            skip_blockhash_check: true,
            ..SurfnetSvmConfig::default()
        };
        let (mut svm, events, geyser) =
            SurfnetSvm::new(svm_config).map_err(|error| NodeError::Start(error.to_string()))?;
        register_programs(&mut svm.inner.svm, false_predicate);
        let mut chain = Self {
            svm,
            events,
            geyser,
        };
        for (address, account) in deployment.program_data_accounts() {
            chain
                .writer()
                .set_account(&address, account)
                .map_err(NodeError::Start)?;
        }
        Ok(chain)
    }

    pub fn view(&self) -> ChainView<'_> {
        ChainView::new(&self.svm)
    }

    pub fn writer(&mut self) -> ChainWriter<'_> {
        ChainWriter::new(&mut self.svm)
    }

    /// The chain behind the runtime's lock; what it commits, to be drained from now on (before
    /// the runloop starts, so that nothing committed is missed); and its runloop, not started.
    pub fn into_chain(self) -> (Chain, CommitEvents, Runloop) {
        let (commands, commands_rx) = crossbeam_channel::unbounded();
        let chain = Chain {
            locker: SurfnetSvmLocker::new(self.svm),
            commands,
        };
        let runloop = Runloop::new(chain.clone(), commands_rx, self.events);
        (chain, CommitEvents::new(self.geyser), runloop)
    }
}
