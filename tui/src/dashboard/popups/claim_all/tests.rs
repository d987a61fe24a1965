//! Claim all's confirmation, and its notice when nothing is payable.

use crossterm::event::KeyCode;
use fulltime_client::side::Side;
use insta::assert_snapshot;

use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::message::Message;
use crate::dashboard::popups::claim_all::ClaimAll;
use crate::dashboard::popups::progress::Progress;
use crate::dashboard::test_support::{chain, loaded, press, render};
use crate::dashboard::update::update;
use fulltime_desk::actions::Order;
use fulltime_desk::samples::sample_position;

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
    update(&mut app, Message::Chain(Ok(owed)));
    press(&mut app, &[KeyCode::Char('C')]);
    assert!(app.shows::<ClaimAll>());
    assert_snapshot!("claim_all_80x24", render(&app, 80, 24));
    assert_snapshot!("claim_all_120x40", render(&app, 120, 40));
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Send(Request::Order {
            order: Order::ClaimAll,
            ..
        })]
    ));
    assert!(app.shows::<Progress>());

    // Nothing payable yet: a notice says what comes next, and nothing opens.
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('C')]);
    assert!(app.popup.is_none());
    assert_eq!(
        app.notice.as_deref(),
        Some("Nothing to claim or refund yet; next: market 2 at 2026-05-16T16:10:00Z")
    );
}
