//! The router: the one place the dashboard's state changes. `update(app, action)` keeps what
//! every component reads (the chain, the link, the requests, the wallet acted as) from the
//! tasks' answers, hands keys and typed text to the focused component (the popup, else the log
//! view, else the market list), opens the popup a key of the list asks for, carries out what the
//! components ask, and returns the network work to start (never doing it itself).

use super::activity::{self, ActivityState};
use super::app::App;
use super::chain::Link;
use super::component::{Ask, still_running};
use super::effect::Effect;
use super::failure::FailureView;
use super::keys::Mode;
use super::message::{Command, Done, Message};
use super::panes::history;
use super::popups::failure::FailurePopup;
use super::popups::help::Help;
use super::popups::progress::Progress;
use super::popups::{
    activity as activity_picker, claim_all, confirm, create, deposit, drop_branch, settle,
    timelines, wallets, warp,
};
use super::recording;
use super::remote::Remote;
use super::requests;
use fulltime_desk::output::receipt::payout::PayoutKind;

pub fn update(app: &mut App, message: Message) -> Vec<Effect> {
    let asks = route(app, message);
    let mut effects = carry_out(app, asks);
    effects.extend(history::follow_selection(
        &mut app.history,
        app.list.selected,
    ));
    effects
}

/// An answer of a task changes what the components read; a key goes to the focused component.
fn route(app: &mut App, message: Message) -> Vec<Ask> {
    match message {
        Message::Tick => app.tick = app.tick.wrapping_add(1),
        Message::Resize(height) => app.height = height,
        Message::Link(link) => app.link = link,
        Message::Chain(Ok(chain)) => {
            history::follow_chain(&mut app.history, &chain);
            app.chain = Remote::Loaded(chain);
            app.node_down = None;
            app.list.relist(app.chain.loaded());
        }
        Message::Chain(Err(failure)) => {
            // Older data stays on screen under a banner; the next good reading clears it.
            if app.chain.loaded().is_some() {
                app.node_down = Some(failure);
            } else {
                app.chain = Remote::Failed(failure.reason);
            }
        }
        Message::Switched(Ok(choice)) => {
            // Until the new wallet's first reading, the old one's money and positions go.
            if let Remote::Loaded(chain) = &mut app.chain {
                chain.positions.clear();
                chain.balances = None;
            }
            app.session.wallet = Ok(choice.address.clone());
            app.notice = Some(format!("Acting as {}", choice.name));
            app.acting = Some(choice.name);
            app.list.relist(app.chain.loaded());
        }
        Message::Switched(Err(reason)) => app.notice = Some(reason),
        Message::WalletMade(choice) => {
            if !app.wallets.iter().any(|wallet| wallet.name == choice.name) {
                app.wallets.push(choice);
            }
        }
        Message::History { market, history } => history::answer(&mut app.history, market, history),
        Message::Timeline(news) => app.timeline.apply(news),
        Message::Log(source, read) => app.logs.file_mut(source).apply(read),
        Message::Stage(stage) => {
            if let Some(activity) = app.activity.first_mut() {
                activity.state = ActivityState::Running(stage);
            }
        }
        Message::Finished(result) => return finish(app, result),
        Message::Recording(news) => {
            if let Some(forward) = recording::answer(app, news) {
                return to_focused(app, forward);
            }
        }
        Message::Command(command) => {
            app.notice = None;
            return command_of(app, command);
        }
        Message::Type(_)
        | Message::Scroll(_)
        | Message::Inspected { .. }
        | Message::Records { .. } => {
            return to_focused(app, message);
        }
    }
    Vec::new()
}

/// Quit, help and Esc over a popup are the app's own keys; the market list's keys that open
/// something are opened here, one line each; the rest are the focused component's.
fn command_of(app: &mut App, command: Command) -> Vec<Ask> {
    if command == Command::Quit {
        app.quit = true;
        return Vec::new();
    }
    if command == Command::Back && app.popup.is_some() {
        return vec![Ask::Close];
    }
    if command == Command::Help {
        return vec![if app.shows::<Help>() {
            Ask::Close
        } else {
            Ask::open(Help::default())
        }];
    }
    // A bundle of the moment, from the list or the timeline pane alike.
    if command == Command::Bundle {
        return requests::bundle(&app.context()).into_iter().collect();
    }
    if Mode::of(app) != Mode::List {
        return to_focused(app, Message::Command(command));
    }
    // `T`: the pane of the timeline set up, else the picker.
    if command == Command::Timeline && app.timeline.show() {
        return Vec::new();
    }
    if command == Command::Record {
        return vec![recording::key(app)];
    }
    let context = app.context();
    // The one gate of every key that sends in the wallet's name: it needs a wallet, and waits
    // for the request running.
    if sends_as_the_wallet(command)
        && let Some(problem) = context.wallet_problem()
    {
        return vec![Ask::Notice(problem)];
    }
    let opened = match command {
        Command::Deposit => Some(deposit::open(&context)),
        Command::Settle => return settle::open(&context),
        Command::Claim => Some(confirm::open(&context, PayoutKind::Claim)),
        Command::Refund => Some(confirm::open(&context, PayoutKind::Refund)),
        Command::ClaimAll => claim_all::open(&context),
        Command::Warp => Some(warp::open(&context)),
        Command::Create => Some(create::open(&context, false)),
        Command::CreateFromProof => Some(create::open(&context, true)),
        Command::Activity => Some(activity_picker::open(&context)),
        Command::Wallets => Some(wallets::open(&context)),
        Command::Faucet => Some(requests::faucet(&context)),
        Command::NewWallet => Some(requests::new_wallet(&context)),
        Command::Snapshot => requests::snapshot(&context),
        Command::Refresh => Some(Ask::Run(Effect::Refresh)),
        Command::History => history::toggle(&mut app.history, app.list.selected).map(Ask::Run),
        Command::Timeline => Some(timelines::open(&context)),
        Command::Logs => {
            app.logs.open = true;
            None
        }
        _ => return to_focused(app, Message::Command(command)),
    };
    opened.into_iter().collect()
}

