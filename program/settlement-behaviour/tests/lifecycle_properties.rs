//! Random market lifecycles, step by step against an independent model of the contract
//! (`fulltime_harness::lifecycle`): markets on period 100 and on periods refused (the retired
//! rule's 1 and 2 among them), markets of the retired rule planted as a chain kept from before
//! holds them, deposits of any amount on any side, settlements stating right and wrong outcomes
//! with competing earlier and later proofs, proofs from `game_finalised` records and from records
//! in play, of another part's key or relabelled to another period, proofs re-split, grown into
//! their event or mixing two events, second stats sent compactly or with a forged shared count or
//! a cut path, batches dated before the close or after the clock, the clock moved through close,
//! batch publications, dispute window and grace period, claims and refunds, twice. Every step
//! must succeed moving exactly the tokens the model says, or fail with exactly the error it
//! names; after every step each wallet, vault, market and position must be what the model holds,
//! and every lifecycle ends with each pool paid out to the last unit of rounding dust.
//!
//! Both oracle modes run: a false predicate answered `false` or raised as `PredicateFailed`.
//! `PROPTEST_CASES=200 cargo test -p settlement-behaviour --test lifecycle_properties` runs longer;
//! `just soak` runs thousands in release.

use fulltime_harness::lifecycle::picks::{self, Phase, weight};
use fulltime_harness::lifecycle::{
    CutPick, DatePick, EventPick, Mark, ProofPick, SecondStatPick, StatPick, StatedPick, Step,
    TermsPick, run_lifecycle,
};
use fulltime_localnet::native::FalsePredicate;
use proptest::prelude::*;
use proptest::sample::select;
use settlement::StatedOutcome;
use txline_interface::{BinaryExpression, Comparison};

/// Cases per oracle mode when `PROPTEST_CASES` is not set: both modes together stay under a
/// minute in a debug build on two cores.
const DEFAULT_CASES: u32 = 24;

fn config() -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    ProptestConfig {
        cases,
        // Each case boots a chain: shrinking a failure is bounded to a few minutes.
        max_shrink_iters: 256,
        max_shrink_time: 120_000,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn lifecycles_follow_the_contract_when_the_oracle_answers_false(steps in lifecycle()) {
        check(FalsePredicate::ReturnFalse, &steps)?;
    }

    #[test]
    fn lifecycles_follow_the_contract_when_the_oracle_fails_false_predicates(steps in lifecycle()) {
        check(FalsePredicate::Fail, &steps)?;
    }
}

fn check(oracle: FalsePredicate, steps: &[Step]) -> Result<(), TestCaseError> {
    run_lifecycle(oracle, steps)
        .map(drop)
        .map_err(|violation| TestCaseError::fail(violation.to_string()))
}

/// The strategies below draw from the same tables, with the same weights, as the soak's
/// generator (`harness::lifecycle::random`).
fn lifecycle() -> impl Strategy<Value = Vec<Step>> {
    let [open, settling, paying] = &picks::PHASES;
    (
        prop::collection::vec(terms(true), picks::FIRST_MARKETS),
        phase(open),
        phase(settling),
        phase(paying),
    )
        .prop_map(|(markets, open, settling, paying)| {
            markets
                .into_iter()
                .map(Step::CreateMarket)
                .chain(open)
                .chain(settling)
                .chain(paying)
                .collect()
        })
}

fn phase(phase: &'static Phase) -> impl Strategy<Value = Vec<Step>> {
    let opening = match phase.opening {
        Some(marks) => (0..picks::MARKET_PICKS, mark(marks))
            .prop_map(|(market, mark)| vec![Step::Time { market, mark }])
            .boxed(),
        None => Just(Vec::new()).boxed(),
    };
    (
        opening,
        prop::collection::vec(step(phase.steps), phase.len.clone()),
    )
        .prop_map(|(mut opening, steps)| {
            opening.extend(steps);
            opening
        })
}

