//! The whole screen: its layout, the header and its banner, the hint bar from the keys in force,
//! and what reaches a cell.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use crate::dashboard::action::Action;
use crate::dashboard::app::App;
use crate::dashboard::keys;
use crate::dashboard::popups::deposit::DepositForm;
use crate::dashboard::popups::help::Help;
use crate::dashboard::session_view::SessionView;
use crate::dashboard::test_support::{
    chain, committed_proof_files, live, loaded, press, refused, render, session,
};
use crate::dashboard::update::update;
use crate::output::market::tests::HOSTILE_QUESTION;

#[test]
fn loading_then_loaded() {
    let app = App::new(session(), Vec::new());
    assert_snapshot!("loading", render(&app, 80, 24));
    assert_snapshot!("loaded_80x24", render(&loaded(), 80, 24));
    assert_snapshot!("loaded_130x34", render(&loaded(), 130, 34));
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
fn the_header_says_which_chain_localnet_serves_and_since_when() {
    let mut app = App::new(
        SessionView {
            chain: Some("resumed chain, made 2026-11-20T00:00:00Z".into()),
            ..session()
        },
        committed_proof_files(),
    );
    update(&mut app, Action::Chain(Ok(chain())));
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
