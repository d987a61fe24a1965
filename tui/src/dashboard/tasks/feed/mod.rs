//! The dashboard's live data, sent as `Message::Chain` readings (the same whether pushed or read)
//! and `Message::Link` (how they arrive, for the node line).
//!
//! Where the node serves WebSocket, the feed subscribes (the markets, the wallet's positions, SOL
//! and test USDC, the slots: `PushClient::chain`), then reads the chain once to catch up, then
//! applies what the node pushes. While subscribed it makes no request but a heartbeat, a read of
//! the Clock every 30 s (which also keeps the clock right: nothing pushes it), and a read of the
//! Clock when the slots show a warp or the dashboard warped; a full reading only on `r`. The
//! wallet's own transactions are pushed like anyone's.
//!
//! When the socket closes the feed tries again after 1 s, then 2, 4, 8, 16 and every 30 s, each
//! time with `--url` resolved anew (a restarted localnet may listen elsewhere) and a full reading
//! after subscribing. A node whose WebSocket does not answer is read every second until the next
//! try; a node that answers nothing gets the red banner of a failed reading.

mod clock;
mod tracked;

use std::sync::Arc;
use std::time::Duration;

use fulltime_client::rpc::{ClientError, FulltimeClient, PushClient, Pushed};
use futures_util::stream::BoxStream;
use futures_util::{FutureExt, StreamExt};
use solana_keypair::Address as Pubkey;
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::time::{Instant, MissedTickBehavior, interval, sleep_until};

use self::tracked::{Applied, Tracked};
use super::read::{Addresses, elapsed_ms, read, read_with_clock, reason};
use crate::dashboard::chain::{Chain, Link, ReadFailure};
use crate::dashboard::message::Message;
use fulltime_desk::error::Error;
use fulltime_desk::session::Session;

/// Against a node without WebSocket: cheap enough for a local node and for devnet's public
/// endpoint.
const POLL_EVERY: Duration = Duration::from_secs(1);
/// While subscribed, the one periodic request.
const HEARTBEAT: Duration = Duration::from_secs(30);
const FIRST_RETRY: Duration = Duration::from_secs(1);
const LAST_RETRY: Duration = Duration::from_secs(30);

/// What the dashboard asks the feed to read now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// The whole chain (`r`; after a transaction when nothing is pushed).
    Full,
    /// The Clock, which a warp moved and no node pushes; a polled feed reads it all.
    Clock,
}

/// Starts the feed; a message on the returned sender asks for a reading now.
pub fn spawn_feed(
    session: Arc<Session>,
    wallet: Option<Pubkey>,
    messages: UnboundedSender<Message>,
) -> UnboundedSender<Reading> {
    let (refresh, requests) = unbounded_channel();
    let feed = Feed {
        session,
        wallet,
        messages,
        requests,
        addresses: Addresses::default(),
        link: None,
    };
    tokio::spawn(feed.run());
    refresh
}

/// The dashboard quit: the action channel or the refresh channel closed.
struct Quit;

/// How a subscribed spell ended.
enum Ended {
    /// The node refused the subscriptions: it is read instead, as one without WebSocket.
    Unsubscribed,
    /// The catch-up reading failed.
    Unread,
    /// It was live, then the socket closed or a reading failed.
    Dropped,
}

/// How a spell of polling ended.
enum Polled {
    /// Time to try the WebSocket again.
    Due,
    /// The node answers again after failing: try the WebSocket now.
    Back,
}

struct Feed {
    session: Arc<Session>,
    wallet: Option<Pubkey>,
    messages: UnboundedSender<Message>,
    requests: UnboundedReceiver<Reading>,
    addresses: Addresses,
    /// The link last reported.
    link: Option<Link>,
}

impl Feed {
    async fn run(mut self) {
        let _ = self.connect_forever().await;
    }