fn step(weights: [u32; 6]) -> impl Strategy<Value = Step> {
    let [deposit, settle, time, claim, refund, create_market] = weights;
    let wallet = 0..picks::WALLETS;
    let market = 0..picks::MARKET_PICKS;
    prop_oneof![
        deposit => (wallet.clone(), market.clone(), outcome(), amount()).prop_map(
            |(wallet, market, outcome, amount)| Step::Deposit { wallet, market, outcome, amount }
        ),
        settle => (market.clone(), proof(), cut(), second_stat(), stated()).prop_map(
            |(market, proof, cut, second_stat, stated)| Step::Settle {
                market,
                proof,
                cut,
                second_stat,
                stated,
            }
        ),
        time => (market.clone(), mark(weight::MARKS))
            .prop_map(|(market, mark)| Step::Time { market, mark }),
        claim => (wallet.clone(), market.clone())
            .prop_map(|(wallet, market)| Step::Claim { wallet, market }),
        refund => (wallet, market).prop_map(|(wallet, market)| Step::Refund { wallet, market }),
        create_market => terms(false).prop_map(Step::CreateMarket),
    ]
}

fn outcome() -> impl Strategy<Value = u8> {
    let [no, yes, invalid] = weight::OUTCOMES;
    prop_oneof![no => Just(0u8), yes => Just(1u8), invalid => Just(2u8)]
}

fn amount() -> impl Strategy<Value = u64> {
    let [below, minimum, typical, whale] = weight::AMOUNTS;
    prop_oneof![
        below => picks::BELOW_MINIMUM,
        minimum => Just(picks::MINIMUM),
        typical => picks::TYPICAL_AMOUNTS,
        whale => picks::WHALE_AMOUNTS,
    ]
}

fn proof() -> impl Strategy<Value = ProofPick> {
    let [fresh, posted, rival] = weight::PROOFS;
    let [market_stat, other_key, other_period] = weight::STATS;
    let [one, two] = weight::SUMMARIES;
    let [finishing, in_play] = weight::IN_PLAY;
    let event = (
        picks::VALUE_OFFSETS,
        prop_oneof![finishing => Just(false), in_play => Just(true)],
    )
        .prop_map(|(offset, in_play)| EventPick { offset, in_play });
    let events = move || prop::collection::vec(event.clone(), picks::EVENTS_PER_SUMMARY);
    let index = || 0..picks::INDEX_PICKS;
    let fresh_batch = (
        date(),
        prop_oneof![
            market_stat => Just(StatPick::Market),
            other_key => Just(StatPick::OtherKey),
            other_period => Just(StatPick::OtherPeriod),
        ],
        prop_oneof![
            one => prop::collection::vec(events(), 1..=1),
            two => prop::collection::vec(events(), 2..=2),
        ],
        index(),
        index(),
    )
        .prop_map(|(date, stat, summaries, summary, event)| ProofPick::Fresh {
            date,
            stat,
            summaries,
            summary,
            event,
        });
    let posted_batch =
        (0..picks::BACK_PICKS, index(), index()).prop_map(|(back, summary, event)| {
            ProofPick::Posted {
                back,
                summary,
                event,
            }
        });
    let rival_proof =
        (any::<bool>(), picks::RIVAL_EVENT_STEPS).prop_map(|(other_summary, event_step)| {
            ProofPick::Rival {
                other_summary,
                event_step,
            }
        });
    prop_oneof![fresh => fresh_batch, posted => posted_batch, rival => rival_proof]
}

fn date() -> impl Strategy<Value = DatePick> {
    let [next, earlier, before_close, from_clock] = weight::DATES;
    prop_oneof![
        next => Just(DatePick::Next),
        earlier => Just(DatePick::Earlier),
        before_close => select(picks::BEFORE_CLOSE_MS.to_vec()).prop_map(DatePick::BeforeClose),
        from_clock => select(picks::FROM_CLOCK_MS.to_vec()).prop_map(DatePick::FromClock),
    ]
}

fn second_stat() -> impl Strategy<Value = SecondStatPick> {
    let [compact, one_more, past_first_path, own_path_cut] = weight::SECOND_STATS;
    prop_oneof![
        compact => Just(SecondStatPick::Compact),
        one_more => Just(SecondStatPick::SharedOneMore),
        past_first_path => Just(SecondStatPick::SharedPastFirstPath),
        own_path_cut => Just(SecondStatPick::OwnPathCut),
    ]
}

fn cut() -> impl Strategy<Value = CutPick> {
    let [as_published, resplit, grown, mixed, mixed_resplit] = weight::CUTS;
    prop_oneof![
        as_published => Just(CutPick::AsPublished),
        resplit => Just(CutPick::Resplit),
        grown => Just(CutPick::GrownIntoEvent),
        mixed => Just(CutPick::MixedEvents),
        mixed_resplit => Just(CutPick::MixedEventsResplit),
    ]
}

