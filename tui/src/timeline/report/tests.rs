//! The report's words, from made-up outcomes: the line per timeline, the failure's section, the
//! summary, `--verbose`'s steps, the JSON lines and the colour switch.

use std::time::Duration;

use fulltime_desk::output::timeline::{ExpectationRun, StepRun, TimelineFailure, TimelineRun};
use fulltime_desk::timeline::coverage::tally;

use super::colour::Colour;
use super::{Outcome, json, text};

const PLAIN: Colour = Colour { on: false };
const PAINTED: Colour = Colour { on: true };

fn step(name: &str, held: bool) -> StepRun {
    let mut step = StepRun::new(name, 1_779_000_000);
    step.done
        .push("alice claims from home-over-1: paid 1 USDC".into());
    step.expectations.push(ExpectationRun {
        what: "bob holds".into(),
        expected: "1 USDC".into(),
        found: if held { "1 USDC" } else { "2 USDC" }.into(),
        held,
    });
    step.invariants_held = held;
    step
}

fn outcome(failure: Option<TimelineFailure>) -> Outcome {
    let held = failure.is_none();
    Outcome {
        name: "pro-rata".into(),
        planned_steps: 3,
        run: TimelineRun {
            file: "t/pro-rata.toml".into(),
            steps: vec![step("stakes", true), step("claims", held)],
            failure,
            node: None,
            snapshot: None,
        },
        took: Duration::from_millis(412),
    }
}

fn bob_not_held() -> Option<TimelineFailure> {
    Some(TimelineFailure {
        step: "claims".into(),
        action: None,
        expected: "bob holds 1 USDC".into(),
        happened: "2 USDC".into(),
        logs: vec!["Program log: x".into()],
    })
}

#[test]
fn a_timeline_is_one_line_with_its_counts_and_time() {
    let passed = outcome(None);
    assert_eq!(
        text::timeline_line(&passed, PLAIN),
        "✓ pro-rata  2 steps, 2 expectations  0.41 s"
    );
    let failed = outcome(bob_not_held());
    assert_eq!(
        text::timeline_line(&failed, PLAIN),
        "✗ pro-rata  2 of 3 steps, 2 expectations  0.41 s"
    );
}

#[test]
fn a_failure_names_its_step_its_expectation_both_sides_and_the_logs() {
    let failed = outcome(bob_not_held());
    let failure = failed.run.failure.clone().expect("a failure");
    assert_eq!(
        text::failure_section(&failed, &failure, PLAIN),
        "---- pro-rata (t/pro-rata.toml) ----\n\
         step:        claims at 2026-05-17T06:40:00Z\n\
         expectation: bob holds\n\
         expected:    1 USDC\n\
         actual:      2 USDC\n\
         logs:\n  Program log: x"
    );
    let action = TimelineFailure {
        action: Some("carol claims from home-over-1".into()),
        expected: "refused with NotAWinner".into(),
        happened: "paid 1 USDC".into(),
        logs: Vec::new(),
        ..failure
    };
    assert_eq!(
        text::failure_section(&failed, &action, PLAIN),
        "---- pro-rata (t/pro-rata.toml) ----\n\
         step:        claims at 2026-05-17T06:40:00Z\n\
         action:      carol claims from home-over-1\n\
         expected:    refused with NotAWinner\n\
         actual:      paid 1 USDC"
    );
}

#[test]
fn verbose_steps_are_one_item_a_line_indented() {
    let failed = outcome(bob_not_held());
    assert_eq!(
        text::steps_block(&failed.run.steps, PLAIN),
        "    2026-05-17T06:40:00Z  stakes\n\
         \x20     alice claims from home-over-1: paid 1 USDC\n\
         \x20     bob holds 1 USDC: held\n\
         \x20     invariants held\n\
         \x20   2026-05-17T06:40:00Z  claims\n\
         \x20     alice claims from home-over-1: paid 1 USDC\n\
         \x20     bob holds 1 USDC: NOT HELD, found 2 USDC"
    );
}

#[test]
fn the_summary_counts_and_times_the_suite() {
    let took = Duration::from_millis(1_940);
    assert_eq!(
        text::summary_line(6, 0, took, PLAIN),
        "6 passed, 0 failed, 1.9 s"
    );
    assert_eq!(
        text::summary_line(5, 1, took, PAINTED),
        "\x1b[31m5 passed, 1 failed, 1.9 s\x1b[0m"
    );
}

#[test]
fn colour_only_when_painted_and_never_in_plain_text() {
    let failed = outcome(bob_not_held());
    let failure = failed.run.failure.clone().expect("a failure");
    let plain = [
        text::timeline_line(&failed, PLAIN),
        text::failure_section(&failed, &failure, PLAIN),
        text::steps_block(&failed.run.steps, PLAIN),
        text::summary_line(0, 1, failed.took, PLAIN),
    ];
    assert!(plain.iter().all(|text| !text.contains('\x1b')), "{plain:?}");
    let painted = text::timeline_line(&failed, PAINTED);
    assert!(painted.starts_with("\x1b[31m✗\x1b[0m"), "{painted:?}");
}

#[test]
fn each_json_event_is_one_line_that_parses_alone() {
    let failed = outcome(bob_not_held());
    for value in [
        json::finished(&failed),
        json::summary(0, 1, failed.took, &tally(std::slice::from_ref(&failed.run))),
    ] {
        let line = value.to_string();
        assert!(!line.contains('\n'), "{line}");
        let parsed: serde_json::Value = serde_json::from_str(&line).expect("one object");
        assert!(parsed["event"].is_string(), "{line}");
    }
    let finished = json::finished(&failed);
    assert_eq!(finished["passed"], false);
    assert_eq!(finished["run"]["failure"]["step"], "claims");
}
