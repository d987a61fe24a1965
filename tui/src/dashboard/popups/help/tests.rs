//! The help: from the key table, scrolled at 80x24, and Esc before q.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use insta::assert_snapshot;

use crate::dashboard::keys::{Mode, message_for};
use crate::dashboard::test_support::{loaded, press, render};
use crate::dashboard::update::update;

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
    let quit = message_for(
        Mode::of(&app),
        KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL),
    );
    update(&mut app, quit.expect("ctrl-c"));
    assert!(app.quit);
}