fn stated() -> impl Strategy<Value = StatedPick> {
    let [truth, client, exactly] = weight::STATED;
    let outcomes = vec![
        StatedOutcome::Yes,
        StatedOutcome::NoBelow,
        StatedOutcome::NoAbove,
    ];
    prop_oneof![
        truth => Just(StatedPick::Truth),
        client => Just(StatedPick::Client),
        exactly => select(outcomes).prop_map(StatedPick::Exactly),
    ]
}

fn mark(weights: [u32; 8]) -> impl Strategy<Value = Mark> {
    let [
        before_close,
        close,
        before_dispute_end,
        dispute_end,
        before_grace_end,
        grace_end,
        forward,
        publication,
    ] = weights;
    prop_oneof![
        before_close => Just(Mark::BeforeClose),
        close => Just(Mark::Close),
        before_dispute_end => Just(Mark::BeforeDisputeEnd),
        dispute_end => Just(Mark::DisputeEnd),
        before_grace_end => Just(Mark::BeforeGraceEnd),
        grace_end => Just(Mark::GraceEnd),
        forward => select(picks::FORWARD_SECS.to_vec()).prop_map(Mark::Forward),
        publication => Just(Mark::Publication),
    ]
}

/// Market terms: any edge when not `valid`, else only valid values; some markets planted on a
/// retired period, as a chain kept from before holds them.
fn terms(valid: bool) -> impl Strategy<Value = TermsPick> {
    let [typical, edge] = if valid {
        weight::VALID_TERM_EDGE
    } else {
        weight::TERM_EDGE
    };
    let question_chars = if valid {
        picks::TYPICAL_QUESTION_CHARS.boxed()
    } else {
        prop_oneof![
            typical => picks::TYPICAL_QUESTION_CHARS,
            edge => select(picks::EDGE_QUESTION_CHARS.to_vec()),
        ]
        .boxed()
    };
    let (close_edges, window_edges) = if valid {
        (
            picks::VALID_EDGE_CLOSE_IN.to_vec(),
            picks::VALID_EDGE_DISPUTE_WINDOWS.to_vec(),
        )
    } else {
        (
            picks::EDGE_CLOSE_IN.to_vec(),
            picks::EDGE_DISPUTE_WINDOWS.to_vec(),
        )
    };
    let threshold = if valid {
        picks::TYPICAL_THRESHOLDS.boxed()
    } else {
        prop_oneof![
            typical => picks::TYPICAL_THRESHOLDS,
            edge => select(picks::EDGE_THRESHOLDS.to_vec()),
        ]
        .boxed()
    };
    let period = if valid {
        Just(picks::FINAL_PERIOD).boxed()
    } else {
        let [first_half, second_half, full_time] = weight::PERIODS;
        let [first_half_period, second_half_period, full_time_period] = picks::PERIODS;
        prop_oneof![
            typical => prop_oneof![
                first_half => Just(first_half_period),
                second_half => Just(second_half_period),
                full_time => Just(full_time_period),
            ],
            edge => select(picks::EDGE_PERIODS.to_vec()),
        ]
        .boxed()
    };
    (
        question_chars,
        select(picks::QUESTION_ALPHABET.to_vec()),
        prop_oneof![typical => picks::TYPICAL_CLOSE_IN, edge => select(close_edges)],
        prop_oneof![typical => picks::TYPICAL_DISPUTE_WINDOWS, edge => select(window_edges)],
        select(picks::COMPARISONS.to_vec()),
        threshold,
        select(picks::SECOND_STATS.to_vec()),
        period,
        planted(),
    )
        .prop_map(
            |(
                question_chars,
                question_char,
                close_in,
                dispute_window,
                comparison,
                threshold,
                second_stat,
                period,
                retired,
            )| TermsPick {
                question_chars,
                question_char,
                close_in,
                dispute_window,
                comparison,
                threshold,
                second_stat,
                period: retired.unwrap_or(period),
                planted: retired.is_some(),
            },
        )
}

/// The retired period of a market to plant, or `None` for one to create.
fn planted() -> impl Strategy<Value = Option<i32>> {
    let [created, planted] = weight::PLANTED;
    prop_oneof![
        created => Just(None),
        planted => select(picks::RETIRED_PERIODS.to_vec()).prop_map(Some),
    ]
}

