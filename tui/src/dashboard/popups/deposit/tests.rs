//! The deposit form: checked as typed, its order, its stages and its result.

use crossterm::event::KeyCode;
use fulltime_client::side::Side;
use insta::assert_snapshot;

use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Done, Message, Stage};
use crate::dashboard::test_support::{loaded, press, render, typed};
use crate::dashboard::update::update;
use fulltime_desk::actions::Order;
use fulltime_desk::samples::FINAL_AT;

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
        [
            Effect::Send(Request::Order {
                order: Order::Deposit(order),
                held: Some(held),
            }),
        ] => {
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
        update(&mut app, Message::Stage(stage));
        assert_snapshot!(
            format!("deposit_stage_{}", stage.step()),
            render(&app, 80, 24)
        );
    }
    let effects = update(
        &mut app,
        Message::Finished(Ok(Done {
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
