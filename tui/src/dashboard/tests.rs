//! The dashboard without a terminal: `update` fed with actions and key events, and `draw`
//! rendered on ratatui's `TestBackend` and compared with insta snapshots, for every screen,
//! popup and form in its loading, empty, loaded and failing states.

use std::collections::BTreeMap;
use std::path::Path;

use anchor_lang::prelude::Pubkey;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use fulltime_client::errors::ProgramFailure;
use fulltime_client::faucet::FaucetError;
use fulltime_client::rpc::{
    Balances, ClientError, DepositHistory, PoolPoint, Pools, TransactionCount,
};
use fulltime_client::settlement::SettlementError;
use fulltime_client::settlement::state::{Market, SecondStat};
use fulltime_client::side::Side;
use fulltime_client::txline_interface::BinaryExpression;
use fulltime_client::validate::settlement_failure;
use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::action::{Action, Command, Done, Stage};
use super::app::{App, Grouping, ListRow, OddsDisplay, Popup, SessionView};
use super::chain::{Chain, Link, ReadFailure};
use super::draw::draw;
use super::effect::{Effect, Request};
use super::failure::FailureView;
use super::keys::{Mode, action_for};
use super::logs::{LogRead, LogSource};
use super::update::update;
use crate::error::Error;
use crate::output::market::tests::{
    FINAL_AT, HOSTILE_QUESTION, NOW, PROOF_TS, sample_market, sample_position, settled_market,
};
use crate::output::receipt::payout::PayoutKind;

const WALLET: &str = "Wa11etWa11etWa11etWa11etWa11etWa11etWa11et";

fn session() -> SessionView {
    SessionView {
        cluster: "localnet".into(),
        rpc_url: Ok("http://127.0.0.1:8899".into()),
        wallet: Ok(WALLET.into()),
        faucet_url: "http://127.0.0.1:8080".into(),
        state_dir: ".localnet".into(),
        chain: None,
    }
}

fn fixtures() -> Vec<fulltime_client::fixture::ProofFixture> {
    super::fixtures::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../fixtures/generated"))
}

fn market(id: u64, question: &str, edit: impl FnOnce(&mut Market)) -> Market {
    let mut market = sample_market();
    market.id = id;
    market.question = question.into();
    edit(&mut market);
    market
}

/// One market in each state, at cluster time `FINAL_AT - 42`.
fn markets() -> Vec<Market> {
    vec![
        market(
            0,
            "Will Arsenal score more than 1 goal against Chelsea?",
            |market| {
                market.close_time = FINAL_AT + 600;
            },
        ),
        market(
            1,
            "Will Chelsea score more than 1 goal at Arsenal?",
            |market| {
                market.total_yes = 0;
                market.total_no = 0;
            },
        ),
        {
            let mut market = settled_market(Side::Yes);
            market.id = 2;
            market.question = "Will Manchester City win fewer than 6 corners at Liverpool?".into();
            market.stat_key = 4;
            market
        },
        {
            let mut market = settled_market(Side::No);
            market.id = 3;
            market.dispute_ends_at = NOW;
            market.question = "Will Newcastle score exactly 2 at home?".into();
            market
        },
        {
            let mut market = settled_market(Side::No);
            market.id = 4;
            market.dispute_ends_at = NOW;
            market.total_no = 0;
            market.question = "Will Fulham keep a clean sheet away?".into();
            market
        },
    ]
}

fn chain() -> Chain {
    let markets = markets();
    let mut positions = BTreeMap::new();
    for id in [0, 2, 3] {
        let mut position = sample_position(&markets[usize::try_from(id).expect("id")]);
        position.amount = 2_500_000;
        positions.insert(id, position);
    }
    Chain {
        now: FINAL_AT - 42,
        markets,
        positions,
        balances: Some(Balances {
            lamports: 2_500_000_000,
            usdc: Some(997_500_000),
        }),
        round_trip_ms: 3,
    }
}

fn refused() -> ReadFailure {
    ReadFailure {
        unreachable: true,
        reason: "RpcError: RPC request to http://127.0.0.1:8899 failed: connection refused".into(),
    }
}

/// A dashboard whose feed is subscribed, as it is against `localnet`.
fn live(fixtures: Vec<fulltime_client::fixture::ProofFixture>) -> App {
    let mut app = App::new(session(), fixtures);
    update(&mut app, Action::Link(Link::Live));
    app
}

fn loaded() -> App {
    let mut app = live(fixtures());
    update(&mut app, Action::Chain(Ok(chain())));
    app
}

fn render(app: &App, width: u16, height: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal.draw(|frame| draw(app, frame)).expect("draw");
    terminal.backend().to_string()
}

fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

/// Presses `codes` in turn, as the runner does; returns the effects of the last one.
fn press(app: &mut App, codes: &[KeyCode]) -> Vec<Effect> {
    let mut effects = Vec::new();
    for &code in codes {
        effects = match app.keys.action_for(Mode::of(app), key(code)) {
            Some(action) => update(app, action),
            None => Vec::new(),
        };
    }
    effects
}

fn typed(app: &mut App, text: &str) {
    let codes: Vec<KeyCode> = text.chars().map(KeyCode::Char).collect();
    press(app, &codes);
}

#[test]
fn loading_then_loaded() {
    let app = App::new(session(), Vec::new());
    assert_snapshot!("loading", render(&app, 80, 24));
    assert_snapshot!("loaded_80x24", render(&loaded(), 80, 24));
    assert_snapshot!("loaded_130x34", render(&loaded(), 130, 34));
}

#[test]
fn a_two_stat_market_names_both_stats() {
    let mut app = loaded();
    let mut chain = chain();
    chain.markets[0].second_stat = Some(SecondStat {
        stat_key: 2,
        op: BinaryExpression::Add,
    });
    update(&mut app, Action::Chain(Ok(chain)));
    assert_snapshot!("two_stats", render(&app, 100, 30));
}

#[test]
fn a_cluster_that_never_answered_shows_why() {
    let mut app = App::new(session(), Vec::new());
    update(&mut app, Action::Chain(Err(refused())));
    assert_snapshot!("never_reached", render(&app, 80, 24));
}

#[test]
fn no_markets_yet() {
    let mut app = live(Vec::new());
    let mut empty = chain();
    empty.markets.clear();
    empty.positions.clear();
    empty.balances = Some(Balances {
        lamports: 0,
        usdc: None,
    });
    update(&mut app, Action::Chain(Ok(empty)));
    assert_snapshot!("empty", render(&app, 80, 24));
}

#[test]
fn no_wallet_reads_only() {
    let mut app = App::new(
        SessionView {
            wallet: Err("no keypair file at /root/.config/solana/id.json".into()),
            ..session()
        },
        Vec::new(),
    );
    update(&mut app, Action::Link(Link::Live));
    let mut chain = chain();
    chain.positions.clear();
    chain.balances = None;
    update(&mut app, Action::Chain(Ok(chain)));
    assert!(press(&mut app, &[KeyCode::Char('f')]).is_empty());
    assert_snapshot!("no_wallet", render(&app, 80, 24));
}

