//! The whole screen: its layout, the header and its banner, the hint bar from the keys in force,
//! and what reaches a cell.

use std::collections::BTreeMap;

use crossterm::event::KeyCode;
use fulltime_client::pda;
use fulltime_client::rpc::Balances;
use fulltime_client::settlement::state::Market;
use fulltime_client::side::Side;
use fulltime_testkit::sample;
use insta::assert_snapshot;
use solana_keypair::Address as Pubkey;

use crate::dashboard::activity::{Activity, ActivityState};
use crate::dashboard::app::App;
use crate::dashboard::chain::{Chain, Link};
use crate::dashboard::keys;
use crate::dashboard::message::{Done, Message};
use crate::dashboard::popups::deposit::DepositForm;
use crate::dashboard::popups::help::Help;
use crate::dashboard::session_view::SessionView;
use crate::dashboard::test_support::{
    chain, committed_proof_files, live, loaded, press, refused, render, session,
};
use crate::dashboard::update::update;
use fulltime_desk::samples::HOSTILE_QUESTION;

#[test]
fn loading_then_loaded() {
    let app = App::new(session(), Vec::new());
    assert_snapshot!("loading", render(&app, 80, 24));
    assert_snapshot!("loaded_80x24", render(&loaded(), 80, 24));
    assert_snapshot!("loaded_130x34", render(&loaded(), 130, 34));
}

/// The demo markets `localnet` makes, each from the proof file of that name, in id order.
const DEMO_MARKETS: [&str; 5] = [
    "arsenal-home-goals-over-1",
    "chelsea-away-goals-over-1",
    "city-away-corners-under-6",
    "newcastle-home-goals-exactly-2",
    "arsenal-chelsea-total-goals-over-2",
];

/// 2026-05-16T12:00:36Z: 36 s after a new chain's clock starts, two hours before the first
/// kickoff.
const FIRST_TRADE_AT: i64 = 1_778_932_836;

/// The screen the READMEs show first: a new `localnet`'s demo markets, as its bootstrap makes
/// them from their proof files, after a faucet request of 100 test USDC, 2.5 USDC on YES in
/// market 0 and 4 USDC on NO in market 4, the last market selected.
fn first_trade() -> App {
    let proof_files = committed_proof_files();
    let mut markets: Vec<Market> = DEMO_MARKETS
        .iter()
        .zip(0..)
        .map(|(name, id)| {
            let proof_file = proof_files
                .iter()
                .find(|proof_file| proof_file.name == *name)
                .expect("a demo market's proof file");
            let kickoff = proof_file.kickoff.expect("a kickoff");
            let address = pda::market(id);
            Market::open(
                id,
                Pubkey::default(),
                pda::vault(&address),
                proof_file
                    .market_terms(kickoff, 60)
                    .expect("a case of the catalog"),
                255,
            )
        })
        .collect();
    markets[0].total_yes = 2_500_000;
    markets[4].total_no = 4_000_000;
    let positions = BTreeMap::from([
        (0, sample::position(&markets[0], Side::Yes, 2_500_000)),
        (4, sample::position(&markets[4], Side::No, 4_000_000)),
    ]);
    let mut app = App::new(
        SessionView {
            chain: Some("new chain, made 2026-11-26T09:14:02Z".into()),
            ..session()
        },
        proof_files,
    );
    update(&mut app, Message::Link(Link::Live));
    update(
        &mut app,
        Message::Chain(Ok(Chain {
            now: FIRST_TRADE_AT,
            markets,
            positions,
            balances: Some(Balances {
                lamports: 99_997_052_880,
                usdc: Some(1_093_500_000),
            }),
            round_trip_ms: 6,
        })),
    );
    let done = |what: &str, summary: &str, short_signature: &str| Activity {
        what: what.into(),
        state: ActivityState::Done(Done {
            summary: summary.into(),
            signature: None,
            short_signature: short_signature.into(),
            explorer: String::new(),
        }),
    };
    app.activity = vec![
        done(
            "Deposit 4 USDC on NO, market 4",
            "Deposited 4 USDC on NO in market 4; USDC 1097.5 USDC -> 1093.5 USDC",
            "zMpt..sSEj",
        ),
        done(
            "Deposit 2.5 USDC on YES, market 0",
            "Deposited 2.5 USDC on YES in market 0; USDC 1100 USDC -> 1097.5 USDC",
            "5Vq8..k8Mz",
        ),
        done(
            "Faucet request to http://127.0.0.1:8080",
            "Minted 100 USDC to the wallet",
            "26Pe..dNSf",
        ),
    ];
    press(&mut app, &[KeyCode::Char('G')]);
    app
}

#[test]
fn the_first_trade_the_readmes_show() {
    let app = first_trade();
    assert_snapshot!("first_trade_120x40", render(&app, 120, 40));
    assert_snapshot!("first_trade_80x24", render(&app, 80, 24));
}

#[test]
fn the_node_going_away_shows_a_banner_and_keeps_the_data() {
    let mut app = loaded();
    update(&mut app, Message::Chain(Err(refused())));
    assert_snapshot!("node_down", render(&app, 80, 24));
    update(&mut app, Message::Chain(Ok(chain())));
    assert_eq!(app.node_down, None);
}

#[test]
fn the_header_says_which_chain_localnet_serves_and_since_when() {
    let mut app = App::new(
        SessionView {
            chain: Some("resumed chain, made 2026-11-20T00:00:00Z".into()),
            ..session()
        },
        committed_proof_files(),
    );
    update(&mut app, Message::Chain(Ok(chain())));
    assert_snapshot!("header_resumed_chain", render(&app, 80, 24));
}

/// The dashboard escapes nothing itself: ratatui puts no control character in a cell and draws
/// no zero-width one, so a question that would steer a terminal reaches the screen as its
/// printable rest. Should that change, this fails.
#[test]
fn a_question_that_steers_the_terminal_reaches_no_cell() {
    let mut hostile = chain();
    hostile.markets[0].question = format!("{HOSTILE_QUESTION} \u{202e}desrever");
    let mut app = live(committed_proof_files());
    update(&mut app, Message::Chain(Ok(hostile)));
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
fn rebound_keys_act_and_the_hint_bar_and_help_show_them() {
    let mut app = loaded();
    app.keys = keys::parse_file(
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
    assert!(app.shows::<DepositForm>());
    press(&mut app, &[KeyCode::Esc, KeyCode::F(1)]);
    assert!(app.shows::<Help>());
    assert_snapshot!("rebound_help_120x40", render(&app, 120, 40));
}