// Four scripted lifecycles, so that every branch of the contract is reached whatever the random
// cases draw, and so that the model's predictions are pinned down by hand, not only matched
// against the program's.

fn market(comparison: Comparison, threshold: i32, dispute_window: i64) -> Step {
    market_on(100, comparison, threshold, dispute_window)
}

/// "Will the stat of `period` be `comparison threshold`?", closing in an hour.
fn market_on(period: i32, comparison: Comparison, threshold: i32, dispute_window: i64) -> Step {
    Step::CreateMarket(TermsPick {
        question_chars: 42,
        question_char: 'a',
        close_in: 3_600,
        dispute_window,
        comparison,
        threshold,
        second_stat: None,
        period,
        planted: false,
    })
}

/// The same market of the retired rule on `period`, planted as a chain kept from before holds
/// it.
fn planted_on(period: i32, comparison: Comparison, threshold: i32, dispute_window: i64) -> Step {
    let Step::CreateMarket(terms) = market_on(period, comparison, threshold, dispute_window) else {
        unreachable!("market_on() creates a market")
    };
    Step::CreateMarket(TermsPick {
        planted: true,
        ..terms
    })
}

/// "Will `first op second` be more than `threshold`?", closing in an hour.
fn two_stat_market(op: BinaryExpression, threshold: i32, dispute_window: i64) -> Step {
    let Step::CreateMarket(terms) = market(Comparison::GreaterThan, threshold, dispute_window)
    else {
        unreachable!("market() creates a market")
    };
    Step::CreateMarket(TermsPick {
        second_stat: Some(op),
        ..terms
    })
}

fn deposit(wallet: usize, market: usize, outcome: u8, amount: u64) -> Step {
    Step::Deposit {
        wallet,
        market,
        outcome,
        amount,
    }
}

/// A fresh batch whose summaries have events at these offsets from the market's threshold, each
/// finishing the match.
fn fresh(
    date: DatePick,
    stat: StatPick,
    summaries: &[&[i8]],
    summary: usize,
    event: usize,
) -> ProofPick {
    let summaries = summaries
        .iter()
        .map(|offsets| offsets.iter().map(|&offset| finishing(offset)).collect())
        .collect();
    fresh_events(date, stat, summaries, summary, event)
}

/// A fresh batch with these events.
fn fresh_events(
    date: DatePick,
    stat: StatPick,
    summaries: Vec<Vec<EventPick>>,
    summary: usize,
    event: usize,
) -> ProofPick {
    ProofPick::Fresh {
        date,
        stat,
        summaries,
        summary,
        event,
    }
}

/// An event that finishes the match, with the market's value at `offset` from its threshold.
fn finishing(offset: i8) -> EventPick {
    EventPick {
        offset,
        in_play: false,
    }
}

/// An event while the match is in play.
fn in_play(offset: i8) -> EventPick {
    EventPick {
        offset,
        in_play: true,
    }
}

fn posted(summary: usize, event: usize) -> ProofPick {
    ProofPick::Posted {
        back: 0,
        summary,
        event,
    }
}

/// A settlement with the proof as the oracle publishes it.
fn settle(market: usize, proof: ProofPick, stated: StatedPick) -> Step {
    settle_cut(market, proof, CutPick::AsPublished, stated)
}

fn settle_cut(market: usize, proof: ProofPick, cut: CutPick, stated: StatedPick) -> Step {
    Step::Settle {
        market,
        proof,
        cut,
        second_stat: SecondStatPick::Compact,
        stated,
    }
}

/// A settlement with the proof as published, its second stat written as `second_stat` says.
fn settle_written(market: usize, proof: ProofPick, second_stat: SecondStatPick) -> Step {
    Step::Settle {
        market,
        proof,
        cut: CutPick::AsPublished,
        second_stat,
        stated: StatedPick::Truth,
    }
}

fn time(market: usize, mark: Mark) -> Step {
    Step::Time { market, mark }
}

fn assert_transcript(oracle: FalsePredicate, steps: &[Step], expected: &[&str]) {
    let run = run_lifecycle(oracle, steps).unwrap_or_else(|violation| panic!("{violation}"));
    assert_eq!(run.transcript, expected);
}

