use super::*;
use crate::output::timeline::ActRun;

fn refused(kind: &'static str, program: Option<&str>, error: &str) -> ActRun {
    ActRun {
        kind,
        market: Some("home".into()),
        outcome: ActOutcome::Refused {
            program: program.map(str::to_owned),
            error: error.into(),
        },
    }
}

fn done(kind: &'static str) -> ActRun {
    ActRun {
        kind,
        market: Some("home".into()),
        outcome: ActOutcome::Done,
    }
}

fn step(name: &str, acts: Vec<ActRun>, stages: &[&'static str]) -> StepRun {
    let mut step = StepRun::new(name, 1_779_000_000);
    step.acts = acts;
    step.stages = stages
        .iter()
        .map(|stage| MarketStage {
            market: "home".into(),
            stage,
        })
        .collect();
    step
}

fn run(file: &str, steps: Vec<StepRun>) -> TimelineRun {
    TimelineRun {
        file: file.into(),
        steps,
        failure: None,
        node: None,
        snapshot: None,
    }
}

fn sample() -> Vec<TimelineRun> {
    vec![
        run(
            "fixtures/timelines/late.toml",
            vec![
                step("stakes", vec![done("deposit"), done("deposit")], &["open"]),
                step(
                    "after the close",
                    vec![refused("deposit", Some("settlement"), "MarketClosed")],
                    &["closed"],
                ),
                step("settle", vec![done("settle")], &["provisional"]),
            ],
        ),
        run(
            "other.toml",
            vec![
                step(
                    "late",
                    vec![
                        refused("deposit", Some("settlement"), "MarketClosed"),
                        refused("settle", Some("oracle"), "RootNotAvailable"),
                        refused("claim", None, "NotResolved"),
                    ],
                    &["closed"],
                ),
                // A far warp: closed straight to expired.
                step("grace", vec![], &["expired"]),
            ],
        ),
    ]
}

fn error<'a>(coverage: &'a Coverage, program: &str, name: &str) -> &'a ErrorCoverage {
    coverage
        .errors
        .iter()
        .find(|error| error.program == program && error.name == name)
        .unwrap_or_else(|| panic!("{program}:{name} listed"))
}

#[test]
fn an_error_is_reached_where_the_chain_refused_with_it_first() {
    let coverage = tally(&sample());
    let closed = error(&coverage, "settlement", "MarketClosed");
    assert_eq!(closed.reached_by.len(), 2);
    assert_eq!(
        closed.reached_by[0],
        Place {
            timeline: "late".into(),
            step: "after the close".into()
        }
    );
    assert_eq!(
        error(&coverage, "oracle", "RootNotAvailable").reached_by[0].timeline,
        "other"
    );
    assert!(
        error(&coverage, "settlement", "OutcomeLocked")
            .reached_by
            .is_empty()
    );
    // The client's own refusal is listed, apart from the programs' catalog.
    assert_eq!(
        error(&coverage, "client", "NotResolved").reached_by.len(),
        1
    );
}

#[test]
fn every_settlement_and_oracle_error_is_listed_with_the_unreachable_explained() {
    let coverage = tally(&[]);
    let settlement = coverage
        .errors
        .iter()
        .filter(|error| error.program == "settlement")
        .count();
    assert_eq!(settlement, fulltime_client::errors::SETTLEMENT_ERRORS.len());
    assert!(
        coverage
            .errors
            .iter()
            .any(|error| error.program == "oracle")
    );
    assert!(
        error(&coverage, "settlement", "InvalidVault")
            .unreachable
            .is_some()
    );
    assert!(
        error(&coverage, "settlement", "MarketClosed")
            .unreachable
            .is_none()
    );
    let unreached = coverage.unreached();
    assert!(unreached.contains(&"settlement:MarketClosed".to_owned()));
    assert!(!unreached.contains(&"settlement:InvalidVault".to_owned()));
}

