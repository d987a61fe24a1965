//! The terminal loop: set up the terminal (restored on exit and on panic), start the feed of the
//! chain and the log tail, then draw, wait for a key, a mouse wheel, a resize, a task's answer or a tick,
//! update, and start the effects `update` asks for.

use std::io::stdout;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use crossterm::event::{
    DisableMouseCapture, EnableMouseCapture, Event, EventStream, MouseEventKind,
};
use crossterm::execute;
use futures_util::StreamExt;
use ratatui::DefaultTerminal;
use solana_keypair::Keypair;
use solana_signer::Signer;
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};
use tokio::time::interval;

use super::app::App;
use super::draw::draw;
use super::keys::{self, Mode};
use super::message::{Command, Message};
use super::popups::failure::FailurePopup;
use super::proof_files;
use super::recording::RecorderSlot;
use super::session_view::SessionView;
use super::tasks::{Runner, TimelineSlot, spawn_feed, spawn_log_tail};
use super::update::update;
use super::wallets::{WalletChoice, book_wallets};
use crate::args::DashboardOptions;
use fulltime_client::cluster::Cluster;
use fulltime_client::keypair::{Wallet, WalletSource};
use fulltime_desk::error::Error;
use fulltime_desk::output::snapshot::chain_label;
use fulltime_desk::session::Session;
use fulltime_files::localnet_env::LocalnetEnv;

/// Which chain localnet serves, from its env.json, when the dashboard is on localnet.
fn local_chain(session: &Session) -> Option<String> {
    if *session.cluster() != Cluster::Localnet {
        return None;
    }
    let env = LocalnetEnv::load(session.state_dir()).ok()?;
    env.chain.as_ref().map(chain_label)
}

/// Spinner speed; nothing else depends on it.
const TICK: Duration = Duration::from_millis(250);

pub async fn run(session: Session, options: DashboardOptions) -> color_eyre::Result<()> {
    color_eyre::install()?;
    let state_dir = session.state_dir().to_path_buf();
    let session = Arc::new(session);
    let wallet = session.wallet().map(Arc::new);
    // Found once: `f` keeps asking the faucet the dashboard opened with.
    let faucet_url = session.faucet_url(options.faucet.url.as_deref());
    let view = session_view(&session, &wallet, &faucet_url, &state_dir);
    let mut app = App::new(view, proof_files::load(&options.proofs));
    // A key config that cannot be used is shown, and the default keys stay in force.
    match keys::in_force(options.keys.as_deref()) {
        Ok(keymap) => app.keys = keymap,
        Err(error) => app.popup = Some(Box::new(FailurePopup::new(keys::failure(error)))),
    }
    offer_wallets(&mut app, &session, &state_dir);
    let (messages, receiver) = unbounded_channel();
    let wallet = wallet.ok();
    spawn_log_tail(&state_dir, messages.clone());
    let feed = spawn_feed(
        Arc::clone(&session),
        wallet.as_ref().map(|wallet| wallet.pubkey()),
        messages.clone(),
    );
    let mut runner = Runner {
        session,
        wallet,
        faucet_url,
        history_depth: options.history_depth,
        messages,
        feed,
        timeline: TimelineSlot::default(),
        recording: RecorderSlot::default(),
    };

    // The mouse wheel scrolls the list; a panic must give the terminal its mouse back too.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        hook(info);
    }));
    let mut terminal = ratatui::init();
    let _ = execute!(stdout(), EnableMouseCapture);
    let result = event_loop(&mut terminal, app, receiver, &mut runner).await;
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
    result
}

/// What the dashboard shows of the session: the cluster, its URL and the wallet, or why not.
fn session_view(
    session: &Session,
    wallet: &Result<Arc<Keypair>, Error>,
    faucet_url: &str,
    state_dir: &Path,
) -> SessionView {
    SessionView {
        cluster: session.cluster().to_string(),
        rpc_url: session
            .endpoint()
            .map(|endpoint| endpoint.rpc_url)
            .map_err(|error| error.report().message),
        wallet: wallet
            .as_ref()
            .map(|wallet| wallet.pubkey().to_string())
            .map_err(|error| error.report().message),
        faucet_url: faucet_url.to_owned(),
        state_dir: state_dir.to_path_buf(),
        chain: local_chain(session),
    }
}