#[test]
fn the_node_line_says_how_readings_arrive() {
    let node_line = |app: &App, width| {
        render(app, width, 24)
            .lines()
            .find_map(|line| {
                let (_, node) = line.split_once("Node    ")?;
                Some(node.trim_end_matches(['│', '"', ' ']).to_owned())
            })
            .expect("a node line")
    };
    let mut app = loaded();
    assert_eq!(node_line(&app, 80), "live, read in 3 ms");
    update(&mut app, Action::Link(Link::Reconnecting { in_secs: 2 }));
    assert_snapshot!("reconnecting", render(&app, 80, 24));
    update(&mut app, Action::Chain(Err(refused())));
    assert_eq!(node_line(&app, 80), "reconnecting in 2s");
    update(&mut app, Action::Link(Link::Polling));
    update(&mut app, Action::Chain(Ok(chain())));
    assert_snapshot!("polling", render(&app, 80, 24));
    let mut slow = chain();
    slow.round_trip_ms = 1_250;
    update(&mut app, Action::Chain(Ok(slow)));
    assert_eq!(
        node_line(&app, 80),
        "polling",
        "no room for the time at 80 columns"
    );
    assert_eq!(node_line(&app, 130), "polling, read in 1250 ms");
    update(&mut app, Action::Link(Link::Live));
    assert_eq!(node_line(&app, 80), "live, read in 1250 ms");
}

#[test]
fn the_node_going_away_shows_a_banner_and_keeps_the_data() {
    let mut app = loaded();
    update(&mut app, Action::Chain(Err(refused())));
    assert_snapshot!("node_down", render(&app, 80, 24));
    update(&mut app, Action::Chain(Ok(chain())));
    assert_eq!(app.node_down, None);
}

#[test]
fn moving_filtering_sorting_and_mine() {
    let mut app = loaded();
    assert_eq!(app.selected, Some(0));
    press(&mut app, &[KeyCode::Down, KeyCode::Down]);
    assert_eq!(app.selected, Some(2));
    assert_snapshot!("third_selected", render(&app, 80, 24));
    press(&mut app, &[KeyCode::Char('G')]);
    assert_eq!(app.selected, Some(4));
    press(&mut app, &[KeyCode::Up, KeyCode::Char('g')]);
    assert_eq!(app.selected, Some(0));
    update(&mut app, Action::Scroll(3));
    assert_eq!(app.selected, Some(3));

    press(&mut app, &[KeyCode::Char('/')]);
    typed(&mut app, "arsenal");
    assert_eq!(Mode::of(&app), Mode::Filter);
    assert_snapshot!("filtering", render(&app, 80, 24));
    // The selection follows the filter; Enter keeps it, Esc clears it.
    assert_eq!(app.selected, Some(0));
    press(&mut app, &[KeyCode::Enter]);
    assert_eq!((Mode::of(&app), app.listed().len()), (Mode::List, 2));
    press(&mut app, &[KeyCode::Esc]);
    assert_eq!(app.listed().len(), 5);

    press(&mut app, &[KeyCode::Char('/')]);
    typed(&mut app, "zzz");
    assert_snapshot!("filter_matches_nothing", render(&app, 80, 24));
    press(
        &mut app,
        &[KeyCode::Backspace, KeyCode::Backspace, KeyCode::Backspace],
    );
    press(&mut app, &[KeyCode::Esc]);

    press(&mut app, &[KeyCode::Char('m')]);
    assert_eq!(app.listed(), [0, 2, 3]);
    press(
        &mut app,
        &[KeyCode::Char('m'), KeyCode::Char('o'), KeyCode::Char('o')],
    );
    assert_eq!(app.listed(), [0, 2, 3, 4, 1]);
    assert_snapshot!("sorted_by_pool", render(&app, 80, 24));
}

#[test]
fn help_comes_from_the_key_table_and_esc_closes_it_before_q_quits() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('?')]);
    assert_snapshot!("help", render(&app, 100, 40));
    assert_snapshot!("help_80x24", render(&app, 80, 24));
    // Taller than 24 rows: the help scrolls to its last keys, and its title says so.
    let short = render(&app, 80, 24);
    assert!(
        short.contains("↑/↓ scroll") && !short.contains("Read the chain now"),
        "{short}"
    );
    press(&mut app, &[KeyCode::Char('G')]);
    let scrolled = render(&app, 80, 24);
    assert!(scrolled.contains("Read the chain now"), "{scrolled}");
    assert_snapshot!("help_80x24_scrolled", scrolled);
    assert!(!render(&app, 100, 40).contains("↑/↓ scroll"));
    press(&mut app, &[KeyCode::Esc]);
    assert!(app.popup.is_none() && !app.quit);
    press(&mut app, &[KeyCode::Char('q')]);
    assert!(app.quit);
    let mut app = loaded();
    let quit = action_for(
        Mode::of(&app),
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
    );
    update(&mut app, quit.expect("ctrl-c"));
    assert!(app.quit);
}

#[test]
fn only_key_presses_count() {
    let mut release = key(KeyCode::Char('q'));
    release.kind = KeyEventKind::Release;
    assert!(action_for(Mode::List, release).is_none());
}

#[test]
fn deposit_form_checks_as_it_is_typed() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('d')]);
    assert_eq!(Mode::of(&app), Mode::Deposit);
    assert_snapshot!("deposit_empty", render(&app, 80, 24));
    typed(&mut app, "0.05");
    assert_snapshot!("deposit_below_minimum", render(&app, 80, 24));
    typed(&mut app, "0000001");
    assert_snapshot!("deposit_too_many_decimals", render(&app, 80, 24));
    press(&mut app, &[KeyCode::Backspace; 11]);
    typed(&mut app, "5000");
    assert_snapshot!("deposit_over_balance", render(&app, 80, 24));
    press(&mut app, &[KeyCode::Backspace; 4]);
    typed(&mut app, "2.5");
    assert_snapshot!("deposit_ready", render(&app, 80, 24));
    press(&mut app, &[KeyCode::Tab]);
    assert_snapshot!("deposit_side_locked", render(&app, 80, 24));
    // Nothing is sent while the form is invalid.
    assert!(press(&mut app, &[KeyCode::Enter]).is_empty());
    press(&mut app, &[KeyCode::Tab]);
    let effects = press(&mut app, &[KeyCode::Enter]);
    // The order, with the market and the wallet as the feed holds them: nothing read again.
    match effects.as_slice() {
        [Effect::Send(Request::Deposit { order, held })] => {
            assert_eq!(
                (order.market, order.outcome, order.amount, order.force),
                (0, Side::Yes.byte(), 2_500_000, false)
            );
            assert_eq!(
                (held.usdc, held.now, held.market.total_yes),
                (Some(997_500_000), FINAL_AT - 42, 4_000_000)
            );
        }
        other => panic!("expected a deposit, got {other:?}"),
    }
    assert_snapshot!("deposit_checking", render(&app, 80, 24));
    for stage in Stage::SENDING {
        update(&mut app, Action::Stage(stage));
        assert_snapshot!(
            format!("deposit_stage_{}", stage.step()),
            render(&app, 80, 24)
        );
    }
    let effects = update(
        &mut app,
        Action::Finished(Ok(Done {
            signature: None,
            summary: "Deposited 2.5 USDC on YES in market 0; USDC 997.5 USDC -> 995 USDC".into(),
            short_signature: "5VER..kQUW".into(),
            explorer: "https://explorer.solana.com/tx/5VER?cluster=custom".into(),
        })),
    );
    // The feed is live: it pushes what the deposit changed, and nothing is read again.
    assert!(effects.is_empty(), "{effects:?}");
    assert_snapshot!("deposit_confirmed", render(&app, 80, 24));
    press(&mut app, &[KeyCode::Esc]);
    assert_snapshot!("activity_after_deposit", render(&app, 80, 24));
}

#[test]
fn a_closed_market_takes_no_deposit() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Down, KeyCode::Char('d')]);
    typed(&mut app, "1");
    assert_snapshot!("deposit_market_closed", render(&app, 80, 24));
}

