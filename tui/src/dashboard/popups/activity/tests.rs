//! The activity picker.

use crossterm::event::KeyCode;

use crate::dashboard::activity::{Activity, ActivityState};
use crate::dashboard::message::Done;
use crate::dashboard::test_support::{loaded, press, render};

#[test]
fn a_long_activity_keeps_the_picked_line_in_view() {
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
