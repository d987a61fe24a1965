//! The one place the dashboard's state changes: `update(app, action)`, which returns the network
//! work to start (never doing it itself).

use fulltime_client::payable::Owed;
use fulltime_client::rpc::TransactionDetail;
use solana_signature::Signature;

use super::action::{Action, Command, Stage};
use super::app::{ACTIVITY_LIMIT, Activity, ActivityState, App, Grouping, Popup};
use super::chain::Link;
use super::effect::{Effect, Request};
use super::failure::FailureView;
use super::forms::{
    Confirm, CreateForm, DepositCheck, DepositForm, ListPicker, SettlePicker, WarpForm,
};
use super::history::PoolHistory;
use super::inspect::{Inspected, Inspector, LandedTransaction, account_labels};
use super::logs::{SIDEWAYS, view_height};
use super::position::owed_positions;
use super::remote::Remote;
use super::wallets::next_name;
use crate::actions::{self, CreateOrder, DepositOrder, PayoutOrder, Refusal, SettleOrder};
use crate::error::Error;
use crate::input::format_time;
use crate::output::receipt::payout::PayoutKind;

/// Rows moved by PgUp/PgDn.
const PAGE: i64 = 10;

/// Log lines moved by a notch of the mouse wheel.
const WHEEL_LINES: i64 = 3;

pub fn update(app: &mut App, action: Action) -> Vec<Effect> {
    let mut effects = apply(app, action);
    // A shown pool history follows the selection.
    if let (Some(history), Some(selected)) = (&app.history, app.selected)
        && history.market != selected
    {
        app.history = Some(PoolHistory::loading(selected));
        effects.push(Effect::LoadHistory(selected));
    }
    effects
}

fn apply(app: &mut App, action: Action) -> Vec<Effect> {
    match action {
        Action::Tick => {
            app.tick = app.tick.wrapping_add(1);
            Vec::new()
        }
        Action::Chain(Ok(chain)) => {
            if let Some(history) = &mut app.history
                && let Some(market) = chain.market(history.market)
            {
                history.follow(market, 0, chain.now);
            }
            app.chain = Remote::Loaded(chain);
            app.node_down = None;
            relist(app);
            Vec::new()
        }
        Action::Switched(Ok(choice)) => {
            // Until the new wallet's first reading, the old one's money and positions go.
            if let Remote::Loaded(chain) = &mut app.chain {
                chain.positions.clear();
                chain.balances = None;
            }
            app.session.wallet = Ok(choice.address.clone());
            app.notice = Some(format!("Acting as {}", choice.name));
            app.acting = Some(choice.name);
            relist(app);
            Vec::new()
        }
        Action::Switched(Err(reason)) => {
            app.notice = Some(reason);
            Vec::new()
        }
        Action::WalletMade(choice) => {
            if !app.wallets.iter().any(|wallet| wallet.name == choice.name) {
                app.wallets.push(choice);
            }
            Vec::new()
        }
        Action::History { market, history } => {
            if let Some(shown) = &mut app.history
                && shown.market == market
            {
                shown.reading = match history {
                    Ok(history) => Remote::Loaded(history),
                    Err(reason) => Remote::Failed(reason),
                };
            }
            Vec::new()
        }
        Action::Inspected { signature, detail } => {
            inspected(app, signature, detail);
            Vec::new()
        }
        Action::Chain(Err(failure)) => {
            // Older data stays on screen under a banner; the next good reading clears it.
            if app.chain.loaded().is_some() {
                app.node_down = Some(failure);
            } else {
                app.chain = Remote::Failed(failure.reason);
            }
            Vec::new()
        }
        Action::Link(link) => {
            app.link = link;
            Vec::new()
        }
        Action::Stage(stage) => {
            if let Some(activity) = app.activity.first_mut() {
                activity.state = ActivityState::Running(stage);
            }
            Vec::new()
        }
        Action::Finished(result) => finish(app, result),
        Action::Scroll(rows) => {
            if logs_shown(app) {
                scroll_logs(app, i64::from(rows) * WHEEL_LINES);
            } else if app.popup.is_none() {
                move_selection(app, i64::from(rows));
            }
            Vec::new()
        }
        Action::Resize(height) => {
            app.height = height;
            Vec::new()
        }
        Action::Log(source, read) => {
            app.logs.file_mut(source).apply(read);
            Vec::new()
        }
        Action::Type(c) => {
            type_char(app, c);
            Vec::new()
        }
        Action::Command(command) => command_of(app, command),
    }
}

