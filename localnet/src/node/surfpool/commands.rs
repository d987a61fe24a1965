//! What the node asks of surfpool's runloop: a warp of the clock, a block closed, a stop. Each
//! is queued behind what the runloop was asked before.

use surfpool_core::types::TimeTravelConfig;
use surfpool_types::{SerialVmMutationResult, SerialVmMutationTask, SimnetCommand};

use super::chain::Chain;

impl Chain {
    /// Moves the cluster clock to `unix_ms` with surfpool's own time travel (the slot follows,
    /// one per slot time); `Err` says why it did not (the runloop stopping, say).
    pub fn warp_to(&self, unix_ms: u64) -> Result<(), String> {
        self.locker
            .time_travel(
                None,
                self.commands.clone(),
                TimeTravelConfig::AbsoluteTimestamp(unix_ms),
            )
            .map(drop)
            .map_err(|error| error.to_string())
    }

    /// Closes the current block on the runloop, behind the transactions queued before it, and
    /// says whether transactions still await finalization; `None` once the runloop is gone.
    pub fn close_block(&self) -> Option<Result<bool, String>> {
        let (made_tx, made) = crossbeam_channel::bounded(1);
        let locker = self.locker.clone();
        let task = SerialVmMutationTask::new(move || {
            Box::pin(async move {
                let result = match locker.confirm_current_block(&None).await {
                    Ok(()) => {
                        let svm = locker.0.read().await;
                        Ok(!svm.transactions_queued_for_confirmation.is_empty()
                            || !svm.transactions_queued_for_finalization.is_empty())
                    }
                    Err(error) => Err(error.to_string()),
                };
                let _ = made_tx.send(result);
                SerialVmMutationResult::NoBlock
            })
        });
        self.commands
            .send(SimnetCommand::ProcessSerialVmMutation(task))
            .ok()?;
        made.recv().ok()
    }

    /// Tells the runloop to stop (a runloop already gone hears nothing).
    pub(super) fn stop_runloop(&self) {
        let _ = self.commands.send(SimnetCommand::Terminate(None));
    }
}