/// The wallets `W` offers: the one it started as (and acts as), then the book's.
fn offer_wallets(app: &mut App, session: &Session, state_dir: &Path) {
    if let Ok(started) = session.resolve_wallet() {
        let name = started_name(&started);
        app.wallets.push(WalletChoice {
            name: name.clone(),
            address: started.keypair.pubkey().to_string(),
            path: started.path,
        });
        app.acting = Some(name);
    }
    for choice in book_wallets(state_dir) {
        if app
            .wallets
            .iter()
            .all(|known| known.address != choice.address)
        {
            app.wallets.push(choice);
        }
    }
}

/// A wallet of the book keeps its name; another is named by where it came from.
fn started_name(started: &Wallet) -> String {
    match started.source {
        WalletSource::Book => started.path.file_stem().map_or_else(
            || "book wallet".to_owned(),
            |stem| stem.to_string_lossy().into_owned(),
        ),
        WalletSource::Explicit => "--keypair wallet".to_owned(),
        WalletSource::SolanaCli => "solana CLI wallet".to_owned(),
        WalletSource::Localnet => "localnet wallet".to_owned(),
    }
}

async fn event_loop(
    terminal: &mut DefaultTerminal,
    mut app: App,
    mut receiver: UnboundedReceiver<Message>,
    runner: &mut Runner,
) -> color_eyre::Result<()> {
    let mut events = EventStream::new();
    let mut ticks = interval(TICK);
    let mut stop = StopSignals::new()?;
    if let Ok(size) = terminal.size() {
        update(&mut app, Message::Resize(size.height));
    }
    while !app.quit {
        terminal.draw(|frame| draw(&app, frame))?;
        let message = tokio::select! {
            event = events.next() => match event {
                Some(Ok(event)) => action_of(&app, event),
                Some(Err(error)) => return Err(error.into()),
                // The terminal is gone.
                None => Some(Message::Command(Command::Quit)),
            },
            Some(message) = receiver.recv() => Some(message),
            _ = ticks.tick() => Some(Message::Tick),
            // `just dev`'s supervisor stops the dashboard with SIGTERM; quitting restores the
            // terminal, which dying of the signal would not.
            () = stop.recv() => Some(Message::Command(Command::Quit)),
        };
        if let Some(message) = message {
            for effect in update(&mut app, message) {
                runner.run(effect);
            }
        }
    }
    Ok(())
}

/// SIGTERM and SIGHUP, which end the dashboard like `q`.
struct StopSignals {
    #[cfg(unix)]
    terminate: tokio::signal::unix::Signal,
    #[cfg(unix)]
    hangup: tokio::signal::unix::Signal,
}

impl StopSignals {
    fn new() -> std::io::Result<Self> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            Ok(Self {
                terminate: signal(SignalKind::terminate())?,
                hangup: signal(SignalKind::hangup())?,
            })
        }
        #[cfg(not(unix))]
        Ok(Self {})
    }

    async fn recv(&mut self) {
        #[cfg(unix)]
        tokio::select! {
            _ = self.terminate.recv() => {}
            _ = self.hangup.recv() => {}
        }
        #[cfg(not(unix))]
        std::future::pending::<()>().await
    }
}

fn action_of(app: &App, event: Event) -> Option<Message> {
    match event {
        Event::Key(key) => app.keys.message_for(Mode::of(app), key),
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollDown => Some(Message::Scroll(1)),
            MouseEventKind::ScrollUp => Some(Message::Scroll(-1)),
            _ => None,
        },
        Event::Resize(_, height) => Some(Message::Resize(height)),
        _ => None,
    }
}
