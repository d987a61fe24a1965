//! The timeline pane: part-way through a timeline, a step whose expectation did not hold, a
//! branch, and its keys through the router.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use super::*;
use crate::dashboard::app::App;
use crate::dashboard::component::still_running;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Done, Stage};
use crate::dashboard::popups::drop_branch::DropBranch;
use crate::dashboard::test_support::{loaded, press, render};
use crate::dashboard::update::update;
use fulltime_desk::output::timeline::ExpectationRun;

const STAKES_AT: i64 = 1_778_938_200;

pub(super) fn headings() -> Vec<StepHeading> {
    [
        "stakes",
        "late stake",
        "settle",
        "final",
        "claims",
        "double claim",
    ]
    .iter()
    .zip(0..)
    .map(|(name, minutes)| StepHeading {
        name: (*name).to_owned(),
        at: STAKES_AT + minutes * 60,
    })
    .collect()
}

pub(super) fn expectation(what: &str, expected: &str, found: &str) -> ExpectationRun {
    ExpectationRun {
        what: what.to_owned(),
        expected: expected.to_owned(),
        found: found.to_owned(),
        held: expected == found,
    }
}

pub(super) fn stepped(index: usize, expectations: Vec<ExpectationRun>) -> TimelineNews {
    let heading = &headings()[index];
    let mut run = StepRun::new(&heading.name, heading.at);
    let failure = expectations
        .iter()
        .find(|expectation| !expectation.held)
        .map(|broken| {
            Box::new(TimelineFailure {
                step: heading.name.clone(),
                action: None,
                expected: format!("{} {}", broken.what, broken.expected),
                happened: broken.found.clone(),
                logs: Vec::new(),
            })
        });
    run.invariants_held = failure.is_none();
    run.expectations = expectations;
    TimelineNews::Stepped {
        index,
        run: Box::new(run),
        failure,
    }
}

/// A dashboard with `pro-rata-payouts` set up and its first three steps run, the pane shown.
pub(super) fn part_way() -> App {
    let mut app = loaded();
    update(
        &mut app,
        Message::Timeline(TimelineNews::Opened {
            name: "pro-rata-payouts".to_owned(),
            steps: headings(),
            played: 0,
        }),
    );
    update(
        &mut app,
        Message::Timeline(stepped(
            0,
            vec![
                expectation("home-over-1's stage", "open", "open"),
                expectation("alice holds", "90 USDC", "90 USDC"),
            ],
        )),
    );
    update(
        &mut app,
        Message::Timeline(stepped(
            1,
            vec![expectation("home-over-1's stage", "closed", "closed")],
        )),
    );
    update(
        &mut app,
        Message::Timeline(stepped(
            2,
            vec![expectation(
                "home-over-1's stage",
                "provisional YES",
                "provisional YES",
            )],
        )),
    );
    app
}

/// The request running went through, saying `summary`.
pub(super) fn gone_through(summary: impl Into<String>) -> Message {
    Message::Finished(Ok(Done {
        summary: summary.into(),
        signature: None,
        short_signature: String::new(),
        explorer: String::new(),
    }))
}

/// A hand request, sent and gone through, as the router sees it.
fn deposit_by_hand(app: &mut App) -> Vec<Effect> {
    press(app, &[KeyCode::Char('T')]);
    press(app, &[KeyCode::Char('d')]);
    crate::dashboard::test_support::typed(app, "1");
    press(app, &[KeyCode::Enter]);
    update(app, Message::Stage(Stage::Confirming));
    update(app, gone_through("Deposited 1 USDC on YES in market 0"))
}

#[test]
fn part_way_at_both_sizes() {
    let app = part_way();
    assert_eq!(Mode::of(&app), Mode::Timeline);
    assert_snapshot!("timeline_part_way_120x40", render(&app, 120, 40));
    assert_snapshot!("timeline_part_way_80x24", render(&app, 80, 24));
}

#[test]
fn an_expectation_not_held_is_red_with_its_step_s_name() {
    let mut app = part_way();
    update(
        &mut app,
        Message::Timeline(stepped(
            3,
            vec![expectation(
                "home-over-1's stage",
                "resolved YES",
                "provisional YES, final in 1m",
            )],
        )),
    );
    let screen = render(&app, 120, 40);
    assert!(
        screen.contains("NOT HELD  in step final: home-over-1's stage resolved YES"),
        "{screen}"
    );
    assert_snapshot!("timeline_not_held_120x40", screen);
    assert_snapshot!("timeline_not_held_80x24", render(&app, 80, 24));
}