/// Competing proofs within the dispute window, then a claim by the last one's winners: a stake
/// times the pool needs more than 64 bits.
#[test]
fn a_later_proof_replaces_a_settlement_until_the_dispute_window_ends() {
    use DatePick::{Earlier, Next};
    use StatedPick::{Exactly, Truth};
    let yes = 1;
    let no = 0;
    let steps = [
        // "More than 1?" with an hour's dispute window.
        market(Comparison::GreaterThan, 1, 3_600),
        deposit(0, 0, yes, 1_000_000),
        deposit(1, 0, no, 5_000_000_000_000),
        deposit(2, 0, yes, 3_333_333_333_333),
        deposit(1, 0, yes, 1_000_000),
        deposit(3, 0, 2, 1_000_000),
        deposit(3, 0, no, 99_999),
        Step::Claim {
            wallet: 0,
            market: 0,
        },
        // Events 0 then 2, published at the close.
        settle(0, fresh(Next, StatPick::Market, &[&[-1, 1]], 0, 0), Truth),
        time(0, Mark::Close),
        deposit(3, 0, no, 1_000_000),
        settle(0, posted(0, 0), Truth),
        deposit(3, 0, no, 1_000_000),
        Step::Claim {
            wallet: 1,
            market: 0,
        },
        Step::Refund {
            wallet: 1,
            market: 0,
        },
        // A replacement later in the window must not move its end.
        time(0, Mark::Forward(60)),
        settle(0, posted(0, 0), Truth),
        settle(0, posted(0, 1), Exactly(StatedOutcome::NoAbove)),
        settle(0, posted(0, 1), Exactly(StatedOutcome::NoBelow)),
        settle(0, posted(0, 1), Truth),
        // Before the batch at the close is before the close.
        settle(0, fresh(Earlier, StatPick::Market, &[&[-1]], 0, 0), Truth),
        // The settler waits five minutes for the next batch, then five more.
        settle(0, fresh(Next, StatPick::OtherKey, &[&[-1]], 0, 0), Truth),
        // Two versions of the fixture's events in one batch: 0, 1 and 3, 4.
        settle(
            0,
            fresh(Next, StatPick::Market, &[&[-1, 0], &[2, 3]], 0, 0),
            Truth,
        ),
        settle(0, posted(1, 1), Truth),
        // 1 is not more than 1.
        settle(0, posted(0, 1), Truth),
        time(0, Mark::DisputeEnd),
        settle(0, fresh(Next, StatPick::Market, &[&[1]], 0, 0), Truth),
        Step::Claim {
            wallet: 0,
            market: 0,
        },
        Step::Claim {
            wallet: 1,
            market: 0,
        },
        Step::Claim {
            wallet: 1,
            market: 0,
        },
        Step::Refund {
            wallet: 1,
            market: 0,
        },
        Step::Claim {
            wallet: 3,
            market: 0,
        },
    ];
    for oracle in FalsePredicate::BOTH {
        let wrong_outcome = match oracle {
            FalsePredicate::ReturnFalse => "settle again: OutcomeNotProven",
            FalsePredicate::Fail => "settle again: oracle PredicateFailed",
        };
        let not_a_winner = [
            "claim: NotAWinner",
            "refund: RefundUnavailable",
            "claim: NotAWinner",
        ];
        let paid = [
            "claim: AlreadyClaimed",
            "refund: RefundUnavailable",
            "claim: AlreadyClaimed",
        ];
        let expected = [
            &[
                "create market: ok",
                "deposit: ok",
                "deposit: ok",
                "deposit: ok",
                "deposit: OutcomeLocked",
                "deposit: InvalidOutcome",
                "deposit: BelowMinimum",
                "claim: NotResolved",
                "settle: MarketNotClosed",
                "time: to Close",
                "deposit: MarketClosed",
                "settle: ok",
                "deposit: MarketResolved",
                "claim: NotResolved",
                "refund: NotResolved",
                "time: to Forward(60)",
                "settle again: ProofNotLater",
                "settle again: InvalidOutcome",
                wrong_outcome,
                "settle again: ok",
                "settle again: ProofBeforeClose",
                "time: to Publication",
                "settle again: StatMismatch",
                "time: to Publication",
                "settle again: ok",
                "settle again: ProofNotLater",
                "settle again: ok",
                "time: to DisputeEnd",
                "settle again: MarketResolved",
                "claim: NotAWinner",
                "claim: ok",
                "claim: AlreadyClaimed",
                "refund: RefundUnavailable",
                "claim: no position",
            ][..],
            &not_a_winner,
            &paid,
            &not_a_winner,
        ]
        .concat();
        assert_transcript(oracle, &steps, &expected);
    }
}