#[test]
fn settling_offers_the_fitting_fixtures_first() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Down, KeyCode::Char('s')]);
    assert_eq!(Mode::of(&app), Mode::Picker);
    assert_snapshot!("settle_picker", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    match effects.as_slice() {
        [Effect::Send(Request::Settle { order, .. })] => {
            assert_eq!(order.market, 1);
            assert_eq!(order.fixture.name, "arsenal-home-goals-over-1");
        }
        other => panic!("expected a settle, got {other:?}"),
    }
    assert_snapshot!("settle_running", render(&app, 80, 24));
}

#[test]
fn settling_an_open_market_is_refused_before_sending() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('s')]);
    assert!(press(&mut app, &[KeyCode::Enter]).is_empty());
    assert_snapshot!("settle_refused", render(&app, 80, 24));
    press(&mut app, &[KeyCode::Esc]);
    assert!(app.popup.is_none());
}

#[test]
fn claim_and_refund_confirm_first() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Down, KeyCode::Down, KeyCode::Down]);
    assert_eq!(app.selected, Some(3));
    press(&mut app, &[KeyCode::Char('c')]);
    assert_snapshot!("confirm_claim", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Send(Request::Payout { order, .. })]
            if (order.kind, order.market) == (PayoutKind::Claim, 3)
    ));
    // While it runs, another transaction waits.
    update(&mut app, Action::Command(Command::Back));
    press(&mut app, &[KeyCode::Char('u')]);
    assert_snapshot!("busy", render(&app, 80, 24));

    let mut app = loaded();
    press(
        &mut app,
        &[KeyCode::Down, KeyCode::Down, KeyCode::Char('c')],
    );
    assert!(press(&mut app, &[KeyCode::Enter]).is_empty());
    assert_snapshot!("claim_refused_provisional", render(&app, 80, 24));

    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('G'), KeyCode::Char('u')]);
    assert_eq!(
        app.notice.as_deref(),
        Some("The wallet has no position in market 4")
    );
}

#[test]
fn failures_show_name_code_program_meaning_and_action() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('d')]);
    typed(&mut app, "1");
    press(&mut app, &[KeyCode::Enter]);
    let failure: ProgramFailure = settlement_failure(SettlementError::MarketClosed);
    let error = Error::from(ClientError::Program {
        failure: Box::new(failure),
        logs: Vec::new(),
    });
    update(
        &mut app,
        Action::Finished(Err(FailureView::new("Deposit", &error))),
    );
    assert_snapshot!("program_error", render(&app, 80, 24));

    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('f')]);
    let refused = Error::from(FaucetError::Refused {
        status: 429,
        error: "cooldown".into(),
        message: "this wallet asked 3 s ago; wait 27 s".into(),
        retry_after_secs: Some(27),
    });
    update(
        &mut app,
        Action::Finished(Err(FailureView::new("Faucet", &refused))),
    );
    assert_snapshot!("faucet_429", render(&app, 80, 24));
    for (status, name, message) in [
        (
            503,
            "minting_disabled",
            "this faucet has no mint authority configured",
        ),
        (500, "internal", "the mint transaction failed; try again"),
    ] {
        let mut app = loaded();
        press(&mut app, &[KeyCode::Char('f')]);
        let refused = Error::from(FaucetError::Refused {
            status,
            error: name.into(),
            message: message.into(),
            retry_after_secs: None,
        });
        update(
            &mut app,
            Action::Finished(Err(FailureView::new("Faucet", &refused))),
        );
        assert_snapshot!(format!("faucet_{status}"), render(&app, 80, 24));
    }
    press(&mut app, &[KeyCode::Esc]);
    assert_snapshot!("faucet_429_in_activity", render(&app, 80, 24));
}

#[test]
fn warping_to_the_close_time_the_dispute_end_or_by_a_duration() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('w')]);
    assert_eq!(Mode::of(&app), Mode::Warp);
    assert_snapshot!("warp_close_time", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    let close = FINAL_AT + 600;
    assert!(matches!(
        effects.as_slice(),
        [Effect::Send(Request::Warp { to })] if *to == close
    ));
    update(
        &mut app,
        Action::Finished(Ok(Done {
            signature: None,
            summary: "Cluster clock moved to 2026-05-16T16:20:00Z".into(),
            short_signature: String::new(),
            explorer: String::new(),
        })),
    );
    assert_snapshot!("warp_done", render(&app, 80, 24));

    // An unsettled market has no dispute end: Enter sends nothing.
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('w'), KeyCode::Tab]);
    assert!(press(&mut app, &[KeyCode::Enter]).is_empty());
    typed(&mut app, "2days");
    assert_snapshot!("warp_duration", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    let two_days = FINAL_AT - 42 + 2 * 86_400;
    assert!(matches!(
        effects.as_slice(),
        [Effect::Send(Request::Warp { to })] if *to == two_days
    ));
}

/// Market 1 closed at 15:10; Arsenal's result is published at 15:51:12; the clock reads 15:20.
fn before_the_result() -> App {
    let mut app = live(fixtures());
    let mut chain = chain();
    chain.now = NOW + 1_200;
    update(&mut app, Action::Chain(Ok(chain)));
    press(&mut app, &[KeyCode::Down]);
    app
}

#[test]
fn a_proof_from_the_future_is_refused_and_the_warp_goes_to_its_batch() {
    let mut app = before_the_result();
    press(&mut app, &[KeyCode::Char('s')]);
    assert_snapshot!("settle_picker_before_the_result", render(&app, 80, 24));
    assert!(
        press(&mut app, &[KeyCode::Enter]).is_empty(),
        "nothing sent"
    );
    assert_snapshot!("settle_refused_from_the_future", render(&app, 80, 24));

    let mut app = before_the_result();
    press(&mut app, &[KeyCode::Char('w')]);
    assert_snapshot!("warp_to_the_result", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(
        matches!(
            effects.as_slice(),
            [Effect::Send(Request::Warp { to })] if *to == PROOF_TS / 1_000
        ),
        "{effects:?}"
    );
}

/// "Brentford more than 1 first-half goal?", closed at kickoff, the clock at the full-time
/// batch: its fitting fixtures are the full-time proof with its mark, then the one in play.
fn first_half_market() -> App {
    let fixtures = fixtures();
    let full_time = fixtures
        .iter()
        .find(|fixture| fixture.name == "brentford-home-goals-first-half")
        .expect("the committed first-half fixture");
    let kickoff = full_time.kickoff.expect("a kickoff");
    let terms = full_time.market_terms(kickoff, 60);
    let now = full_time.proof.ts.div_euclid(1_000);
    let mut app = live(fixtures.clone());
    update(
        &mut app,
        Action::Chain(Ok(Chain {
            now,
            markets: vec![Market::open(
                0,
                Pubkey::default(),
                Pubkey::default(),
                terms,
                255,
            )],
            positions: BTreeMap::new(),
            ..chain()
        })),
    );
    app
}

#[test]
fn a_running_value_is_refused_before_sending() {
    let mut app = first_half_market();
    press(&mut app, &[KeyCode::Char('s'), KeyCode::Down]);
    assert_snapshot!("settle_picker_first_half", render(&app, 80, 24));
    assert!(
        press(&mut app, &[KeyCode::Enter]).is_empty(),
        "nothing sent"
    );
    assert_snapshot!("settle_refused_not_final", render(&app, 80, 24));

    let mut app = first_half_market();
    let effects = press(&mut app, &[KeyCode::Char('s'), KeyCode::Enter]);
    match effects.as_slice() {
        [Effect::Send(Request::Settle { order, .. })] => {
            assert_eq!(order.market, 0);
            assert_eq!(order.fixture.name, "brentford-home-goals-first-half");
        }
        other => panic!("expected a settle, got {other:?}"),
    }
}

#[test]
fn creating_a_market_counts_the_question_and_checks_the_terms() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('n')]);
    assert_eq!(Mode::of(&app), Mode::Create);
    assert_snapshot!("create_blank", render(&app, 80, 24));
    typed(&mut app, "Will Arsenal score?");
    press(&mut app, &[KeyCode::Tab, KeyCode::Tab]);
    typed(&mut app, "18502311");
    assert_snapshot!("create_ready", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    match effects.as_slice() {
        [Effect::Send(Request::Create { order, now })] => {
            assert_eq!(*now, FINAL_AT - 42);
            let terms = &order.terms;
            assert_eq!(terms.question, "Will Arsenal score?");
            assert_eq!(terms.fixture_id, 18_502_311);
            assert_eq!(terms.close_time, FINAL_AT - 42 + 3_600);
        }
        other => panic!("expected a create, got {other:?}"),
    }

    // From a fixture, then a question too long: the counter and the program's error.
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('N')]);
    assert_snapshot!("create_from_fixture", render(&app, 80, 24));
    typed(&mut app, &"!".repeat(100));
    assert_snapshot!("create_question_too_long", render(&app, 80, 24));
    assert!(press(&mut app, &[KeyCode::Enter]).is_empty());
}

