//! The settle picker: the fitting proof files first, and the refusals before sending.

use std::collections::BTreeMap;

use anchor_lang::prelude::Pubkey;
use crossterm::event::KeyCode;
use fulltime_client::settlement::state::Market;
use insta::assert_snapshot;

use fulltime_client::txline::api::RecordPick;

use crate::dashboard::app::App;
use crate::dashboard::chain::Chain;
use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Message, RecordsRead};
use crate::dashboard::test_support::{
    before_the_result, chain, committed_proof_files, live, loaded, press, render,
};
use crate::dashboard::update::update;
use fulltime_desk::actions::Order;

#[test]
fn settling_offers_the_fitting_proof_files_first() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Down, KeyCode::Char('s')]);
    assert_eq!(Mode::of(&app), Mode::Picker);
    assert_snapshot!("settle_picker", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    match effects.as_slice() {
        [
            Effect::Send(Request::Order {
                order: Order::Settle(order),
                ..
            }),
        ] => {
            assert_eq!(order.market, 1);
            assert_eq!(order.proof_file.name, "arsenal-home-goals-over-1");
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
fn a_proof_from_the_future_is_refused_before_sending() {
    let mut app = before_the_result();
    press(&mut app, &[KeyCode::Char('s')]);
    assert_snapshot!("settle_picker_before_the_result", render(&app, 80, 24));
    assert!(
        press(&mut app, &[KeyCode::Enter]).is_empty(),
        "nothing sent"
    );
    assert_snapshot!("settle_refused_from_the_future", render(&app, 80, 24));
}

/// "Brentford more than 1 first-half goal?", closed at kickoff, the clock at the full-time
/// batch: its fitting proof files are the full-time proof with its mark, then the one in play.
fn first_half_market() -> App {
    let proof_files = committed_proof_files();
    let full_time = proof_files
        .iter()
        .find(|proof_file| proof_file.name == "brentford-home-goals-first-half")
        .expect("the committed first-half proof file");
    let kickoff = full_time.kickoff.expect("a kickoff");
    let terms = full_time
        .market_terms(kickoff, 60)
        .expect("a case of the catalog");
    let now = full_time.proof.ts.div_euclid(1_000);
    let mut app = live(proof_files.clone());
    update(
        &mut app,
        Message::Chain(Ok(Chain {
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
        [
            Effect::Send(Request::Order {
                order: Order::Settle(order),
                ..
            }),
        ] => {
            assert_eq!(order.market, 0);
            assert_eq!(order.proof_file.name, "brentford-home-goals-first-half");
        }
        other => panic!("expected a settle, got {other:?}"),
    }
}

/// The fixture's records as the local TxLINE API lists them, read into the open picker.
fn records_read(app: &mut App, fixture_id: i64) {
    let fixture = fulltime_matches::catalog::Catalog::committed()
        .fixture(fixture_id)
        .expect("a fixture of the catalog");
    let records = fixture
        .records
        .iter()
        .map(|record| record.to_score_record(fixture_id))
        .collect();
    update(
        app,
        Message::Records {
            fixture_id,
            read: Ok(RecordsRead {
                api: "http://127.0.0.1:8090".into(),
                records,
            }),
        },
    );
}

#[test]
fn the_fixtures_records_come_first_and_the_finalised_one_settles_by_record() {
    let mut app = loaded();
    let effects = press(&mut app, &[KeyCode::Down, KeyCode::Char('s')]);
    assert!(
        matches!(effects.as_slice(), [Effect::LoadRecords(18_502_311)]),
        "{effects:?}"
    );
    // Until they come, the proof files alone.
    assert!(render(&app, 80, 24).contains("TxLINE: reading the fixture's records..."));
    records_read(&mut app, 18_502_311);
    // Another fixture's answer (a picker opened before) changes nothing.
    update(
        &mut app,
        Message::Records {
            fixture_id: 1,
            read: Err("stale".into()),
        },
    );
    assert_snapshot!("settle_picker_records", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    match effects.as_slice() {
        [
            Effect::Send(Request::Order {
                order: Order::SettleByRecord(order),
                ..
            }),
        ] => {
            assert_eq!(order.market, 1);
            assert_eq!(order.pick, RecordPick::Finalised);
            assert!(!order.force);
        }
        other => panic!("expected a settle by record, got {other:?}"),
    }
}

#[test]
fn a_record_in_play_is_refused_before_sending() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Down, KeyCode::Char('s')]);
    records_read(&mut app, 18_502_311);
    assert!(
        press(&mut app, &[KeyCode::Down, KeyCode::Enter]).is_empty(),
        "nothing sent for the 87' record"
    );
    let screen = render(&app, 80, 24);
    assert!(screen.contains("ValueNotFinal"), "{screen}");
}

#[test]
fn an_api_out_of_reach_leaves_the_proof_files() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Down, KeyCode::Char('s')]);
    update(
        &mut app,
        Message::Records {
            fixture_id: 18_502_311,
            read: Err("cannot reach TxLINE at http://127.0.0.1:8090: connection refused".into()),
        },
    );
    let screen = render(&app, 80, 24);
    assert!(
        screen.contains("TxLINE: cannot reach TxLINE at http://127.0.0.1:8090: connection"),
        "{screen}"
    );
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(
        matches!(effects.as_slice(), [Effect::Send(Request::Order { order: Order::Settle(order), .. })] if order.proof_file.name == "arsenal-home-goals-over-1"),
        "{effects:?}"
    );
}