/// The list's keys that send a transaction or a faucet request in the wallet's name.
fn sends_as_the_wallet(command: Command) -> bool {
    matches!(
        command,
        Command::Deposit
            | Command::Settle
            | Command::Claim
            | Command::Refund
            | Command::ClaimAll
            | Command::Warp
            | Command::Create
            | Command::CreateFromProof
            | Command::Faucet
    )
}

/// The popup, else the pane shown in the list's place.
fn to_focused(app: &mut App, message: Message) -> Vec<Ask> {
    if let Some(mut popup) = app.popup.take() {
        let asks = popup.update(&app.context(), message);
        app.popup = Some(popup);
        return asks;
    }
    // Stepping back over a branch of the timeline asks first.
    if let (true, Message::Command(Command::StepBack), Some(desk)) = (
        app.timeline.shown && !app.logs.open,
        &message,
        &app.timeline.desk,
    ) && let Some(ask) = drop_branch::open(desk)
    {
        return vec![ask];
    }
    app.with_shown_pane(|pane, context| pane.update(context, message))
}

/// What the components asked, in order; the work for the runner.
fn carry_out(app: &mut App, asks: Vec<Ask>) -> Vec<Effect> {
    let mut effects = Vec::new();
    for ask in asks {
        match ask {
            Ask::Close => app.popup = None,
            Ask::Open(popup) => app.popup = Some(popup),
            // The one gate of every request: one at a time.
            Ask::Send { .. } if app.busy() => app.notice = Some(still_running()),
            Ask::Send { what, request } => {
                activity::start(&mut app.activity, what);
                // The timeline pane says its own requests' progress on its status line.
                if !app.timeline.started(&request) {
                    app.popup = Some(Box::new(Progress));
                }
                app.sent = Some(request.clone());
                effects.push(Effect::Send(request));
            }
            Ask::Run(effect) => effects.push(effect),
            Ask::Notice(notice) => app.notice = Some(notice),
        }
    }
    effects
}

/// The newest request's end: its result in the activity panel and in a popup, or, for the
/// timeline pane's, on the pane's status line, so that no popup takes the next Space; a
/// failure opens the failure popup either way.
fn finish(app: &mut App, result: Result<Done, FailureView>) -> Vec<Ask> {
    let Some(activity) = app.activity.first_mut() else {
        return Vec::new();
    };
    let sent = app.sent.take();
    let failure = result.as_ref().err().cloned();
    activity.state = match result {
        Ok(done) => ActivityState::Done(done),
        Err(failure) => ActivityState::Failed(Box::new(failure)),
    };
    let timeline_request = sent
        .as_ref()
        .is_some_and(|request| app.timeline.ended(request, activity));
    if timeline_request {
        // The end is newer than a notice (say, a Space refused while the step ran), and the
        // pane's status line shows the newer.
        app.notice = None;
    }
    let mut asks = match failure {
        Some(failure) => vec![Ask::open(FailurePopup::new(failure))],
        None => {
            let mut asks: Vec<Ask> = result_popup(app, timeline_request).into_iter().collect();
            // Where a request done by hand lands (and the recorder's hook): a branch of the
            // timeline set up, if any, whose invariants are then read again.
            asks.extend(
                sent.and_then(|request| app.timeline.done_by_hand(&request))
                    .map(Ask::Run),
            );
            asks
        }
    };
    // While the feed is live it pushes what changed (and the runner has it read the clock a
    // warp moved); else the chain is read whole now.
    if app.link != Link::Live {
        asks.push(Ask::Run(Effect::Refresh));
    }
    asks
}

/// What a request's success does to the popups: the timeline pane's opens none (its status
/// line says it; the progress popup of setting one up, before the pane shows, goes); any other
/// shows its result, unless the user opened another popup meanwhile (e.g. help).
fn result_popup(app: &App, timeline_request: bool) -> Option<Ask> {
    if timeline_request {
        return app.shows::<Progress>().then_some(Ask::Close);
    }
    (app.popup.is_none() || app.shows::<Progress>()).then(|| Ask::open(Progress))
}