#[test]
fn a_faucet_grant_shows_its_signature() {
    let mut app = loaded();
    let effects = press(&mut app, &[KeyCode::Char('f')]);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Send(Request::Faucet)]
    ));
    assert_snapshot!("faucet_running", render(&app, 80, 24));
    update(
        &mut app,
        Action::Finished(Ok(Done {
            signature: None,
            summary: "Minted 1000 USDC to the wallet".into(),
            short_signature: "5VER..kQUW".into(),
            explorer: "https://explorer.solana.com/tx/5VER?cluster=devnet".into(),
        })),
    );
    assert_snapshot!("faucet_done", render(&app, 80, 24));
}

/// `localnet --log-transactions` as `just dev` writes it: the ready line, then transactions,
/// each a line with its short signature and `ok` or the error, its program logs indented.
fn node_log() -> Vec<String> {
    let mut lines = vec![
        concat!(
            "ready in 2315 ms: rpc http://127.0.0.1:8899 ws ws://127.0.0.1:8900 ",
            "(5 demo markets; env .localnet/env.json)"
        )
        .to_owned(),
    ];
    for (index, signature) in ["5VER..kQUW", "3Hq2..9xZa", "4kLm..T7uV", "2bcD..eFgH"]
        .iter()
        .enumerate()
    {
        let failed = index == 2;
        lines.push(format!(
            "14:03:0{index}.123 {signature} {}",
            if failed {
                "failed: Error processing Instruction 0: custom program error: 0x1787"
            } else {
                "ok"
            }
        ));
        lines.extend(
            [
                "Program Fu11timeSett1ement111111111111111111111 invoke [1]",
                "Program log: Instruction: Deposit",
                "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [2]",
                "Program log: Instruction: Transfer",
                "Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success",
            ]
            .iter()
            .map(|line| format!("    {line}")),
        );
        let end = if failed {
            "failed: custom program error: 0x1787"
        } else {
            "success"
        };
        lines.push(format!(
            "    Program Fu11timeSett1ement111111111111111111111 {end}"
        ));
    }
    lines
}

fn faucet_log() -> Vec<String> {
    let request = |time: &str, level: &str, event: &str| {
        format!(
            "2026-11-20T01:{time}Z {level} request{{method=POST path=/api/faucet \
             wallet={WALLET}}}: {event}"
        )
    };
    let response = |status: u16| {
        format!(
            "tower_http::trace::on_response: finished processing request latency=14 ms \
             status={status}"
        )
    };
    vec![
        "2026-11-20T01:08:55.120934Z  INFO faucet: serving POST /api/faucet address=127.0.0.1:8080"
            .to_owned(),
        request("09:02.418221", " INFO", &response(200)),
        request("09:05.002117", " INFO", &response(429)),
        request(
            "09:40.913005",
            "ERROR",
            "fulltime_faucet::error: mint failed error=RPC request failed",
        ),
    ]
}

fn log_lines(lines: Vec<String>) -> LogRead {
    LogRead::Lines {
        restarted: false,
        lines,
    }
}

fn numbered(range: std::ops::Range<usize>) -> Vec<String> {
    range.map(|number| format!("line {number}")).collect()
}

#[test]
fn the_log_view_follows_the_node_and_the_faucet() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('l')]);
    assert_eq!(Mode::of(&app), Mode::Logs);
    assert_snapshot!("logs_waiting", render(&app, 80, 24));
    update(&mut app, Action::Log(LogSource::Node, LogRead::Missing));
    assert_snapshot!("logs_missing", render(&app, 80, 24));
    update(
        &mut app,
        Action::Log(LogSource::Node, log_lines(Vec::new())),
    );
    assert_snapshot!("logs_empty", render(&app, 80, 24));
    update(
        &mut app,
        Action::Log(LogSource::Node, log_lines(node_log())),
    );
    assert_snapshot!("logs_following", render(&app, 80, 24));
    press(&mut app, &[KeyCode::PageUp]);
    assert_snapshot!("logs_scrolled_up", render(&app, 80, 24));
    update(
        &mut app,
        Action::Log(LogSource::Faucet, log_lines(faucet_log())),
    );
    press(&mut app, &[KeyCode::Tab]);
    assert_eq!(app.logs.shown, LogSource::Faucet);
    assert_snapshot!("logs_faucet", render(&app, 80, 24));
    press(&mut app, &[KeyCode::Right, KeyCode::Right, KeyCode::Right]);
    assert_snapshot!("logs_faucet_sideways", render(&app, 80, 24));
    update(&mut app, Action::Log(LogSource::Faucet, LogRead::Missing));
    assert_snapshot!("logs_faucet_missing", render(&app, 80, 24));
    // Each file keeps its own place: the node's is still scrolled up.
    press(&mut app, &[KeyCode::Tab]);
    assert!(!app.logs.node.following());
    press(&mut app, &[KeyCode::Char('?')]);
    assert_snapshot!("logs_help", render(&app, 100, 40));
    press(&mut app, &[KeyCode::Esc]);
    assert_eq!(Mode::of(&app), Mode::Logs, "Esc closes the help first");
    press(&mut app, &[KeyCode::Esc]);
    assert_eq!(Mode::of(&app), Mode::List);
    press(&mut app, &[KeyCode::Char('l'), KeyCode::Char('l')]);
    assert_eq!(Mode::of(&app), Mode::List, "l goes back too");
    assert_eq!(render(&app, 130, 34), render(&loaded(), 130, 34));
}