/// An empty winning side and a market nobody settled in time both refund every stake, once.
#[test]
fn stakes_come_back_when_nobody_won_or_nobody_settled_in_time() {
    let yes = 1;
    let no = 0;
    let steps = [
        market(Comparison::GreaterThan, 1, 60),
        market(Comparison::EqualTo, 2, 60),
        deposit(0, 0, yes, 1_000_000),
        deposit(1, 0, yes, 2_000_000),
        deposit(2, 1, no, 500_000),
        Step::Refund {
            wallet: 2,
            market: 1,
        },
        time(0, Mark::BeforeGraceEnd),
        // 1 is not more than 1: NO, on which nobody staked.
        settle(
            0,
            fresh(DatePick::Next, StatPick::Market, &[&[0]], 0, 0),
            StatedPick::Truth,
        ),
        Step::Claim {
            wallet: 0,
            market: 0,
        },
        Step::Refund {
            wallet: 0,
            market: 0,
        },
        // Also past market 1's grace period.
        time(0, Mark::DisputeEnd),
        Step::Claim {
            wallet: 0,
            market: 0,
        },
        Step::Refund {
            wallet: 0,
            market: 0,
        },
        Step::Refund {
            wallet: 0,
            market: 0,
        },
        Step::Claim {
            wallet: 0,
            market: 0,
        },
        settle(
            1,
            fresh(DatePick::Next, StatPick::Market, &[&[0]], 0, 0),
            StatedPick::Truth,
        ),
        Step::Refund {
            wallet: 2,
            market: 1,
        },
    ];
    let expected = [
        "create market: ok",
        "create market: ok",
        "deposit: ok",
        "deposit: ok",
        "deposit: ok",
        "refund: RefundUnavailable",
        "time: to BeforeGraceEnd",
        "settle: ok",
        "claim: NotResolved",
        "refund: NotResolved",
        "time: to DisputeEnd",
        "claim: NoWinners",
        "refund: ok",
        "refund: AlreadyClaimed",
        "claim: AlreadyClaimed",
        "settle: SettlementWindowClosed",
        "refund: ok",
        // The final pay-out.
        "claim: AlreadyClaimed",
        "refund: AlreadyClaimed",
        "claim: AlreadyClaimed",
        "claim: NoWinners",
        "refund: ok",
        "claim: AlreadyClaimed",
        "claim: NotResolved",
        "refund: AlreadyClaimed",
        "claim: NotResolved",
    ];
    for oracle in FalsePredicate::BOTH {
        assert_transcript(oracle, &steps, &expected);
    }
}

