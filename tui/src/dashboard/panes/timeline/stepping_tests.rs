//! Stepping through a timeline at the keyboard: each Space runs a step with no popup between,
//! a step's end is said on the pane's status line (red when it stopped), a real failure keeps
//! its popup, and the title and hint bar are whole at 80 columns.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use super::tests::{expectation, gone_through, headings, part_way, stepped};
use super::*;
use crate::dashboard::app::App;
use crate::dashboard::failure::FailureView;
use crate::dashboard::popups::failure::FailurePopup;
use crate::dashboard::popups::progress::Progress;
use crate::dashboard::popups::timelines::TimelinePicker;
use crate::dashboard::test_support::{loaded, press, render};
use crate::dashboard::update::update;
use fulltime_desk::error::Error;

/// The chain's description as localnet gives it: what crowded the title at 80 columns.
const CHAIN: &str = "new chain, made 2026-11-28T06:49:39Z";

/// `pro-rata-payouts` just set up, its pane shown, no step run.
fn set_up() -> App {
    let mut app = loaded();
    update(
        &mut app,
        Message::Timeline(TimelineNews::Opened {
            name: "pro-rata-payouts".to_owned(),
            steps: headings(),
            played: 0,
        }),
    );
    app
}

fn is_next_step(effects: &[Effect]) -> bool {
    matches!(
        effects,
        [Effect::Send(Request::Timeline(TimelineOrder::Next))]
    )
}

/// The row of the pane's bottom border, where its status line is.
fn status_row(screen: &str) -> &str {
    screen
        .lines()
        .find(|line| line.starts_with("\"└"))
        .unwrap_or_default()
}

/// Presses Space `count` times, each step running and going through in between: each Space
/// asks for the next step, and no popup is open while it runs or after it went through.
fn step_by_space(app: &mut App, count: usize) {
    for index in 0..count {
        let effects = press(app, &[KeyCode::Char(' ')]);
        assert!(is_next_step(&effects), "Space {index}: {effects:?}");
        assert!(app.popup.is_none(), "a popup while step {index} runs");
        update(
            app,
            Message::Timeline(stepped(index, vec![expectation("stage", "open", "open")])),
        );
        let name = &headings()[index].name;
        update(
            app,
            gone_through(format!("Step {name}: every expectation held")),
        );
        assert!(app.popup.is_none(), "a popup after step {index}");
    }
}

#[test]
fn space_n_times_runs_n_steps_with_no_popup_between() {
    let mut app = set_up();
    step_by_space(&mut app, 3);
    assert_eq!(app.timeline.desk.as_ref().map(|desk| desk.next), Some(3));
    let screen = render(&app, 80, 24);
    assert!(
        status_row(&screen).contains("✓ Step settle: every expectation held"),
        "{screen}"
    );
}

#[test]
fn the_status_line_says_a_step_running_why_a_key_did_nothing_then_its_end() {
    let mut app = set_up();
    press(&mut app, &[KeyCode::Char(' ')]);
    let screen = render(&app, 80, 24);
    assert!(
        status_row(&screen).contains("Timeline: step stakes: checking"),
        "{screen}"
    );
    press(&mut app, &[KeyCode::Char(' ')]);
    let screen = render(&app, 80, 24);
    assert!(
        status_row(&screen).contains("A transaction is still running"),
        "{screen}"
    );
    // The step's end replaces the refusal.
    update(&mut app, Message::Timeline(stepped(0, Vec::new())));
    update(
        &mut app,
        gone_through("Step stakes: every expectation held"),
    );
    let screen = render(&app, 80, 24);
    assert!(
        status_row(&screen).contains("✓ Step stakes: every expectation held"),
        "{screen}"
    );
}

#[test]
fn a_step_that_stops_is_red_on_the_status_line_and_the_next_space_still_steps() {
    let mut app = part_way();
    press(&mut app, &[KeyCode::Char(' ')]);
    update(
        &mut app,
        Message::Timeline(stepped(
            3,
            vec![expectation("stage", "resolved YES", "provisional YES")],
        )),
    );
    let said = "Step final: expected stage resolved YES, happened provisional YES";
    update(&mut app, gone_through(said));
    assert!(app.popup.is_none());
    assert_eq!(
        app.timeline.outcome,
        Some(Outcome::Stopped(said.to_owned()))
    );
    assert!(status_row(&render(&app, 120, 40)).contains(&format!("✗ {said}")));
    assert!(is_next_step(&press(&mut app, &[KeyCode::Char(' ')])));
}

#[test]
fn a_failed_step_keeps_the_failure_popup_and_says_it_on_the_status_line() {
    let mut app = part_way();
    press(&mut app, &[KeyCode::Char(' ')]);
    let error = Error::BundleUnreadable("no such file".to_owned());
    update(
        &mut app,
        Message::Finished(Err(FailureView::new("Timeline", &error))),
    );
    assert!(app.shows::<FailurePopup>());
    assert!(matches!(app.timeline.outcome, Some(Outcome::Failed(_))));
    press(&mut app, &[KeyCode::Esc]);
    let screen = render(&app, 120, 40);
    assert!(
        status_row(&screen).contains("✗ Timeline: step final failed:"),
        "{screen}"
    );
}

#[test]
fn setting_up_shows_its_progress_then_the_pane_takes_the_next_space() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('T')]);
    assert!(app.shows::<TimelinePicker>());
    press(&mut app, &[KeyCode::Enter]);
    // The pane is not there yet: the progress popup says the setting up.
    assert!(app.shows::<Progress>());
    update(
        &mut app,
        Message::Timeline(TimelineNews::Opened {
            name: "abandoned-match".to_owned(),
            steps: headings(),
            played: 0,
        }),
    );
    update(
        &mut app,
        gone_through("Timeline abandoned-match set up: 3 wallets in the book"),
    );
    assert!(app.popup.is_none());
    assert!(is_next_step(&press(&mut app, &[KeyCode::Char(' ')])));
}

#[test]
fn the_title_and_the_bar_are_whole_at_80_columns() {
    let mut app = set_up();
    app.session.chain = Some(CHAIN.to_owned());
    step_by_space(&mut app, 3);
    let screen = render(&app, 80, 24);
    let lines: Vec<&str> = screen.lines().collect();
    assert!(
        lines[0].contains("localnet · timeline: step 3/6 settle · invariants held"),
        "{screen}"
    );
    assert!(
        lines[23].trim_end_matches('"').trim_end().ends_with(
            "q quit  Esc close  ? help  T timeline  Space step  b step back  Enter run to"
        ),
        "{screen}"
    );
    assert_snapshot!("timeline_whole_title_and_bar_80x24", screen);
    // With room, the title keeps the chain's description.
    assert!(render(&app, 120, 40).contains(CHAIN));
}

#[test]
fn a_branch_and_a_reason_fit_the_title_at_80_columns() {
    let mut app = part_way();
    app.session.chain = Some(CHAIN.to_owned());
    if let Some(desk) = &mut app.timeline.desk {
        desk.branch = Some(Branch {
            from: Some(2),
            actions: 1,
        });
        desk.invariants = InvariantsState::NotRead("not read: step settle stopped first".into());
    }
    let screen = render(&app, 80, 24);
    let title = screen.lines().next().unwrap_or_default();
    assert!(
        title.contains("step 3/6 settle · invariants not read · branch from settle"),
        "{screen}"
    );
}