#[test]
fn the_log_view_scrolls_follows_and_keeps_its_place() {
    let mut app = loaded();
    update(&mut app, Action::Resize(24));
    press(&mut app, &[KeyCode::Char('l')]);
    update(
        &mut app,
        Action::Log(LogSource::Node, log_lines(numbered(0..100))),
    );
    // 24 rows: 20 lines of log, the last ones while following.
    let node = |app: &App| (app.logs.node.top_index(20), app.logs.node.following());
    assert_eq!(node(&app), (80, true));
    press(&mut app, &[KeyCode::Up]);
    assert_eq!(node(&app), (79, false));
    press(&mut app, &[KeyCode::Down]);
    assert_eq!(node(&app), (80, true), "back at the end, following again");
    press(&mut app, &[KeyCode::PageUp]);
    assert_eq!(node(&app), (61, false), "a page keeps one line for context");
    update(&mut app, Action::Scroll(-1));
    assert_eq!(node(&app), (58, false), "the wheel moves three lines");

    // New lines leave a scrolled view where it is; a following one shows them.
    update(
        &mut app,
        Action::Log(LogSource::Node, log_lines(numbered(100..110))),
    );
    assert_eq!(node(&app), (58, false));
    press(&mut app, &[KeyCode::Home]);
    assert_eq!(node(&app), (0, false));
    press(&mut app, &[KeyCode::PageDown, KeyCode::Char('j')]);
    assert_eq!(node(&app), (20, false));
    press(&mut app, &[KeyCode::End]);
    assert_eq!(node(&app), (90, true));
    update(
        &mut app,
        Action::Log(LogSource::Node, log_lines(numbered(110..111))),
    );
    assert_eq!(node(&app), (91, true));

    // The ring keeps the last 5,000 lines; a scrolled view stays on its lines while it can.
    press(&mut app, &[KeyCode::Char('g'), KeyCode::Char('j')]);
    update(
        &mut app,
        Action::Log(LogSource::Node, log_lines(numbered(111..5_000))),
    );
    assert_eq!(app.logs.node.lines.len(), 5_000);
    assert_eq!(app.logs.node.lines[app.logs.node.top_index(20)], "line 1");
    update(
        &mut app,
        Action::Log(LogSource::Node, log_lines(numbered(5_000..5_003))),
    );
    assert_eq!(app.logs.node.lines.len(), 5_000);
    assert_eq!(
        app.logs.node.lines.front().map(String::as_str),
        Some("line 3")
    );
    assert_eq!(app.logs.node.lines[app.logs.node.top_index(20)], "line 3");
    update(
        &mut app,
        Action::Log(LogSource::Node, log_lines(numbered(0..7_000))),
    );
    assert_eq!(app.logs.node.lines.len(), 5_000);
    assert_eq!(
        app.logs.node.lines.front().map(String::as_str),
        Some("line 2000")
    );

    // A truncated file starts over, following.
    update(
        &mut app,
        Action::Log(
            LogSource::Node,
            LogRead::Lines {
                restarted: true,
                lines: numbered(0..3),
            },
        ),
    );
    assert_eq!(app.logs.node.lines.len(), 3);
    assert_eq!(node(&app), (0, true));
    press(&mut app, &[KeyCode::Up, KeyCode::Home]);
    assert!(
        app.logs.node.following(),
        "nothing to scroll in a short log"
    );

    // Sideways no further than the longest line; the faucet's place is its own.
    press(&mut app, &[KeyCode::Right]);
    assert_eq!(app.logs.node.shift, 6);
    press(&mut app, &[KeyCode::Left, KeyCode::Left]);
    assert_eq!(app.logs.node.shift, 0);
    press(&mut app, &[KeyCode::Tab]);
    assert_eq!(app.logs.shown, LogSource::Faucet);
    assert_eq!(Mode::of(&app), Mode::Logs);
    // A taller terminal has a longer page.
    update(&mut app, Action::Resize(44));
    update(
        &mut app,
        Action::Log(LogSource::Faucet, log_lines(numbered(0..100))),
    );
    press(&mut app, &[KeyCode::PageUp]);
    assert_eq!(app.logs.faucet.top_index(40), 21);
    // Keys of the markets do nothing here.
    assert!(press(&mut app, &[KeyCode::Char('f'), KeyCode::Char('d')]).is_empty());
    assert!(app.popup.is_none());
}

/// xorshift64: reproducible noise without another dependency.
struct Noise(u64);

impl Noise {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[usize::try_from(self.next() % items.len() as u64).expect("index")]
    }
}

/// 100,000 random keys in all, with loaded, empty and failing data, log lines, resizes and tasks
/// answering at random, through `update` and `draw` at several sizes: nothing panics.
#[test]
fn random_keys_never_panic() {
    const KEYS: [KeyCode; 42] = [
        KeyCode::Char('W'),
        KeyCode::Char('+'),
        KeyCode::Char('p'),
        KeyCode::Char('a'),
        KeyCode::Char('y'),
        KeyCode::Char('C'),
        KeyCode::Char('v'),
        KeyCode::Char('%'),
        KeyCode::Char('l'),
        KeyCode::Left,
        KeyCode::Right,
        KeyCode::Home,
        KeyCode::End,
        KeyCode::Char('w'),
        KeyCode::Char('n'),
        KeyCode::Char('N'),
        KeyCode::BackTab,
        KeyCode::Char('+'),
        KeyCode::Char('q'),
        KeyCode::Esc,
        KeyCode::Char('?'),
        KeyCode::Up,
        KeyCode::Down,
        KeyCode::PageUp,
        KeyCode::PageDown,
        KeyCode::Char('g'),
        KeyCode::Char('G'),
        KeyCode::Char('d'),
        KeyCode::Char('s'),
        KeyCode::Char('c'),
        KeyCode::Char('u'),
        KeyCode::Char('f'),
        KeyCode::Char('/'),
        KeyCode::Char('o'),
        KeyCode::Char('m'),
        KeyCode::Char('r'),
        KeyCode::Enter,
        KeyCode::Tab,
        KeyCode::Backspace,
        KeyCode::Char('1'),
        KeyCode::Char('.'),
        KeyCode::Char('a'),
    ];
    const SIZES: [(u16, u16); 4] = [(80, 24), (130, 34), (20, 6), (1, 1)];
    let mut empty = chain();
    empty.markets.clear();
    empty.positions.clear();
    let datasets: [Result<Chain, ReadFailure>; 3] = [Ok(chain()), Ok(empty), Err(refused())];
    let mut noise = Noise(0x9E37_79B9_7F4A_7C15);
    let mut terminals: Vec<Terminal<TestBackend>> = SIZES
        .iter()
        .map(|&(width, height)| Terminal::new(TestBackend::new(width, height)).expect("terminal"))
        .collect();
    let fixtures = fixtures();
    let mut keys = 0;
    while keys < 100_000 {
        let mut app = App::new(session(), fixtures.clone());
        for _ in 0..1_000 {
            match noise.next() % 20 {
                0 => {
                    let data = noise.pick(&[0, 1, 2]);
                    update(&mut app, Action::Chain(datasets[data].clone()));
                    let link = noise.pick(&[
                        Link::Connecting,
                        Link::Live,
                        Link::Polling,
                        Link::Reconnecting { in_secs: 30 },
                    ]);
                    update(&mut app, Action::Link(link));
                }
                1 => {
                    update(&mut app, Action::Stage(Stage::Confirming));
                }
                2 => {
                    let failure = FailureView::new(
                        "Deposit",
                        &Error::from(ClientError::MarketNotFound { id: 9 }),
                    );
                    update(&mut app, Action::Finished(Err(failure)));
                }
                3 => {
                    let source = noise.pick(&LogSource::ALL);
                    let read = match noise.next() % 4 {
                        0 => LogRead::Missing,
                        1 => LogRead::Lines {
                            restarted: true,
                            lines: faucet_log(),
                        },
                        _ => log_lines(node_log()),
                    };
                    update(&mut app, Action::Log(source, read));
                }
                4 => {
                    let (_, height) = noise.pick(&SIZES);
                    update(&mut app, Action::Resize(height));
                }
                _ => {
                    let code = noise.pick(&KEYS);
                    if let Some(action) = action_for(Mode::of(&app), key(code)) {
                        update(&mut app, action);
                    }
                    keys += 1;
                }
            }
            if app.quit {
                break;
            }
            // Drawing every state would take minutes in a debug build; one in eight, at random.
            let roll = noise.next();
            if !roll.is_multiple_of(8) {
                continue;
            }
            let index = usize::try_from(roll / 8 % 4).expect("index");
            terminals[index]
                .draw(|frame| draw(&app, frame))
                .expect("draw");
        }
    }
}

