//! The confirmation of a claim or a refund.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::message::{Command, Message};
use crate::dashboard::test_support::{loaded, press, render};
use crate::dashboard::update::update;
use fulltime_desk::actions::Order;
use fulltime_desk::output::receipt::payout::PayoutKind;

#[test]
fn claim_and_refund_confirm_first() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Down, KeyCode::Down, KeyCode::Down]);
    assert_eq!(app.list.selected, Some(3));
    press(&mut app, &[KeyCode::Char('c')]);
    assert_snapshot!("confirm_claim", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Send(Request::Order { order: Order::Payout(order), .. })]
            if (order.kind, order.market) == (PayoutKind::Claim, 3)
    ));
    // While it runs, another transaction waits.
    update(&mut app, Message::Command(Command::Back));
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