/// Proofs cut elsewhere than the oracle cuts them and batches dated outside [close, clock] are
/// refused in the program's order (the date before the path, the path before the second
/// stat's event), moving no token; a re-split proof of a one-event summary is the proof as
/// published; a batch from the future counts once the clock reaches it; a market whose only
/// proof predates its close is refunded after the grace period.
#[test]
fn proofs_cut_elsewhere_or_dated_outside_the_window_are_refused() {
    use CutPick::{AsPublished, GrownIntoEvent, MixedEvents, MixedEventsResplit, Resplit};
    use DatePick::{BeforeClose, FromClock};
    use StatedPick::Truth;
    let yes = 1;
    let no = 0;
    let steps = [
        // "Will home + away goals be more than 1?", and "Will the stat be more than 1?".
        two_stat_market(BinaryExpression::Add, 1, 3_600),
        market(Comparison::GreaterThan, 1, 60),
        deposit(0, 0, yes, 1_000_000),
        deposit(1, 0, no, 2_000_000),
        deposit(2, 1, yes, 3_000_000),
        time(0, Mark::Close),
        // Published a millisecond before market 1 closed: past-posting.
        settle(
            1,
            fresh(BeforeClose(1), StatPick::Market, &[&[2]], 0, 0),
            Truth,
        ),
        // Events 0 (0 goals) then 3 (3 goals), published in the clock's own second.
        settle_cut(
            0,
            fresh(FromClock(999), StatPick::Market, &[&[-1, 2]], 0, 1),
            GrownIntoEvent,
            Truth,
        ),
        settle_cut(0, posted(0, 1), Resplit, Truth),
        settle_cut(0, posted(0, 1), MixedEvents, Truth),
        settle_cut(0, posted(0, 1), MixedEventsResplit, Truth),
        settle_cut(0, posted(0, 1), AsPublished, Truth),
        settle(
            0,
            ProofPick::Rival {
                other_summary: false,
                event_step: -1,
            },
            Truth,
        ),
        time(0, Mark::Forward(300)),
        // One event of 1 goal, published in the first millisecond after the clock's second.
        settle_cut(
            0,
            fresh(FromClock(1_000), StatPick::Market, &[&[0]], 0, 0),
            Resplit,
            Truth,
        ),
        time(0, Mark::Publication),
        settle_cut(0, posted(0, 0), Resplit, Truth),
        // An hour before the close: refused for its date before its path is looked at.
        settle_cut(
            0,
            fresh(BeforeClose(3_600_000), StatPick::Market, &[&[2]], 0, 0),
            GrownIntoEvent,
            Truth,
        ),
        time(1, Mark::GraceEnd),
        Step::Refund {
            wallet: 2,
            market: 1,
        },
        Step::Claim {
            wallet: 1,
            market: 0,
        },
        Step::Claim {
            wallet: 0,
            market: 0,
        },
    ];
    let expected = [
        "create market: ok",
        "create market: ok",
        "deposit: ok",
        "deposit: ok",
        "deposit: ok",
        "time: to Close",
        "settle: ProofBeforeClose",
        "settle (grown into event): EventPathMismatch",
        "settle (resplit): EventPathMismatch",
        "settle (mixed events): SecondStatFromOtherEvent",
        "settle (mixed events, resplit): EventPathMismatch",
        "settle: ok",
        "settle again: ProofNotLater",
        "time: to Forward(300)",
        "settle again (resplit): ProofFromFuture",
        "time: to Publication",
        "settle again (resplit): ok",
        "settle again (grown into event): ProofBeforeClose",
        "time: to GraceEnd",
        "refund: ok",
        "claim: ok",
        "claim: NotAWinner",
        // The final pay-out: market 0's NO won; market 1 was refunded.
        "claim: NotAWinner",
        "refund: RefundUnavailable",
        "claim: NotAWinner",
        "claim: AlreadyClaimed",
        "refund: RefundUnavailable",
        "claim: AlreadyClaimed",
        "claim: NotResolved",
        "refund: AlreadyClaimed",
        "claim: NotResolved",
    ];
    for oracle in FalsePredicate::BOTH {
        assert_transcript(oracle, &steps, &expected);
    }
}