#[test]
fn stages_and_transitions_are_counted_per_market_from_step_to_step() {
    let coverage = tally(&sample());
    let visited = |list: &[Visited], what: &str| {
        list.iter()
            .find(|visited| visited.what == what)
            .map(|visited| visited.by.len())
    };
    assert_eq!(visited(&coverage.stages, "closed"), Some(2));
    assert_eq!(visited(&coverage.stages, "resolved"), Some(0));
    assert_eq!(visited(&coverage.transitions, "open → closed"), Some(1));
    assert_eq!(
        visited(&coverage.transitions, "closed → provisional"),
        Some(1)
    );
    assert_eq!(visited(&coverage.transitions, "closed → expired"), Some(1));
    assert_eq!(
        visited(&coverage.transitions, "provisional → resolved"),
        Some(0)
    );
    // The second timeline's market starts anew: no jump from the first one's provisional.
    assert_eq!(visited(&coverage.transitions, "provisional → closed"), None);
}

#[test]
fn actions_count_what_went_through_and_what_refused_them() {
    let coverage = tally(&sample());
    let deposit = coverage
        .actions
        .iter()
        .find(|action| action.kind == "deposit")
        .expect("deposit");
    assert_eq!(deposit.done, 2);
    assert_eq!(deposit.refused.get("settlement:MarketClosed"), Some(&2));
    let unreached = coverage.unreached();
    assert!(unreached.contains(&"faucet (never sent)".to_owned()));
    assert!(!unreached.iter().any(|what| what.starts_with("deposit")));
}

#[test]
fn the_text_marks_reached_unreached_and_unreachable_and_ends_with_what_is_left() {
    let text = tally(&sample()).to_string();
    assert!(text.starts_with("coverage of 2 timelines\n"), "{text}");
    assert!(
        text.contains("  ✓ MarketClosed               late › after the close (and 1 more)\n"),
        "{text}"
    );
    assert!(
        text.contains("  ✗ OutcomeLocked              not reached\n"),
        "{text}"
    );
    assert!(
        text.contains("  - InvalidVault               no timeline can: "),
        "{text}"
    );
    assert!(
        text.contains(
            "  ✓ deposit                    done 2, refused 2 (settlement:MarketClosed 2)\n"
        ),
        "{text}"
    );
    let last = text.lines().last().expect("a last line");
    assert!(
        last.starts_with("not reached: settlement:QuestionTooLong"),
        "{last}"
    );
    assert!(last.contains("provisional → resolved"), "{last}");
}

#[test]
fn a_timeline_that_stopped_early_is_named_and_counted_up_to_its_failure() {
    let mut runs = sample();
    runs[1].failure = Some(crate::output::timeline::TimelineFailure {
        step: "grace".into(),
        action: None,
        expected: "x".into(),
        happened: "y".into(),
        logs: Vec::new(),
    });
    let coverage = tally(&runs);
    assert_eq!(coverage.failed, ["other"]);
    assert!(
        coverage
            .to_string()
            .contains("\n1 stopped at an unexpected result, counted up to it: other\n")
    );
    assert_eq!(
        error(&coverage, "oracle", "RootNotAvailable")
            .reached_by
            .len(),
        1
    );
}

#[test]
fn the_summary_line_counts_each_kind() {
    let line = tally(&sample()).summary_line();
    let all = fulltime_client::errors::SETTLEMENT_ERRORS.len();
    assert!(
        line.starts_with(&format!("coverage: 1/{} settlement errors, 1/", all - 10)),
        "{line}"
    );
    assert!(line.ends_with("4/6 stages, 3/5 transitions"), "{line}");
}

#[test]
fn a_warp_past_a_stage_is_listed_as_a_jump_and_not_counted() {
    let mut runs = sample();
    runs[0].steps[1].stages[0].stage = "provisional";
    let coverage = tally(&runs);
    let jump = coverage
        .transitions
        .iter()
        .find(|visited| visited.what == "open → provisional")
        .expect("the jump listed");
    assert!(jump.jump);
    // The first timeline now only jumps; the second still goes closed → expired.
    assert!(coverage.summary_line().ends_with("1/5 transitions"));
    assert!(
        coverage.to_string().contains(
            "  ✓ open → provisional         late › after the close (a warp past a stage)\n"
        )
    );
}
