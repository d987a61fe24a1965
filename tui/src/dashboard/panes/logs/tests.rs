//! The log view: following, scrolling, sideways, each file in its place, the ring of 5,000 lines.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use crate::dashboard::app::App;
use crate::dashboard::keys::Mode;
use crate::dashboard::log_source::{LogRead, LogSource};
use crate::dashboard::message::Message;
use crate::dashboard::test_support::{faucet_log, loaded, log_lines, node_log, press, render};
use crate::dashboard::update::update;

fn numbered(range: std::ops::Range<usize>) -> Vec<String> {
    range.map(|number| format!("line {number}")).collect()
}

#[test]
fn the_log_view_follows_the_node_and_the_faucet() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('l')]);
    assert_eq!(Mode::of(&app), Mode::Logs);
    assert_snapshot!("logs_waiting", render(&app, 80, 24));
    update(&mut app, Message::Log(LogSource::Node, LogRead::Missing));
    assert_snapshot!("logs_missing", render(&app, 80, 24));
    update(
        &mut app,
        Message::Log(LogSource::Node, log_lines(Vec::new())),
    );
    assert_snapshot!("logs_empty", render(&app, 80, 24));
    update(
        &mut app,
        Message::Log(LogSource::Node, log_lines(node_log())),
    );
    assert_snapshot!("logs_following", render(&app, 80, 24));
    press(&mut app, &[KeyCode::PageUp]);
    assert_snapshot!("logs_scrolled_up", render(&app, 80, 24));
    update(
        &mut app,
        Message::Log(LogSource::Faucet, log_lines(faucet_log())),
    );
    press(&mut app, &[KeyCode::Tab]);
    assert_eq!(app.logs.shown, LogSource::Faucet);
    assert_snapshot!("logs_faucet", render(&app, 80, 24));
    press(&mut app, &[KeyCode::Right, KeyCode::Right, KeyCode::Right]);
    assert_snapshot!("logs_faucet_sideways", render(&app, 80, 24));
    update(&mut app, Message::Log(LogSource::Faucet, LogRead::Missing));
    assert_snapshot!("logs_faucet_missing", render(&app, 80, 24));
    // Each file keeps its own place: the node's is still scrolled up.
    press(&mut app, &[KeyCode::Tab]);
    assert!(!app.logs.node.following());
    press(&mut app, &[KeyCode::Char('?')]);
    assert_snapshot!("logs_help", render(&app, 100, 40));
    press(&mut app, &[KeyCode::Esc]);
    assert_eq!(Mode::of(&app), Mode::Logs, "Esc closes the help first");
    press(&mut app, &[KeyCode::Esc]);
    assert_eq!(Mode::of(&app), Mode::List);
    press(&mut app, &[KeyCode::Char('l'), KeyCode::Char('l')]);
    assert_eq!(Mode::of(&app), Mode::List, "l goes back too");
    assert_eq!(render(&app, 130, 34), render(&loaded(), 130, 34));
}

#[test]
fn the_log_view_scrolls_follows_and_keeps_its_place() {
    let mut app = loaded();
    update(&mut app, Message::Resize(24));
    press(&mut app, &[KeyCode::Char('l')]);
    update(
        &mut app,
        Message::Log(LogSource::Node, log_lines(numbered(0..100))),
    );
    // 24 rows: 20 lines of log, the last ones while following.
    let node = |app: &App| (app.logs.node.top_index(20), app.logs.node.following());
    assert_eq!(node(&app), (80, true));
    press(&mut app, &[KeyCode::Up]);
    assert_eq!(node(&app), (79, false));
    press(&mut app, &[KeyCode::Down]);
    assert_eq!(node(&app), (80, true), "back at the end, following again");
    press(&mut app, &[KeyCode::PageUp]);
    assert_eq!(node(&app), (61, false), "a page keeps one line for context");
    update(&mut app, Message::Scroll(-1));
    assert_eq!(node(&app), (58, false), "the wheel moves three lines");

    // New lines leave a scrolled view where it is; a following one shows them.
    update(
        &mut app,
        Message::Log(LogSource::Node, log_lines(numbered(100..110))),
    );
    assert_eq!(node(&app), (58, false));
    press(&mut app, &[KeyCode::Home]);
    assert_eq!(node(&app), (0, false));
    press(&mut app, &[KeyCode::PageDown, KeyCode::Char('j')]);
    assert_eq!(node(&app), (20, false));
    press(&mut app, &[KeyCode::End]);
    assert_eq!(node(&app), (90, true));
    update(
        &mut app,
        Message::Log(LogSource::Node, log_lines(numbered(110..111))),
    );
    assert_eq!(node(&app), (91, true));

    // The ring keeps the last 5,000 lines; a scrolled view stays on its lines while it can.
    press(&mut app, &[KeyCode::Char('g'), KeyCode::Char('j')]);
    update(
        &mut app,
        Message::Log(LogSource::Node, log_lines(numbered(111..5_000))),
    );
    assert_eq!(app.logs.node.lines.len(), 5_000);
    assert_eq!(app.logs.node.lines[app.logs.node.top_index(20)], "line 1");
    update(
        &mut app,
        Message::Log(LogSource::Node, log_lines(numbered(5_000..5_003))),
    );
    assert_eq!(app.logs.node.lines.len(), 5_000);
    assert_eq!(
        app.logs.node.lines.front().map(String::as_str),
        Some("line 3")
    );
    assert_eq!(app.logs.node.lines[app.logs.node.top_index(20)], "line 3");
    update(
        &mut app,
        Message::Log(LogSource::Node, log_lines(numbered(0..7_000))),
    );
    assert_eq!(app.logs.node.lines.len(), 5_000);
    assert_eq!(
        app.logs.node.lines.front().map(String::as_str),
        Some("line 2000")
    );

    // A truncated file starts over, following.
    update(
        &mut app,
        Message::Log(
            LogSource::Node,
            LogRead::Lines {
                restarted: true,
                lines: numbered(0..3),
            },
        ),
    );
    assert_eq!(app.logs.node.lines.len(), 3);
    assert_eq!(node(&app), (0, true));
    press(&mut app, &[KeyCode::Up, KeyCode::Home]);
    assert!(
        app.logs.node.following(),
        "nothing to scroll in a short log"
    );

    // Sideways no further than the longest line; the faucet's place is its own.
    press(&mut app, &[KeyCode::Right]);
    assert_eq!(app.logs.node.shift, 6);
    press(&mut app, &[KeyCode::Left, KeyCode::Left]);
    assert_eq!(app.logs.node.shift, 0);
    press(&mut app, &[KeyCode::Tab]);
    assert_eq!(app.logs.shown, LogSource::Faucet);
    assert_eq!(Mode::of(&app), Mode::Logs);
    // A taller terminal has a longer page.
    update(&mut app, Message::Resize(44));
    update(
        &mut app,
        Message::Log(LogSource::Faucet, log_lines(numbered(0..100))),
    );
    press(&mut app, &[KeyCode::PageUp]);
    assert_eq!(app.logs.faucet.top_index(40), 21);
    // Keys of the markets do nothing here.
    assert!(press(&mut app, &[KeyCode::Char('f'), KeyCode::Char('d')]).is_empty());
    assert!(app.popup.is_none());
}
