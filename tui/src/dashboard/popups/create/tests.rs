//! The create-market form, blank and from a proof file.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::keys::Mode;
use crate::dashboard::test_support::{loaded, press, render, typed};
use fulltime_desk::actions::Order;
use fulltime_desk::samples::FINAL_AT;

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
        [
            Effect::Send(Request::Order {
                order: Order::Create(order),
                ..
            }),
        ] => {
            assert_eq!(order.now, FINAL_AT - 42);
            let terms = &order.terms;
            assert_eq!(terms.question, "Will Arsenal score?");
            assert_eq!(terms.fixture_id, 18_502_311);
            assert_eq!(terms.close_time, FINAL_AT - 42 + 3_600);
        }
        other => panic!("expected a create, got {other:?}"),
    }

    // From a proof file, then a question too long: the counter and the program's error.
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('N')]);
    assert_snapshot!("create_from_proof_file", render(&app, 80, 24));
    typed(&mut app, &"!".repeat(100));
    assert_snapshot!("create_question_too_long", render(&app, 80, 24));
    assert!(press(&mut app, &[KeyCode::Enter]).is_empty());
}
