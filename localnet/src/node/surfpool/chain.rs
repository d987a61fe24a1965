//! A handle on the running chain: surfpool's SVM behind the runtime's lock, and the channel of
//! its runloop's commands. Cheap to clone; every part of the node that reads or changes the
//! chain holds one.

use crossbeam_channel::Sender;
use surfpool_core::surfnet::locker::SurfnetSvmLocker;
use surfpool_types::SimnetCommand;

use super::view::ChainView;
use super::writer::ChainWriter;

#[derive(Clone)]
pub struct Chain {
    pub(super) locker: SurfnetSvmLocker,
    pub(super) commands: Sender<SimnetCommand>,
}

impl Chain {
    /// Reads the chain under the runtime's read lock, waiting for it: from a thread of the
    /// node's own or a blocking task, never from an async task.
    pub fn read<R>(&self, read: impl FnOnce(&ChainView<'_>) -> R + Send + Sync) -> R {
        self.locker
            .with_svm_reader(|svm| read(&ChainView::new(svm)))
    }

    /// Reads the chain under the runtime's read lock, from an async task.
    pub async fn read_async<R>(&self, read: impl FnOnce(&ChainView<'_>) -> R) -> R {
        let svm = self.locker.0.read().await;
        read(&ChainView::new(&svm))
    }

    /// Changes the chain under the runtime's write lock, waiting for it: from a thread of the
    /// node's own or a blocking task, never from an async task.
    pub fn write<R: Send + 'static>(
        &self,
        write: impl FnOnce(&mut ChainWriter<'_>) -> R + Send + Sync,
    ) -> R {
        self.locker
            .with_svm_writer(|svm| write(&mut ChainWriter::new(svm)))
    }
}