    async fn connect_forever(&mut self) -> Result<(), Quit> {
        let mut retry = FIRST_RETRY;
        loop {
            let client = match self.session.client().await {
                Ok(client) => client,
                Err(error) => {
                    // No env.json yet, say: localnet may be starting, so look again soon.
                    self.send(Message::Chain(Err(reason(&error))))?;
                    self.reconnect_in(POLL_EVERY).await?;
                    continue;
                }
            };
            let push = match &client.endpoint().ws_url {
                Some(url) => PushClient::connect(url).await.ok(),
                None => None,
            };
            let ended = match push {
                Some(push) => self.subscribed(&client, &push).await?,
                None => Ended::Unsubscribed,
            };
            match ended {
                Ended::Unsubscribed => {
                    if let Polled::Back = self.poll(client, next(&mut retry)).await? {
                        retry = FIRST_RETRY;
                    }
                }
                Ended::Unread => self.reconnect_in(next(&mut retry)).await?,
                Ended::Dropped => {
                    retry = FIRST_RETRY;
                    self.reconnect_in(next(&mut retry)).await?;
                }
            }
        }
    }

    /// Subscribes, catches up with one full reading, then applies what the node pushes until
    /// the socket closes or a reading fails.
    async fn subscribed(
        &mut self,
        client: &FulltimeClient,
        push: &PushClient,
    ) -> Result<Ended, Quit> {
        let Ok(mut pushed) = push.chain(client, self.wallet).await else {
            return Ok(Ended::Unsubscribed);
        };
        let (chain, clock) = match read_with_clock(client, self.wallet, &mut self.addresses).await {
            Ok(reading) => reading,
            Err(failure) => {
                self.send(Message::Chain(Err(failure)))?;
                return Ok(Ended::Unread);
            }
        };
        let mut tracked = Tracked::new(chain, clock, Instant::now().into_std());
        self.show(&mut tracked, true)?;
        self.set_link(Link::Live)?;
        let mut heartbeat = Instant::now() + HEARTBEAT;
        loop {
            let next_second = Instant::from_std(tracked.next_second(Instant::now().into_std()));
            tokio::select! {
                first = pushed.next() => {
                    let Some(first) = first else {
                        return Ok(Ended::Dropped);
                    };
                    let live = self
                        .apply_pushed(client, &mut pushed, &mut tracked, first, &mut heartbeat)
                        .await?;
                    if !live {
                        return Ok(Ended::Dropped);
                    }
                }
                () = sleep_until(heartbeat) => {
                    if !self.read_clock(client, &mut tracked).await? {
                        return Ok(Ended::Dropped);
                    }
                    heartbeat = Instant::now() + HEARTBEAT;
                    self.show(&mut tracked, true)?;
                }
                request = self.requests.recv() => {
                    let request = request.ok_or(Quit)?;
                    if !self.answer(client, request, &mut tracked).await? {
                        return Ok(Ended::Dropped);
                    }
                    heartbeat = Instant::now() + HEARTBEAT;
                    self.show(&mut tracked, true)?;
                }
                () = sleep_until(next_second) => self.show(&mut tracked, false)?,
            }
        }
    }

    /// Applies `first` and everything already pushed after it as one snapshot, the Clock read
    /// again when the slots show it moved; whether the spell goes on (not when the socket
    /// closed or the Clock's reading failed).
    async fn apply_pushed(
        &mut self,
        client: &FulltimeClient,
        pushed: &mut BoxStream<'_, Result<Pushed, ClientError>>,
        tracked: &mut Tracked,
        first: Result<Pushed, ClientError>,
        heartbeat: &mut Instant,
    ) -> Result<bool, Quit> {
        let mut applied = Applied::default();
        let mut failure = None;
        let mut more = Some(first);
        let mut closed = false;
        // Everything already pushed goes into one snapshot.
        while let Some(item) = more.take() {
            match item {
                Ok(change) => applied |= tracked.apply(change, &mut self.addresses),
                Err(error) => failure = Some(reason(&Error::Client(error))),
            }
            match pushed.next().now_or_never() {
                Some(Some(item)) => more = Some(item),
                Some(None) => closed = true,
                None => {}
            }
        }
        if applied.clock_moved {
            if !self.read_clock(client, tracked).await? {
                return Ok(false);
            }
            *heartbeat = Instant::now() + HEARTBEAT;
        }
        match failure {
            Some(failure) => self.send(Message::Chain(Err(failure)))?,
            None => self.show(tracked, applied.data)?,
        }
        Ok(!closed)
    }