fn command_of(app: &mut App, command: Command) -> Vec<Effect> {
    app.notice = None;
    match command {
        Command::Quit => app.quit = true,
        Command::Back => back(app),
        Command::Help => {
            app.help_scroll = 0;
            app.popup = match app.popup {
                Some(Popup::Help) => None,
                _ => Some(Popup::Help),
            };
        }
        Command::Up => move_by(app, -1),
        Command::Down => move_by(app, 1),
        Command::PageUp => page(app, -1),
        Command::PageDown => page(app, 1),
        Command::Create => open_create(app, false),
        Command::CreateFromFixture => open_create(app, true),
        Command::NextField | Command::PreviousField => {
            if let Some(Popup::Create(form)) = &mut app.popup {
                form.move_focus(if command == Command::NextField { 1 } else { -1 });
            }
        }
        Command::Top => move_by(app, i64::MIN / 2),
        Command::Bottom => move_by(app, i64::MAX / 2),
        Command::Refresh => return vec![Effect::Refresh],
        Command::Filter => app.filtering = true,
        Command::ToggleMine => {
            app.mine_only = !app.mine_only;
            relist(app);
        }
        Command::CycleSort => {
            app.sort = app.sort.next();
            relist(app);
        }
        Command::ToggleGrouping => {
            app.grouping = match app.grouping {
                Grouping::Flat => Grouping::ByFixture,
                Grouping::ByFixture => Grouping::Flat,
            };
            relist(app);
        }
        Command::ToggleOdds => app.odds = app.odds.next(),
        Command::Faucet => return faucet(app),
        Command::Deposit => open_deposit(app),
        Command::Settle => open_settle(app),
        Command::Claim => open_withdrawal(app, PayoutKind::Claim),
        Command::ClaimAll => open_claim_all(app),
        Command::Activity => open_activity(app),
        Command::Wallets => {
            if app.wallets.is_empty() {
                app.notice = Some("No other wallet: + makes one in the wallet book".to_owned());
            } else {
                app.popup = Some(Popup::Wallets(ListPicker::default()));
            }
        }
        Command::NewWallet => {
            if app.busy() {
                app.notice =
                    Some("A transaction is still running; wait for it to finish".to_owned());
            } else {
                let name = next_name(&app.wallets);
                start(app, format!("New wallet {name}"));
                return vec![Effect::Send(Request::NewWallet { name })];
            }
        }
        Command::History => {
            if app.history.take().is_none()
                && let Some(selected) = app.selected
            {
                app.history = Some(PoolHistory::loading(selected));
                return vec![Effect::LoadHistory(selected)];
            }
        }
        Command::Copy => {
            if let Some(Popup::Inspect(inspector)) = &mut app.popup
                && let Some(signature) = inspector.signature()
            {
                inspector.copied = true;
                return vec![Effect::Copy(signature.to_string())];
            }
        }
        Command::Refund => open_withdrawal(app, PayoutKind::Refund),
        Command::Submit => return submit(app),
        Command::Switch => match &mut app.popup {
            Some(Popup::Deposit(form)) => form.toggle_side(),
            Some(Popup::Warp(form)) => form.next_target(),
            None if app.logs.open => app.logs.switch(),
            _ => {}
        },
        Command::Logs => {
            if app.popup.is_none() {
                app.logs.open = !app.logs.open;
            }
        }
        Command::Left | Command::Right => {
            if logs_shown(app) {
                let columns = i32::from(SIDEWAYS);
                let sign = if command == Command::Left { -1 } else { 1 };
                app.logs.shown_file_mut().shift_by(sign * columns);
            }
        }
        Command::Warp => {
            if let Some(problem) = wallet_problem(app) {
                app.notice = Some(problem);
            } else {
                let market = app.selected_market();
                let now = app.chain.loaded().map_or(0, |chain| chain.now);
                app.popup = Some(Popup::Warp(WarpForm::new(market, &app.fixtures, now)));
            }
        }
        Command::Erase => erase(app),
        Command::Snapshot => return snapshot(app),
    }
    Vec::new()
}