/// `cargo test -p fulltime-tui --lib frame_time -- --ignored --nocapture`: the time to
/// draw a frame and to filter a list of 10,000 markets. It prints, asserts nothing about time.
#[test]
#[ignore = "a measurement, run by hand"]
fn frame_time_with_10000_markets() {
    let mut many = chain();
    let template = many.markets[0].clone();
    many.markets = (0..10_000)
        .map(|id| {
            let mut market = template.clone();
            market.id = id;
            market.question = format!("Market {id}: will the home side score more than 1 goal?");
            market
        })
        .collect();
    let mut app = App::new(session(), Vec::new());
    update(&mut app, Action::Chain(Ok(many)));
    let mut terminal = Terminal::new(TestBackend::new(130, 40)).expect("terminal");
    let frames: u32 = 200;
    let started = std::time::Instant::now();
    for _ in 0..frames {
        press(&mut app, &[KeyCode::PageDown]);
        terminal.draw(|frame| draw(&app, frame)).expect("draw");
    }
    println!(
        "draw with 10,000 markets: {:?} a frame",
        started.elapsed() / frames
    );
    let started = std::time::Instant::now();
    press(&mut app, &[KeyCode::Char('/')]);
    typed(&mut app, "9999");
    terminal.draw(|frame| draw(&app, frame)).expect("draw");
    println!("filter 4 keys + draw: {:?}", started.elapsed());
    assert_eq!(app.listed(), [9_999]);
}

#[test]
fn rebound_keys_act_and_the_hint_bar_and_help_show_them() {
    let mut app = loaded();
    app.keys = super::keys::parse_file(
        "deposit = \"D\"\nhelp = [\"?\", \"F1\"]\nup = [\"Up\", \"K\"]\n",
        std::path::Path::new("keys.toml"),
    )
    .expect("a good key config");
    assert_snapshot!("rebound_80x24", render(&app, 80, 24));
    assert_snapshot!("rebound_120x40", render(&app, 120, 40));
    // `d` no longer deposits; `D` does.
    press(&mut app, &[KeyCode::Char('d')]);
    assert!(app.popup.is_none());
    press(&mut app, &[KeyCode::Char('D')]);
    assert!(matches!(app.popup, Some(Popup::Deposit(_))));
    press(&mut app, &[KeyCode::Esc, KeyCode::F(1)]);
    assert!(matches!(app.popup, Some(Popup::Help)));
    assert_snapshot!("rebound_help_120x40", render(&app, 120, 40));
}

#[test]
fn a_bad_key_config_is_shown_at_start_and_the_default_keys_stay() {
    let dir = std::env::temp_dir().join(format!("fulltime-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("keys.toml");
    let text = "deposit = \"D\"\nsettle = \"Ctrl-s\"\n";
    std::fs::write(&path, text).expect("write");
    let failure = super::keys::in_force(Some(&path)).expect_err("a bad file");
    std::fs::remove_dir_all(&dir).expect("clean up");
    assert!(
        failure
            .to_string()
            .starts_with(&format!("key config {}, line 2: ", path.display())),
        "{failure}"
    );
    // Drawn with a path of the same length on every machine.
    let error = super::keys::parse_file(text, std::path::Path::new("keys.toml"));
    let mut app = loaded();
    app.popup = Some(Popup::Failure(super::keys::failure(
        error.expect_err("a bad file"),
    )));
    assert_snapshot!("bad_key_config_80x24", render(&app, 80, 24));
    assert_snapshot!("bad_key_config_120x40", render(&app, 120, 40));
    press(&mut app, &[KeyCode::Esc, KeyCode::Char('d')]);
    assert!(
        matches!(app.popup, Some(Popup::Deposit(_))),
        "the default d deposits"
    );
}

#[test]
fn markets_by_fixture_with_odds_as_percent_or_decimal() {
    let mut app = loaded();
    let mut grouped = chain();
    // Arsenal v Chelsea (0, 1, 3), Brighton v Wolves (2), and a fixture the catalog lacks (4).
    grouped.markets[2].fixture_id = 18_502_313;
    grouped.markets[4].fixture_id = 99;
    update(&mut app, Action::Chain(Ok(grouped)));
    press(&mut app, &[KeyCode::Char('v')]);
    assert_eq!(app.grouping, Grouping::ByFixture);
    assert_eq!(
        app.rows(),
        [
            ListRow::Fixture {
                fixture_id: 18_502_311,
                markets: 3
            },
            ListRow::Market(0),
            ListRow::Market(1),
            ListRow::Market(3),
            ListRow::Fixture {
                fixture_id: 18_502_313,
                markets: 1
            },
            ListRow::Market(2),
            ListRow::Fixture {
                fixture_id: 99,
                markets: 1
            },
            ListRow::Market(4),
        ]
    );
    // The selection moves over markets only, in the grouped order.
    press(&mut app, &[KeyCode::Char('j'), KeyCode::Char('j')]);
    assert_eq!(app.selected, Some(3));
    press(&mut app, &[KeyCode::Char('j')]);
    assert_eq!(app.selected, Some(2));
    assert_snapshot!("by_fixture_80x24", render(&app, 80, 24));
    assert_snapshot!("by_fixture_120x40", render(&app, 120, 40));
    press(&mut app, &[KeyCode::Char('%')]);
    assert_eq!(app.odds, OddsDisplay::Decimal);
    assert_snapshot!("by_fixture_decimal_120x40", render(&app, 120, 40));
    // Sorting by pool orders the fixtures by their largest market.
    press(&mut app, &[KeyCode::Char('o'), KeyCode::Char('o')]);
    assert_eq!(
        app.rows()[0],
        ListRow::Fixture {
            fixture_id: 18_502_311,
            markets: 3
        }
    );
    press(&mut app, &[KeyCode::Char('%'), KeyCode::Char('v')]);
    assert_eq!(
        (app.grouping, app.odds),
        (Grouping::Flat, OddsDisplay::Percent)
    );
    // One list: its lines are the listed markets themselves.
    assert!(app.rows().is_empty());
    let listed = app.listed().to_vec();
    for (index, id) in listed.into_iter().enumerate() {
        assert_eq!(
            (app.row(index), app.row_of(id)),
            (Some(ListRow::Market(id)), Some(index))
        );
    }
}

#[test]
fn claim_all_shows_what_it_pays_and_sends_one_request() {
    let mut app = loaded();
    let mut owed = chain();
    // Market 3 resolved NO: a NO position there is claimed; market 4 has no winners: refunded.
    owed.positions.get_mut(&3).expect("position in 3").outcome = Side::No;
    owed.markets[3].total_no = 2_500_000;
    let mut refundable = sample_position(&owed.markets[4]);
    refundable.amount = 1_000_000;
    owed.positions.insert(4, refundable);
    update(&mut app, Action::Chain(Ok(owed)));
    press(&mut app, &[KeyCode::Char('C')]);
    assert!(matches!(app.popup, Some(Popup::ClaimAll)));
    assert_snapshot!("claim_all_80x24", render(&app, 80, 24));
    assert_snapshot!("claim_all_120x40", render(&app, 120, 40));
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Send(Request::ClaimAll)]
    ));
    assert!(matches!(app.popup, Some(Popup::Progress)));

    // Nothing payable yet: a notice says what comes next, and nothing opens.
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('C')]);
    assert!(app.popup.is_none());
    assert_eq!(
        app.notice.as_deref(),
        Some("Nothing to claim or refund yet; next: market 2 at 2026-05-16T16:10:00Z")
    );
}