    /// Reads what the dashboard asked for into `tracked`; whether it worked (a failure is
    /// reported, and the caller reconnects).
    async fn answer(
        &mut self,
        client: &FulltimeClient,
        request: Reading,
        tracked: &mut Tracked,
    ) -> Result<bool, Quit> {
        match request {
            Reading::Full => {
                match read_with_clock(client, self.wallet, &mut self.addresses).await {
                    Ok((chain, clock)) => {
                        tracked.replace(chain, clock, Instant::now().into_std());
                        Ok(true)
                    }
                    Err(failure) => {
                        self.send(Message::Chain(Err(failure)))?;
                        Ok(false)
                    }
                }
            }
            Reading::Clock => self.read_clock(client, tracked).await,
        }
    }

    /// Reads the Clock into `tracked`; whether it worked (a failure is reported, and the caller
    /// reconnects).
    async fn read_clock(
        &mut self,
        client: &FulltimeClient,
        tracked: &mut Tracked,
    ) -> Result<bool, Quit> {
        let started = std::time::Instant::now();
        match client.clock().await {
            Ok(clock) => {
                tracked.clock_read(clock, std::time::Instant::now(), elapsed_ms(started));
                Ok(true)
            }
            Err(error) => {
                self.send(Message::Chain(Err(reason(&Error::Client(error)))))?;
                Ok(false)
            }
        }
    }

    /// Reads the chain every second (and on request) for `spell`, the node having no WebSocket;
    /// after a failed reading the next one resolves `--url` again.
    async fn poll(&mut self, client: Arc<FulltimeClient>, spell: Duration) -> Result<Polled, Quit> {
        self.set_link(Link::Polling)?;
        let until = Instant::now() + spell;
        let mut client = Some(client);
        let mut failed = false;
        let mut ticks = interval(POLL_EVERY);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                _ = ticks.tick() => {}
                request = self.requests.recv() => {
                    request.ok_or(Quit)?;
                }
            }
            let reading = match client.take() {
                Some(connected) => self.read_keeping(connected).await,
                None => match self.session.client().await {
                    Ok(connected) => self.read_keeping(connected).await,
                    Err(error) => (None, Err(reason(&error))),
                },
            };
            match reading {
                (connected, Ok(chain)) => {
                    client = connected;
                    self.send(Message::Chain(Ok(chain)))?;
                    if failed {
                        return Ok(Polled::Back);
                    }
                }
                (_, Err(failure)) => {
                    failed = true;
                    self.send(Message::Chain(Err(failure)))?;
                }
            }
            if Instant::now() >= until {
                return Ok(Polled::Due);
            }
        }
    }

    /// One full reading; the client is kept only when it worked.
    async fn read_keeping(
        &mut self,
        client: Arc<FulltimeClient>,
    ) -> (Option<Arc<FulltimeClient>>, Result<Chain, ReadFailure>) {
        let reading = read(&client, self.wallet, &mut self.addresses).await;
        (reading.is_ok().then_some(client), reading)
    }

    /// Counts down to the next try in the node line; a request (`r`) tries at once.
    async fn reconnect_in(&mut self, wait: Duration) -> Result<(), Quit> {
        let until = Instant::now() + wait;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(());
            }
            let in_secs = left.as_secs() + u64::from(left.subsec_nanos() > 0);
            self.set_link(Link::Reconnecting { in_secs })?;
            // Until the countdown's next whole second.
            let tick = left - Duration::from_secs(in_secs - 1);
            tokio::select! {
                () = tokio::time::sleep(tick) => {}
                request = self.requests.recv() => {
                    request.ok_or(Quit)?;
                    return Ok(());
                }
            }
        }
    }

    fn show(&mut self, tracked: &mut Tracked, data: bool) -> Result<(), Quit> {
        match tracked.snapshot(Instant::now().into_std(), data) {
            Some(chain) => self.send(Message::Chain(Ok(chain))),
            None => Ok(()),
        }
    }

    fn set_link(&mut self, link: Link) -> Result<(), Quit> {
        if self.link == Some(link) {
            return Ok(());
        }
        self.link = Some(link);
        self.send(Message::Link(link))
    }

    fn send(&self, message: Message) -> Result<(), Quit> {
        self.messages.send(message).map_err(|_| Quit)
    }
}

/// The wait before the next try, doubling the one after it up to [`LAST_RETRY`].
fn next(retry: &mut Duration) -> Duration {
    let wait = *retry;
    *retry = (*retry * 2).min(LAST_RETRY);
    wait
}