/// A snapshot of localnet's chain, named after the cluster clock it shows
/// (`dashboard-20260516-155200`), so that the file says where the chain was.
fn snapshot(app: &mut App) -> Vec<Effect> {
    if app.session.cluster != "localnet" {
        app.notice = Some("Snapshots are of localnet's chain (--url localnet)".to_owned());
        return Vec::new();
    }
    if app.busy() {
        app.notice = Some("A transaction is still running; wait for it to finish".to_owned());
        return Vec::new();
    }
    let Some(chain) = app.chain.loaded() else {
        return Vec::new();
    };
    let name = format!("dashboard-{}", snapshot_stamp(chain.now));
    start(app, format!("Snapshot {name}"));
    vec![Effect::Send(Request::Snapshot { name })]
}

/// `20260516-155200` for a unix time.
fn snapshot_stamp(unix_seconds: i64) -> String {
    crate::input::format_time(unix_seconds)
        .chars()
        .filter_map(|c| match c {
            'T' => Some('-'),
            c if c.is_ascii_digit() => Some(c),
            _ => None,
        })
        .collect()
}

fn back(app: &mut App) {
    if app.popup.take().is_some() {
        return;
    }
    if app.logs.open {
        app.logs.open = false;
        return;
    }
    app.filtering = false;
    app.filter.clear();
    relist(app);
}

fn type_char(app: &mut App, c: char) {
    match &mut app.popup {
        Some(Popup::Deposit(form)) => form.type_char(c),
        Some(Popup::Warp(form)) => form.type_char(c),
        Some(Popup::Create(form)) => form.type_char(c),
        None if app.filtering => {
            app.filter.push(c);
            relist(app);
        }
        _ => {}
    }
}

fn erase(app: &mut App) {
    match &mut app.popup {
        Some(Popup::Deposit(form)) => {
            form.amount.pop();
        }
        Some(Popup::Warp(form)) => {
            form.duration.pop();
        }
        Some(Popup::Create(form)) => form.erase(),
        None if app.filtering => {
            app.filter.pop();
            relist(app);
        }
        _ => {}
    }
}

/// PgUp/PgDn: a page of the list or picker; in the create form, the previous or next fixture.
fn page(app: &mut App, direction: i64) {
    if let Some(Popup::Create(form)) = &mut app.popup {
        let count = app.fixtures.len();
        if count == 0 {
            return;
        }
        let index = match (form.from_fixture, direction > 0) {
            (None, true) => 0,
            (None, false) => count - 1,
            (Some(index), true) => (index + 1) % count,
            (Some(index), false) => (index + count - 1) % count,
        };
        if let Some(fixture) = app.fixtures.get(index) {
            form.fill_from(index, fixture);
        }
        return;
    }
    if logs_shown(app) {
        // A page of the log is the view less one line, kept for context.
        let page = view_height(app.height).saturating_sub(1).max(1);
        scroll_logs(app, direction * i64::try_from(page).unwrap_or(PAGE));
        return;
    }
    move_by(app, direction * PAGE);
}

fn open_create(app: &mut App, from_fixture: bool) {
    if let Some(problem) = wallet_problem(app) {
        app.notice = Some(problem);
        return;
    }
    let mut form = CreateForm::blank();
    if from_fixture {
        match app.fixtures.first() {
            Some(fixture) => form.fill_from(0, fixture),
            None => {
                app.notice = Some("No proof fixtures found (pass --fixtures DIR)".to_owned());
                return;
            }
        }
    }
    app.popup = Some(Popup::Create(form));
}

fn submit_create(app: &mut App, form: &CreateForm) -> Vec<Effect> {
    let Some(chain) = app.chain.loaded() else {
        return Vec::new();
    };
    // Invalid terms stay in the form with the first fault shown; nothing is sent.
    let Ok(terms) = form.terms(chain.now) else {
        return Vec::new();
    };
    let now = chain.now;
    start(app, format!("Create market: {}", terms.question));
    let order = CreateOrder {
        terms,
        force: false,
    };
    vec![Effect::Send(Request::Create {
        order: Box::new(order),
        now,
    })]
}

