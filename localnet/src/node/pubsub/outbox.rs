//! A connection's queue of frames to write, bounded by the bytes they take on the wire. Whoever
//! queues (the commit feed, the relay from surfpool, the connection's own replies) never waits:
//! a frame past the bound is dropped and the outbox marked overflowed, and the connection's
//! writer then cuts the client off (see `connection`). So a client that does not read can cost
//! the node at most the bound, and can never hold up the feed, nor surfpool behind it.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tokio::sync::{Notify, mpsc};

use super::frames::Frame;

/// The sending side: cloned for the registry, the relay and the connection itself.
#[derive(Clone)]
pub struct Outbox {
    frames: mpsc::UnboundedSender<Frame>,
    budget: Arc<Budget>,
}

/// The writing side, held by the connection's writer.
pub struct Outgoing {
    frames: mpsc::UnboundedReceiver<Frame>,
    budget: Arc<Budget>,
}

struct Budget {
    /// Bytes queued and not yet taken by the writer.
    queued: AtomicUsize,
    limit: usize,
    overflowed: AtomicBool,
    /// Wakes the writer once, when the outbox overflows.
    overflow: Notify,
}

/// An outbox holding at most `limit` bytes of frames.
pub fn outbox(limit: usize) -> (Outbox, Outgoing) {
    let (sender, receiver) = mpsc::unbounded_channel();
    let budget = Arc::new(Budget {
        queued: AtomicUsize::new(0),
        limit,
        overflowed: AtomicBool::new(false),
        overflow: Notify::new(),
    });
    (
        Outbox {
            frames: sender,
            budget: Arc::clone(&budget),
        },
        Outgoing {
            frames: receiver,
            budget,
        },
    )
}

impl Outbox {
    /// Queues `frame` without waiting; false when it is dropped: the writer is gone, or the
    /// outbox has overflowed (this frame would pass the bound, or an earlier one did).
    pub fn push(&self, frame: Frame) -> bool {
        let budget = &self.budget;
        if budget.overflowed.load(Ordering::Acquire) {
            return false;
        }
        let size = frame.wire_size();
        let before = budget.queued.fetch_add(size, Ordering::AcqRel);
        if before.saturating_add(size) > budget.limit {
            budget.queued.fetch_sub(size, Ordering::AcqRel);
            if !budget.overflowed.swap(true, Ordering::AcqRel) {
                budget.overflow.notify_one();
            }
            return false;
        }
        if self.frames.send(frame).is_err() {
            budget.queued.fetch_sub(size, Ordering::AcqRel);
            return false;
        }
        true
    }
}

/// What the writer is to do next.
pub enum Next {
    Write(Frame),
    /// The client let more than the bound pile up: cut it off.
    Overflowed,
    /// Every sender is gone.
    Closed,
}

impl Outgoing {
    /// The next frame, or the news that the outbox overflowed (first, whatever is queued).
    pub async fn next(&mut self) -> Next {
        if self.is_overflowed() {
            return Next::Overflowed;
        }
        tokio::select! {
            biased;
            () = self.budget.overflow.notified() => Next::Overflowed,
            frame = self.frames.recv() => match frame {
                Some(frame) => self.taken(frame),
                None => Next::Closed,
            },
        }
    }

    /// The next frame already queued, if any (and the outbox has not overflowed).
    pub fn try_next(&mut self) -> Option<Frame> {
        if self.is_overflowed() {
            return None;
        }
        let frame = self.frames.try_recv().ok()?;
        match self.taken(frame) {
            Next::Write(frame) => Some(frame),
            Next::Overflowed | Next::Closed => None,
        }
    }

    /// Resolves once the outbox overflows, for a writer waiting on a client that does not read.
    pub async fn overflowed(&self) {
        if !self.is_overflowed() {
            self.budget.overflow.notified().await;
        }
    }

    fn is_overflowed(&self) -> bool {
        self.budget.overflowed.load(Ordering::Acquire)
    }

    fn taken(&self, frame: Frame) -> Next {
        self.budget
            .queued
            .fetch_sub(frame.wire_size(), Ordering::AcqRel);
        Next::Write(frame)
    }
}

#[cfg(test)]
mod tests {
    use tokio_tungstenite::tungstenite::Message;

    use super::*;

    fn frame(bytes: usize) -> Frame {
        Frame::Message(Message::text("x".repeat(bytes)))
    }

    #[tokio::test]
    async fn frames_within_the_bound_are_written_in_order() {
        let (outbox, mut outgoing) = outbox(10);
        assert!(outbox.push(frame(4)));
        assert!(outbox.push(frame(6)));
        for size in [4, 6] {
            match outgoing.next().await {
                Next::Write(frame) => assert_eq!(frame.wire_size(), size),
                _ => panic!("no frame of {size}"),
            }
        }
        // Taken frames free their room.
        assert!(outbox.push(frame(10)));
    }

    #[tokio::test]
    async fn a_frame_past_the_bound_overflows_the_outbox_for_good() {
        let (outbox, mut outgoing) = outbox(10);
        assert!(outbox.push(frame(8)));
        assert!(!outbox.push(frame(3)));
        // Nothing more is taken, even what would fit.
        assert!(!outbox.push(frame(1)));
        assert!(matches!(outgoing.next().await, Next::Overflowed));
        assert!(outgoing.try_next().is_none());
        outgoing.overflowed().await;
    }

    #[tokio::test]
    async fn a_writer_waiting_hears_of_the_overflow() {
        let (outbox, outgoing) = outbox(10);
        let waiting = tokio::spawn(async move { outgoing.overflowed().await });
        tokio::task::yield_now().await;
        assert!(!outbox.push(frame(11)));
        waiting.await.expect("the writer hears");
    }

    #[tokio::test]
    async fn the_writer_gone_refuses_frames_and_senders_gone_close_it() {
        let (outbox, outgoing) = outbox(10);
        drop(outgoing);
        assert!(!outbox.push(frame(1)));
        let (outbox, mut outgoing) = super::outbox(10);
        drop(outbox);
        assert!(matches!(outgoing.next().await, Next::Closed));
    }
}