/// A deposit of `wallet` on market 0, as the node would hand it back.
fn deposit_detail(
    signature: solana_signature::Signature,
    wallet: Pubkey,
    vault: Pubkey,
) -> fulltime_client::rpc::TransactionDetail {
    use fulltime_client::pda;
    use fulltime_client::rpc::{AccountUse, InstructionDetail, TransactionDetail};
    let market = pda::market(0);
    let account = |address, role, writable, signer| AccountUse {
        address,
        role: Some(role),
        writable,
        signer,
    };
    TransactionDetail {
        signature,
        slot: 4_242,
        block_time: None,
        fee: 5_000,
        instructions: vec![InstructionDetail {
            program: fulltime_client::settlement::ID,
            name: Some("Deposit"),
            data: Vec::new(),
            accounts: vec![
                account(wallet, "depositor", true, true),
                account(pda::config(), "config", false, false),
                account(market, "market", true, false),
                account(pda::position(&market, &wallet), "position", true, false),
                account(vault, "vault", true, false),
                account(
                    Pubkey::new_from_array([7; 32]),
                    "depositor_token",
                    true,
                    false,
                ),
                account(anchor_spl::token::ID, "token_program", false, false),
                account(
                    anchor_lang::system_program::ID,
                    "system_program",
                    false,
                    false,
                ),
            ],
        }],
        logs: vec![
            format!("Program {} invoke [1]", fulltime_client::settlement::ID),
            "Program log: Instruction: Deposit".into(),
            format!("Program {} success", fulltime_client::settlement::ID),
        ],
        error: None,
    }
}

#[test]
fn the_inspector_labels_a_transactions_accounts_shows_its_logs_and_copies_its_signature() {
    let wallet = Pubkey::new_from_array([3; 32]);
    let vault = Pubkey::new_from_array([9; 32]);
    let mut app = loaded();
    app.session.wallet = Ok(wallet.to_string());
    let mut chain = chain();
    chain.markets[0].vault = vault;
    update(&mut app, Action::Chain(Ok(chain)));
    // Nothing sent yet: nothing to pick.
    press(&mut app, &[KeyCode::Char('a')]);
    assert!(app.popup.is_none());
    assert_eq!(
        app.notice.as_deref(),
        Some("Nothing sent yet: the activity panel is empty")
    );

    press(&mut app, &[KeyCode::Char('d')]);
    typed(&mut app, "2.5");
    press(&mut app, &[KeyCode::Enter]);
    let signature = solana_signature::Signature::from([5; 64]);
    update(
        &mut app,
        Action::Finished(Ok(Done {
            signature: Some(signature),
            summary: "Deposited 2.5 USDC on YES in market 0".into(),
            short_signature: "5VER..kQUW".into(),
            explorer: "https://explorer.solana.com/tx/5VER".into(),
        })),
    );
    press(&mut app, &[KeyCode::Esc, KeyCode::Char('a')]);
    assert_eq!(Mode::of(&app), Mode::Picker);
    assert_snapshot!("activity_picker_80x24", render(&app, 80, 24));
    assert_snapshot!("activity_picker_120x40", render(&app, 120, 40));
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(matches!(effects.as_slice(), [Effect::Inspect(read)] if *read == signature));
    assert_eq!(Mode::of(&app), Mode::Inspect);
    assert_snapshot!("inspector_reading_80x24", render(&app, 80, 24));
    assert_snapshot!("inspector_reading_120x40", render(&app, 120, 40));
    update(
        &mut app,
        Action::Inspected {
            signature,
            detail: Ok(deposit_detail(signature, wallet, vault)),
        },
    );
    let shown = render(&app, 120, 40);
    for label in [
        "this wallet",
        "settlement config",
        "market 0",
        "position in market 0",
        "market 0's vault",
        "test USDC account",
        "token program",
        "Program log: Instruction: Deposit",
    ] {
        assert!(shown.contains(label), "{label}:\n{shown}");
    }
    assert_snapshot!("inspector_120x40", shown);
    assert_snapshot!("inspector_80x24", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Char('y')]);
    assert!(matches!(effects.as_slice(), [Effect::Copy(text)] if *text == signature.to_string()));
    assert!(render(&app, 120, 40).contains("Signature copied to the clipboard"));
    press(&mut app, &[KeyCode::Esc]);
    assert!(app.popup.is_none());
}

#[test]
fn the_inspector_shows_a_failures_name_action_and_logs() {
    // Market 3 resolved NO; the wallet's position there is on YES.
    let mut app = loaded();
    press(
        &mut app,
        &[
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Char('c'),
        ],
    );
    press(&mut app, &[KeyCode::Enter]);
    let error = Error::from(ClientError::Program {
        failure: Box::new(settlement_failure(SettlementError::NotAWinner)),
        logs: vec![
            "Program log: Instruction: Claim".into(),
            "Program log: AnchorError occurred. Error Code: NotAWinner. Error Number: 6015.".into(),
        ],
    });
    update(
        &mut app,
        Action::Finished(Err(FailureView::new("Claim", &error))),
    );
    press(
        &mut app,
        &[KeyCode::Esc, KeyCode::Char('a'), KeyCode::Enter],
    );
    let shown = render(&app, 120, 40);
    assert!(shown.contains("NotAWinner"), "{shown}");
    assert!(shown.contains("AnchorError occurred"), "{shown}");
    assert_snapshot!("inspector_failure_120x40", shown);
    assert_snapshot!("inspector_failure_80x24", render(&app, 80, 24));
    // Nothing to copy without a transaction.
    assert!(press(&mut app, &[KeyCode::Char('y')]).is_empty());
}

/// A history read back: `pools` oldest first, `None` where a read failed.
fn deposit_history(pools: &[Option<(u64, u64)>], count: TransactionCount) -> DepositHistory {
    let points: Vec<PoolPoint> = pools
        .iter()
        .enumerate()
        .map(|(slot, pools)| PoolPoint {
            slot: slot as u64,
            time: None,
            pools: pools.map(|(yes, no)| Pools { yes, no }),
        })
        .collect();
    let unread = points.iter().filter(|point| point.pools.is_none()).count();
    DepositHistory {
        read: points.len() - unread,
        unread,
        points,
        count,
    }
}

#[test]
fn the_pool_history_loads_for_the_selection_and_follows_the_readings() {
    let mut app = loaded();
    let effects = press(&mut app, &[KeyCode::Char('p')]);
    assert!(matches!(effects.as_slice(), [Effect::LoadHistory(0)]));
    assert_snapshot!("history_loading_80x24", render(&app, 80, 24));
    assert_snapshot!("history_loading_120x40", render(&app, 120, 40));
    let history = deposit_history(
        &[
            Some((1_000_000, 0)),
            Some((1_000_000, 500_000)),
            Some((3_000_000, 500_000)),
            Some((4_000_000, 1_500_000)),
        ],
        // The market's creation is a transaction too.
        TransactionCount {
            counted: 5,
            complete: true,
        },
    );
    update(
        &mut app,
        Action::History {
            market: 0,
            history: Ok(history),
        },
    );
    assert_snapshot!("history_80x24", render(&app, 80, 24));
    assert_snapshot!("history_120x40", render(&app, 120, 40));
    // Another wallet's deposit reaches the next reading: the history gains a point.
    let mut more = chain();
    more.markets[0].total_no = 2_500_000;
    update(&mut app, Action::Chain(Ok(more)));
    let shown = app
        .history
        .as_ref()
        .and_then(|history| history.reading.loaded());
    assert_eq!(shown.map(|history| history.points.len()), Some(5));
    // Moving the selection loads the next market's history; `p` hides it.
    let effects = press(&mut app, &[KeyCode::Down]);
    assert!(matches!(effects.as_slice(), [Effect::LoadHistory(1)]));
    assert!(press(&mut app, &[KeyCode::Char('p')]).is_empty());
    assert!(app.history.is_none());
    assert!(press(&mut app, &[KeyCode::Down]).is_empty());
}