fn move_by(app: &mut App, delta: i64) {
    let activities = app.activity.len();
    let wallets = app.wallets.len();
    if let Some(Popup::Settle(picker)) = &mut app.popup {
        picker.move_by(delta);
    } else if let Some(Popup::Activity(picker)) = &mut app.popup {
        picker.move_by(delta, activities);
    } else if let Some(Popup::Wallets(picker)) = &mut app.popup {
        picker.move_by(delta, wallets);
    } else if let Some(Popup::Inspect(inspector)) = &mut app.popup {
        inspector.scroll_by(delta);
    } else if let Some(Popup::Help) = app.popup {
        // The help draws no further than its last line, however far this goes.
        let scrolled = i64::from(app.help_scroll)
            .saturating_add(delta)
            .clamp(0, 200);
        app.help_scroll = u16::try_from(scrolled).unwrap_or(0);
    } else if logs_shown(app) {
        scroll_logs(app, delta);
    } else if app.popup.is_none() {
        move_selection(app, delta);
    }
}

/// Whether the log view takes the moving keys: it is up, with no popup over it.
fn logs_shown(app: &App) -> bool {
    app.logs.open && app.popup.is_none()
}

fn scroll_logs(app: &mut App, delta: i64) {
    let height = view_height(app.height);
    app.logs.shown_file_mut().scroll(delta, height);
}

fn move_selection(app: &mut App, delta: i64) {
    let ids = app.listed();
    let Some(last) = ids.len().checked_sub(1) else {
        app.selected = None;
        return;
    };
    let current = app
        .selected
        .and_then(|id| ids.iter().position(|&listed| listed == id))
        .unwrap_or(0);
    let target = i64::try_from(current)
        .unwrap_or(0)
        .saturating_add(delta)
        .clamp(0, i64::try_from(last).unwrap_or(0));
    app.selected = usize::try_from(target)
        .ok()
        .and_then(|index| ids.get(index))
        .copied();
}

/// Filters and sorts the list again after a change of the markets, the filter, the sort or
/// `mine_only`; keeps the selected market when it is still listed, else selects the first one.
fn relist(app: &mut App) {
    app.relist();
    let listed = app.listed();
    let still_listed = app.selected.is_some_and(|id| listed.contains(&id));
    if !still_listed {
        app.selected = listed.first().copied();
    }
}

/// Why a wallet action cannot start, if it cannot.
fn wallet_problem(app: &App) -> Option<String> {
    if let Err(why) = &app.session.wallet {
        return Some(format!("No wallet: {why}"));
    }
    app.busy()
        .then(|| "A transaction is still running; wait for it to finish".to_owned())
}

fn faucet(app: &mut App) -> Vec<Effect> {
    if let Some(problem) = wallet_problem(app) {
        app.notice = Some(problem);
        return Vec::new();
    }
    start(app, format!("Faucet request to {}", app.session.faucet_url));
    vec![Effect::Send(Request::Faucet)]
}

fn open_deposit(app: &mut App) {
    if let Some(problem) = wallet_problem(app) {
        app.notice = Some(problem);
        return;
    }
    match app.selected_market() {
        Some(market) => {
            let form = DepositForm::new(market.id, app.chain.loaded());
            app.popup = Some(Popup::Deposit(form));
        }
        None => app.notice = Some("Select a market first".to_owned()),
    }
}

fn open_settle(app: &mut App) {
    if let Some(problem) = wallet_problem(app) {
        app.notice = Some(problem);
        return;
    }
    let Some(market) = app.selected_market() else {
        app.notice = Some("Select a market first".to_owned());
        return;
    };
    if app.fixtures.is_empty() {
        app.notice = Some(
            "No proof fixtures found (run from the repository, or pass --fixtures DIR)".into(),
        );
        return;
    }
    let picker = SettlePicker::new(market, &app.fixtures);
    app.popup = Some(Popup::Settle(picker));
}

fn open_withdrawal(app: &mut App, kind: PayoutKind) {
    if let Some(problem) = wallet_problem(app) {
        app.notice = Some(problem);
        return;
    }
    let (Some(market), Some(chain)) = (app.selected_market(), app.chain.loaded()) else {
        app.notice = Some("Select a market first".to_owned());
        return;
    };
    if chain.position(market.id).is_none() {
        app.notice = Some(format!(
            "The wallet has no position in market {}",
            market.id
        ));
        return;
    }
    app.popup = Some(Popup::Confirm(Confirm {
        kind,
        market: market.id,
    }));
}

