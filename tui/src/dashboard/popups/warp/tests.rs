//! The warp form's targets and what Enter sends.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Done, Message};
use crate::dashboard::test_support::{before_the_result, loaded, press, render, typed};
use crate::dashboard::update::update;
use fulltime_desk::actions::Order;
use fulltime_desk::input::When;
use fulltime_desk::samples::{FINAL_AT, PROOF_TS};

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
        [Effect::Send(Request::Order { order: Order::Warp { to: When::At(to) }, .. })] if *to == close
    ));
    update(
        &mut app,
        Message::Finished(Ok(Done {
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
        [Effect::Send(Request::Order { order: Order::Warp { to: When::At(to) }, .. })] if *to == two_days
    ));
}

#[test]
fn the_warp_goes_to_the_batch_of_a_result_not_published_yet() {
    let mut app = before_the_result();
    press(&mut app, &[KeyCode::Char('w')]);
    assert_snapshot!("warp_to_the_result", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(
        matches!(
            effects.as_slice(),
            [Effect::Send(Request::Order { order: Order::Warp { to: When::At(to) }, .. })] if *to == PROOF_TS / 1_000
        ),
        "{effects:?}"
    );
}