/// Only final values settle. Markets on the retired rule's periods are never created; planted as
/// a chain kept from before holds them, they take deposits, every settlement is refused with
/// `PeriodRetired` (before any look at the proof, a record in play included) until the grace
/// period ends, and then every stake comes back. A two-stat market is refused a record in play,
/// also when only its second stat is (`ValueNotFinal` before the event path and the second
/// stat's record), and second stats whose shared count or own path is forged
/// (`SecondStatFromOtherEvent`); it settles from the `game_finalised` record, after which the
/// half-time record and the settled batch's record in play are refused as not final before they
/// are compared with the settlement.
#[test]
fn only_final_values_settle() {
    use SecondStatPick::{OwnPathCut, SharedOneMore, SharedPastFirstPath};
    use StatedPick::Truth;
    let yes = 1;
    let no = 0;
    let steps = [
        market_on(1, Comparison::GreaterThan, 1, 3_600),
        market_on(2, Comparison::GreaterThan, 1, 3_600),
        planted_on(1, Comparison::GreaterThan, 1, 3_600),
        planted_on(2, Comparison::GreaterThan, 1, 3_600),
        // "More than 1 goal in total?", and "More than 1 home goal?".
        two_stat_market(BinaryExpression::Add, 1, 3_600),
        market(Comparison::GreaterThan, 1, 3_600),
        deposit(0, 0, yes, 1_000_000),
        deposit(1, 0, no, 2_000_000),
        deposit(0, 1, yes, 1_000_000),
        deposit(0, 2, yes, 1_000_000),
        deposit(1, 2, no, 1_000_000),
        time(0, Mark::Close),
        deposit(1, 0, no, 1_000_000),
        settle(
            0,
            fresh(DatePick::Next, StatPick::Market, &[&[1]], 0, 0),
            Truth,
        ),
        settle(
            1,
            fresh_events(
                DatePick::Next,
                StatPick::Market,
                vec![vec![in_play(1)]],
                0,
                0,
            ),
            Truth,
        ),
        // In play 3 (YES if it settled), then the finalised record's 0.
        settle(
            2,
            fresh_events(
                DatePick::Next,
                StatPick::Market,
                vec![vec![in_play(1), finishing(-1)]],
                0,
                0,
            ),
            Truth,
        ),
        settle_cut(2, posted(0, 0), CutPick::Resplit, Truth),
        // The finalised record's first stat with the record in play's second.
        settle_cut(2, posted(0, 1), CutPick::MixedEvents, Truth),
        settle_written(2, posted(0, 1), SharedOneMore),
        settle_written(2, posted(0, 1), SharedPastFirstPath),
        settle_written(2, posted(0, 1), OwnPathCut),
        settle(2, posted(0, 1), Truth),
        settle(
            2,
            fresh(DatePick::Next, StatPick::OtherPeriod, &[&[1]], 0, 0),
            Truth,
        ),
        settle(
            2,
            ProofPick::Posted {
                back: 1,
                summary: 0,
                event: 0,
            },
            Truth,
        ),
        // The first half's goals (1001) for a market on the match's (1).
        settle(
            3,
            fresh(DatePick::Next, StatPick::OtherKey, &[&[1]], 0, 0),
            Truth,
        ),
        settle_written(3, posted(0, 0), SharedOneMore),
        time(2, Mark::DisputeEnd),
        Step::Claim {
            wallet: 1,
            market: 2,
        },
        Step::Claim {
            wallet: 0,
            market: 2,
        },
        Step::Refund {
            wallet: 0,
            market: 0,
        },
        time(0, Mark::GraceEnd),
        settle(0, posted(0, 0), Truth),
        Step::Refund {
            wallet: 0,
            market: 0,
        },
        Step::Refund {
            wallet: 1,
            market: 0,
        },
        Step::Refund {
            wallet: 0,
            market: 1,
        },
    ];
    let refunded = [
        "claim: NotResolved",
        "refund: AlreadyClaimed",
        "claim: NotResolved",
    ];
    let expected = [
        &[
            "create market: PeriodNeverFinal",
            "create market: PeriodNeverFinal",
            "plant market: ok",
            "plant market: ok",
            "create market: ok",
            "create market: ok",
            "deposit: ok",
            "deposit: ok",
            "deposit: ok",
            "deposit: ok",
            "deposit: ok",
            "time: to Close",
            "deposit: MarketClosed",
            "settle: PeriodRetired",
            "time: to Publication",
            "settle: PeriodRetired",
            "time: to Publication",
            "settle: ValueNotFinal",
            "settle (resplit): ValueNotFinal",
            "settle (mixed events): ValueNotFinal",
            "settle (one more shared): SecondStatFromOtherEvent",
            "settle (shared past the first path): SecondStatFromOtherEvent",
            "settle (own path cut): SecondStatFromOtherEvent",
            "settle: ok",
            "time: to Publication",
            "settle again: ValueNotFinal",
            "settle again: ValueNotFinal",
            "time: to Publication",
            "settle: StatMismatch",
            "skipped: no proof (one more shared) here",
            "time: to DisputeEnd",
            "claim: ok",
            "claim: NotAWinner",
            "refund: RefundUnavailable",
            "time: to GraceEnd",
            "settle: SettlementWindowClosed",
            "refund: ok",
            "refund: ok",
            "refund: ok",
        ][..],
        // The final pay-out: markets 0 and 1 refunded, market 2's NO won.
        &refunded,
        &refunded,
        &refunded,
        &[
            "claim: NotAWinner",
            "refund: RefundUnavailable",
            "claim: NotAWinner",
            "claim: AlreadyClaimed",
            "refund: RefundUnavailable",
            "claim: AlreadyClaimed",
        ],
    ]
    .concat();
    for oracle in FalsePredicate::BOTH {
        assert_transcript(oracle, &steps, &expected);
    }
}