#[test]
fn a_bounded_history_says_how_much_it_read_and_marks_what_it_could_not() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('p')]);
    // The newest 6 of more than 10,000 transactions, one of which could not be read.
    let history = deposit_history(
        &[
            Some((1_000_000, 500_000)),
            Some((2_000_000, 500_000)),
            None,
            Some((3_000_000, 1_000_000)),
            Some((3_500_000, 1_000_000)),
            Some((4_000_000, 1_500_000)),
        ],
        TransactionCount {
            counted: 10_000,
            complete: false,
        },
    );
    update(
        &mut app,
        Action::History {
            market: 0,
            history: Ok(history),
        },
    );
    let shown = render(&app, 120, 40);
    assert!(
        shown.contains("Pool history: 5 deposits, read 5 of 10000+ tx, 1 unread (×) (p hides)"),
        "{shown}"
    );
    assert_snapshot!("history_bounded_with_a_gap_120x40", shown);
    assert_snapshot!("history_bounded_with_a_gap_80x24", render(&app, 80, 24));
    // A history that could not be read at all says why.
    update(
        &mut app,
        Action::History {
            market: 0,
            history: Err("RPC request to http://127.0.0.1:8899 failed".into()),
        },
    );
    assert!(
        render(&app, 120, 40).contains("Pool history: RPC request to http://127.0.0.1:8899"),
        "a failed reading is shown"
    );
}

/// The dashboard escapes nothing itself: ratatui puts no control character in a cell and draws
/// no zero-width one, so a question that would steer a terminal reaches the screen as its
/// printable rest. Should that change, this fails.
#[test]
fn a_question_that_steers_the_terminal_reaches_no_cell() {
    let mut hostile = chain();
    hostile.markets[0].question = format!("{HOSTILE_QUESTION} \u{202e}desrever");
    let mut app = live(fixtures());
    update(&mut app, Action::Chain(Ok(hostile)));
    for (width, height) in [(80, 24), (120, 40)] {
        let shown = render(&app, width, height);
        assert!(shown.contains("Will it rain?"), "{shown}");
        let steering = |char: char| {
            (char.is_control() && char != '\n') || ('\u{202a}'..='\u{202e}').contains(&char)
        };
        assert!(!shown.contains(steering), "{shown:?}");
    }
}

#[test]
fn shift_s_saves_a_snapshot_named_after_the_chain_clock() {
    let mut app = loaded();
    let effects = press(&mut app, &[KeyCode::Char('S')]);
    // The chain clock of `chain()`: 2026-05-16T16:09:18Z.
    let name = "dashboard-20260516-160918";
    assert!(
        matches!(
            effects.as_slice(),
            [Effect::Send(Request::Snapshot { name: sent })] if sent == name
        ),
        "{effects:?}"
    );
    assert_snapshot!("snapshot_running", render(&app, 80, 24));
    update(&mut app, Action::Stage(Stage::Requesting));
    update(
        &mut app,
        Action::Finished(Ok(Done {
            signature: None,
            summary: format!(
                "Snapshot {name} saved: .localnet/snapshots/{name}.snapshot (23 accounts, chain \
                 clock 2026-05-16T16:09:18Z)"
            ),
            short_signature: String::new(),
            explorer: String::new(),
        })),
    );
    assert_snapshot!("snapshot_done", render(&app, 80, 24));
}

#[test]
fn a_snapshot_is_of_localnet_only() {
    let mut app = App::new(
        SessionView {
            cluster: "devnet".into(),
            ..session()
        },
        Vec::new(),
    );
    update(&mut app, Action::Chain(Ok(chain())));
    assert!(press(&mut app, &[KeyCode::Char('S')]).is_empty());
    assert_eq!(
        app.notice.as_deref(),
        Some("Snapshots are of localnet's chain (--url localnet)")
    );
}

#[test]
fn the_header_says_which_chain_localnet_serves_and_since_when() {
    let mut app = App::new(
        SessionView {
            chain: Some("resumed chain, made 2026-11-20T00:00:00Z".into()),
            ..session()
        },
        fixtures(),
    );
    update(&mut app, Action::Chain(Ok(chain())));
    assert_snapshot!("header_resumed_chain", render(&app, 80, 24));
}

#[test]
fn a_new_wallet_by_key_and_acting_as_another_from_the_book() {
    use super::wallets::WalletChoice;
    let mut app = loaded();
    let starting = WalletChoice {
        name: "localnet's funded wallet".into(),
        address: WALLET.into(),
        path: ".localnet/wallet.json".into(),
    };
    app.wallets.push(starting.clone());
    app.acting = Some(starting.name.clone());
    // `+` makes the first free name in the book, funded.
    let effects = press(&mut app, &[KeyCode::Char('+')]);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Send(Request::NewWallet { name })] if name == "qa-1"
    ));
    let bob = WalletChoice {
        name: "qa-1".into(),
        address: "B0bB0bB0bB0bB0bB0bB0bB0bB0bB0bB0bB0bB0bB0b".into(),
        path: ".localnet/wallets/qa-1.json".into(),
    };
    update(&mut app, Action::WalletMade(bob.clone()));
    update(
        &mut app,
        Action::Finished(Ok(Done {
            signature: None,
            summary: "New wallet qa-1: 10 SOL and 100 USDC from localnet".into(),
            short_signature: String::new(),
            explorer: String::new(),
        })),
    );
    press(&mut app, &[KeyCode::Esc, KeyCode::Char('W')]);
    assert_snapshot!("wallets_80x24", render(&app, 80, 24));
    assert_snapshot!("wallets_120x40", render(&app, 120, 40));
    let effects = press(&mut app, &[KeyCode::Down, KeyCode::Enter]);
    assert!(matches!(effects.as_slice(), [Effect::SwitchWallet(choice)] if *choice == bob));
    // The runner switched: the pane, MINE and the next readings follow the new wallet.
    update(&mut app, Action::Switched(Ok(bob.clone())));
    assert_eq!(app.session.wallet.as_deref(), Ok(bob.address.as_str()));
    assert_eq!(app.acting.as_deref(), Some("qa-1"));
    let chain = app.chain.loaded().expect("loaded");
    assert!(chain.positions.is_empty() && chain.balances.is_none());
    assert_snapshot!("acting_as_qa_1_80x24", render(&app, 80, 24));
    assert_snapshot!("acting_as_qa_1_120x40", render(&app, 120, 40));
    // Picking the wallet acted as already changes nothing.
    press(
        &mut app,
        &[KeyCode::Char('W'), KeyCode::Down, KeyCode::Enter],
    );
    assert!(app.popup.is_none());
}

#[test]
fn a_long_activity_keeps_the_picked_line_in_view() {
    use super::app::{Activity, ActivityState};
    let mut app = loaded();
    for number in 0..40 {
        app.activity.push(Activity {
            what: format!("Deposit number {number}"),
            state: ActivityState::Done(Done {
                signature: None,
                summary: String::new(),
                short_signature: String::new(),
                explorer: String::new(),
            }),
        });
    }
    press(&mut app, &[KeyCode::Char('a')]);
    assert!(render(&app, 80, 24).contains("Deposit number 0"));
    press(&mut app, &[KeyCode::Char('G')]);
    let shown = render(&app, 80, 24);
    assert!(shown.contains("Deposit number 39"), "{shown}");
    assert!(!shown.contains("Deposit number 0 "), "{shown}");
}