/// Opens the activity picker over the requests sent this session.
fn open_activity(app: &mut App) {
    if app.activity.is_empty() {
        app.notice = Some("Nothing sent yet: the activity panel is empty".to_owned());
        return;
    }
    app.popup = Some(Popup::Activity(ListPicker::default()));
}

/// Opens the inspector on activity `index`; a landed transaction is read back from the node.
fn inspect(app: &mut App, index: usize) -> Vec<Effect> {
    let Some(activity) = app.activity.get(index) else {
        return Vec::new();
    };
    let (inspected, effects) = match &activity.state {
        ActivityState::Running(_) => {
            app.notice = Some(format!("{} is still running", activity.what));
            return Vec::new();
        }
        ActivityState::Failed(failure) => (Inspected::Failure(failure.clone()), Vec::new()),
        ActivityState::Done(done) => match done.signature {
            Some(signature) => (
                Inspected::Transaction(Box::new(LandedTransaction {
                    done: done.clone(),
                    signature,
                    detail: Remote::Loading,
                })),
                vec![Effect::Inspect(signature)],
            ),
            None => (Inspected::Request(done.clone()), Vec::new()),
        },
    };
    app.popup = Some(Popup::Inspect(Box::new(Inspector {
        what: activity.what.clone(),
        inspected,
        scroll: 0,
        copied: false,
    })));
    effects
}

/// A transaction read back: shown, with its accounts labelled, if it is still the one open.
fn inspected(app: &mut App, read: Signature, detail: Result<TransactionDetail, String>) {
    let wallet = app
        .session
        .wallet
        .as_ref()
        .ok()
        .and_then(|wallet| wallet.parse().ok());
    let chain = app.chain.loaded();
    let Some(Popup::Inspect(inspector)) = &mut app.popup else {
        return;
    };
    if let Inspected::Transaction(landed) = &mut inspector.inspected
        && landed.signature == read
    {
        landed.detail = match detail {
            Ok(detail) => {
                let labels = account_labels(&detail.instructions, chain, wallet, &app.wallets);
                Remote::Loaded((detail, labels))
            }
            Err(reason) => Remote::Failed(reason),
        };
    }
}

/// Opens claim all's confirmation when something is payable; else says what waits.
fn open_claim_all(app: &mut App) {
    if let Some(problem) = wallet_problem(app) {
        app.notice = Some(problem);
        return;
    }
    let Some(chain) = app.chain.loaded() else {
        return;
    };
    let owed = owed_positions(chain);
    if owed.iter().any(|(_, owed)| owed.payable().is_some()) {
        app.popup = Some(Popup::ClaimAll);
        return;
    }
    let next = owed
        .iter()
        .filter_map(|(id, owed)| match owed {
            Owed::Waiting { until, .. } => Some((*until, *id)),
            _ => None,
        })
        .min();
    app.notice = Some(match next {
        Some((until, id)) => format!(
            "Nothing to claim or refund yet; next: market {id} at {}",
            format_time(until)
        ),
        None => "Nothing to claim or refund".to_owned(),
    });
}

fn submit(app: &mut App) -> Vec<Effect> {
    match app.popup.clone() {
        None if app.filtering => {
            app.filtering = false;
            Vec::new()
        }
        Some(Popup::Deposit(form)) => submit_deposit(app, &form),
        Some(Popup::Settle(picker)) => submit_settle(app, &picker),
        Some(Popup::Confirm(confirm)) => submit_withdrawal(app, confirm),
        Some(Popup::Activity(picker)) => inspect(app, picker.selected),
        Some(Popup::Wallets(picker)) => {
            app.popup = None;
            match app.wallets.get(picker.selected) {
                Some(choice) if app.acting.as_ref() != Some(&choice.name) => {
                    vec![Effect::SwitchWallet(choice.clone())]
                }
                _ => Vec::new(),
            }
        }
        Some(Popup::ClaimAll) => {
            start(app, "Claim all".to_owned());
            vec![Effect::Send(Request::ClaimAll)]
        }
        Some(Popup::Warp(form)) => submit_warp(app, &form),
        Some(Popup::Create(form)) => submit_create(app, &form),
        _ => Vec::new(),
    }
}