#[test]
fn a_hand_request_makes_a_branch_and_stepping_back_asks_first() {
    let mut app = part_way();
    let effects = deposit_by_hand(&mut app);
    assert!(
        effects
            .iter()
            .any(|effect| matches!(effect, Effect::CheckTimeline)),
        "{effects:?}"
    );
    let desk = app.timeline.desk.as_ref().expect("a timeline");
    assert_eq!(
        desk.branch,
        Some(Branch {
            from: Some(2),
            actions: 1
        })
    );
    // Esc closes the result; T shows the pane again.
    press(&mut app, &[KeyCode::Esc, KeyCode::Char('T')]);
    assert_snapshot!("timeline_branch_120x40", render(&app, 120, 40));
    assert_snapshot!("timeline_branch_80x24", render(&app, 80, 24));
    press(&mut app, &[KeyCode::Char('b')]);
    assert!(app.shows::<DropBranch>());
    assert_snapshot!("timeline_drop_branch", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(
        matches!(
            effects.as_slice(),
            [Effect::Send(Request::Timeline(TimelineOrder::Back))]
        ),
        "{effects:?}"
    );
    update(
        &mut app,
        Message::Timeline(TimelineNews::SteppedBack { next: 2 }),
    );
    let desk = app.timeline.desk.as_ref().expect("a timeline");
    assert_eq!(
        (desk.branch, desk.next, desk.invariants.clone()),
        (None, 2, InvariantsState::Held)
    );
    assert!(desk.steps[2].run.is_none());
}

#[test]
fn the_keys_send_the_next_step_run_to_and_step_back() {
    let mut app = part_way();
    let effects = press(&mut app, &[KeyCode::Char(' ')]);
    assert!(
        matches!(
            effects.as_slice(),
            [Effect::Send(Request::Timeline(TimelineOrder::Next))]
        ),
        "{effects:?}"
    );
    // While it runs, the next key waits; no popup is in the way.
    assert!(app.popup.is_none());
    assert!(press(&mut app, &[KeyCode::Char('b')]).is_empty());
    assert_eq!(app.notice.as_deref(), Some(still_running().as_str()));
    update(&mut app, gone_through("Step final: every expectation held"));
    // A timeline's own request makes no branch.
    assert_eq!(
        app.timeline.desk.as_ref().and_then(|desk| desk.branch),
        None
    );
    press(&mut app, &[KeyCode::Down, KeyCode::Down]);
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(
        matches!(
            effects.as_slice(),
            [Effect::Send(Request::Timeline(TimelineOrder::RunTo(5)))]
        ),
        "{effects:?}"
    );
    update(&mut app, gone_through(""));
    press(&mut app, &[KeyCode::Home]);
    assert!(press(&mut app, &[KeyCode::Enter]).is_empty());
    assert_eq!(
        app.notice.as_deref(),
        Some("Step stakes has run; b steps back")
    );
    let effects = press(&mut app, &[KeyCode::Char('b')]);
    assert!(
        matches!(
            effects.as_slice(),
            [Effect::Send(Request::Timeline(TimelineOrder::Back))]
        ),
        "{effects:?}"
    );
    // Esc (or T) goes back to the market list; T shows the pane again.
    press(&mut app, &[KeyCode::Esc]);
    assert_eq!(Mode::of(&app), Mode::List);
    press(&mut app, &[KeyCode::Char('T')]);
    assert_eq!(Mode::of(&app), Mode::Timeline);
}

#[test]
fn a_broken_invariant_is_named_in_the_header() {
    let mut app = part_way();
    update(
        &mut app,
        Message::Timeline(TimelineNews::Checked(InvariantsState::Broken(
            "the vault holds its pools less what was paid out of it (home-over-1): 21 USDC"
                .to_owned(),
        ))),
    );
    let screen = render(&app, 120, 40);
    assert!(
        screen.contains("INVARIANT BROKEN: the vault holds its pools"),
        "{screen}"
    );
}

/// A timeline taken over from a bundle at its step: the steps played before are marked run (in
/// dim), the next is the one after, and stepping back has nothing before it to go to.
#[test]
fn a_bundles_timeline_opens_at_its_step() {
    let mut app = loaded();
    update(
        &mut app,
        Message::Timeline(TimelineNews::Opened {
            name: "the bundle's timeline".to_owned(),
            steps: headings(),
            played: 3,
        }),
    );
    let desk = app.timeline.desk.as_ref().expect("a desk");
    assert_eq!(
        (desk.next, desk.played_before, desk.current()),
        (3, 3, Some(2))
    );
    let screen = render(&app, 120, 40);
    assert!(screen.contains("step 3/6"), "{screen}");
    assert_snapshot!("timeline_from_a_bundle_120x40", screen);
}
