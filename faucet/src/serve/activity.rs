//! Whether a connection is idle: none of its requests is being handled, and it has sent nothing
//! for a while. hyper has no such limit of its own for HTTP/1.

use std::{
    io,
    pin::Pin,
    sync::{
        Arc,
        atomic::{AtomicU64, AtomicUsize, Ordering},
    },
    task::{Context, Poll},
    time::Duration,
};

use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    time::Instant,
};

/// What a connection did last, shared by its stream, its requests and its watchdog.
pub(super) struct Activity {
    opened: Instant,
    /// Milliseconds from `opened` to the last byte received or the last answer given.
    last_millis: AtomicU64,
    in_flight: AtomicUsize,
}

impl Activity {
    pub(super) fn new() -> Arc<Self> {
        Arc::new(Self {
            opened: Instant::now(),
            last_millis: AtomicU64::new(0),
            in_flight: AtomicUsize::new(0),
        })
    }

    fn touch(&self) {
        let millis = u64::try_from(self.opened.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_millis.fetch_max(millis, Ordering::SeqCst);
    }

    fn last(&self) -> Instant {
        self.opened + Duration::from_millis(self.last_millis.load(Ordering::SeqCst))
    }

    /// Marks a request as being handled until the guard is dropped.
    pub(super) fn request_started(self: &Arc<Self>) -> InFlight {
        self.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight(Arc::clone(self))
    }

    /// Completes once no request has been handled and nothing received for `limit`. A request
    /// may take longer than `limit` (a mint does): its connection is then idle from its answer.
    pub(super) async fn idle_for(&self, limit: Duration) {
        loop {
            let now = Instant::now();
            let busy = self.in_flight.load(Ordering::SeqCst) > 0;
            let quiet_until = self.last() + limit;
            if !busy && quiet_until <= now {
                return;
            }
            // A request that ends touches the activity, so looking again after `limit` is
            // early enough.
            tokio::time::sleep_until(if busy { now + limit } else { quiet_until }).await;
        }
    }
}

/// A request being handled; the connection is not idle while one lives.
pub(super) struct InFlight(Arc<Activity>);

impl Drop for InFlight {
    fn drop(&mut self) {
        // Touched first, so that the watchdog never sees the request gone with an old time.
        self.0.touch();
        self.0.in_flight.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A stream that tells its [`Activity`] of every byte received.
pub(super) struct WatchedStream<S> {
    stream: S,
    activity: Arc<Activity>,
}

impl<S> WatchedStream<S> {
    pub(super) fn new(stream: S, activity: Arc<Activity>) -> Self {
        Self { stream, activity }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WatchedStream<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.activity.touch();
        }
        polled
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WatchedStream<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIMIT: Duration = Duration::from_secs(5);

    /// Whether `idle_for(LIMIT)` completes within `wait`.
    async fn idle_within(activity: &Activity, wait: Duration) -> bool {
        tokio::time::timeout(wait, activity.idle_for(LIMIT))
            .await
            .is_ok()
    }

    #[tokio::test(start_paused = true)]
    async fn a_silent_connection_is_idle_after_the_limit() {
        let activity = Activity::new();
        assert!(!idle_within(&activity, LIMIT - Duration::from_millis(10)).await);
        assert!(idle_within(&activity, Duration::from_millis(20)).await);
    }

    #[tokio::test(start_paused = true)]
    async fn a_byte_received_starts_the_limit_again() {
        let activity = Activity::new();
        tokio::time::advance(Duration::from_secs(4)).await;
        activity.touch();
        assert!(!idle_within(&activity, Duration::from_secs(4)).await);
        assert!(idle_within(&activity, Duration::from_secs(2)).await);
    }

    #[tokio::test(start_paused = true)]
    async fn a_request_longer_than_the_limit_is_not_idle_and_its_answer_starts_the_limit() {
        let activity = Activity::new();
        let request = activity.request_started();
        assert!(!idle_within(&activity, LIMIT * 3).await);
        drop(request);
        assert!(!idle_within(&activity, LIMIT - Duration::from_millis(10)).await);
        assert!(idle_within(&activity, Duration::from_millis(20)).await);
    }
}