fn submit_deposit(app: &mut App, form: &DepositForm) -> Vec<Effect> {
    let Some(chain) = app.chain.loaded() else {
        return Vec::new();
    };
    // An invalid form stays open with its reason shown; nothing is sent.
    let DepositCheck::Ready { amount, .. } = form.check(chain) else {
        return Vec::new();
    };
    let Some(held) = chain.standing(form.market) else {
        return Vec::new();
    };
    let side = form.side;
    start(
        app,
        format!(
            "Deposit {} on {side}, market {}",
            fulltime_client::amount::format_usdc(amount),
            form.market
        ),
    );
    let order = DepositOrder {
        market: form.market,
        outcome: side.byte(),
        amount,
        force: false,
    };
    vec![Effect::Send(Request::Deposit {
        order,
        held: Box::new(held),
    })]
}

fn submit_settle(app: &mut App, picker: &SettlePicker) -> Vec<Effect> {
    let (Some(chain), Some(fixture)) = (app.chain.loaded(), picker.chosen(&app.fixtures)) else {
        return Vec::new();
    };
    let Some(held) = chain.standing(picker.market) else {
        return Vec::new();
    };
    if let Err(refusal) = actions::settle::check(fixture, &held.market, held.now) {
        refuse(app, "Settle", refusal);
        return Vec::new();
    }
    let order = SettleOrder {
        market: picker.market,
        fixture: Box::new(fixture.clone()),
        force: false,
    };
    start(
        app,
        format!(
            "Settle market {} with {}",
            picker.market, order.fixture.name
        ),
    );
    vec![Effect::Send(Request::Settle {
        order,
        held: Box::new(held),
    })]
}

fn submit_withdrawal(app: &mut App, confirm: Confirm) -> Vec<Effect> {
    let Some(chain) = app.chain.loaded() else {
        return Vec::new();
    };
    let Some(held) = chain.standing(confirm.market) else {
        return Vec::new();
    };
    if let Err(refusal) = actions::payout::check(confirm.kind, &held.market, held.now) {
        refuse(app, confirm.kind.verb(), refusal);
        return Vec::new();
    }
    start(
        app,
        format!("{} market {}", confirm.kind.verb(), confirm.market),
    );
    let order = PayoutOrder {
        kind: confirm.kind,
        market: confirm.market,
        force: false,
    };
    vec![Effect::Send(Request::Payout {
        order,
        held: Box::new(held),
    })]
}

fn submit_warp(app: &mut App, form: &WarpForm) -> Vec<Effect> {
    let Some(chain) = app.chain.loaded() else {
        return Vec::new();
    };
    let market = form.market.and_then(|id| chain.market(id));
    // An impossible target stays in the form with its reason; nothing is sent.
    let Ok(to) = form.time_of(form.target, market, chain.now) else {
        return Vec::new();
    };
    start(app, format!("Warp to {}", crate::input::format_time(to)));
    vec![Effect::Send(Request::Warp { to })]
}

/// An action's refusal: in the popup, in the command line's words, and nothing sent.
fn refuse(app: &mut App, doing: &str, refusal: Refusal) {
    let error = Error::from(refusal);
    app.popup = Some(Popup::Failure(FailureView::new(doing, &error)));
}

fn start(app: &mut App, what: String) {
    app.activity.insert(
        0,
        Activity {
            what,
            state: ActivityState::Running(Stage::Checking),
        },
    );
    app.activity.truncate(ACTIVITY_LIMIT);
    app.popup = Some(Popup::Progress);
}

fn finish(app: &mut App, result: Result<super::action::Done, FailureView>) -> Vec<Effect> {
    let Some(activity) = app.activity.first_mut() else {
        return Vec::new();
    };
    match result {
        Ok(done) => {
            activity.state = ActivityState::Done(done);
            // Keep a popup the user opened meanwhile (e.g. help); else show the result.
            if app.popup.is_none() || matches!(app.popup, Some(Popup::Progress)) {
                app.popup = Some(Popup::Progress);
            }
        }
        Err(failure) => {
            activity.state = ActivityState::Failed(Box::new(failure.clone()));
            app.popup = Some(Popup::Failure(failure));
        }
    }
    // While the feed is live it pushes what changed (and the runner has it read the clock a
    // warp moved); else the chain is read whole now.
    if app.link == Link::Live {
        Vec::new()
    } else {
        vec![Effect::Refresh]
    }
}
