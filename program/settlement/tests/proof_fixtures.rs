//! Every committed proof fixture, settled in the runtime against the committed oracle roots,
//! gives exactly the result the fixture states, on the timeline of a real match: betting opens
//! before the fixture's kickoff and closes at it, and the proof counts once the clock reaches
//! its batch. A fixture's market on a period `create_market` no longer takes (period 2) is
//! planted, as a chain kept from before holds it.

mod common;

use std::collections::BTreeSet;

use common::committed::{chain_with_committed_roots, committed, fixture, kickoff, staked_market};
use common::*;
use fulltime_client::fixture::Expected;
use fulltime_client::pda;
use fulltime_client::side::Side;
use fulltime_localnet::native::FalsePredicate;
use settlement::SettlementError;
use solana_signer::Signer;

/// Whatever the oracle does with a false predicate, since the program never asks one.
#[test]
fn each_fixture_settles_as_it_says() {
    for false_predicate in FalsePredicate::BOTH {
        each_fixture_settles_as_it_says_with(false_predicate);
    }
}

fn each_fixture_settles_as_it_says_with(false_predicate: FalsePredicate) {
    let committed = committed();
    let mut chain = chain_with_committed_roots(false_predicate, &committed.roots);

    let mut seen = BTreeSet::new();
    for fixture in &committed.fixtures {
        // Each fixture's market lives on its match's day: the clock goes back for each one.
        let yes = chain.new_wallet(10 * USDC);
        let no = chain.new_wallet(10 * USDC);
        let market = staked_market(&mut chain, fixture, &yes, &no);
        let proof = fixture.to_settlement_proof();
        assert!(
            proof.ts >= kickoff(fixture) * 1_000,
            "{}: its batch comes after the kickoff",
            fixture.name
        );
        chain.reach_batch(&proof);

        let result = chain.settle(&market, proof);
        let state = chain.market(&market).expect("market");
        match &fixture.expected {
            Expected::Outcome(outcome) => {
                result.unwrap_or_else(|failure| panic!("{}: {failure}", fixture.name));
                assert!(state.settled, "{}", fixture.name);
                assert_eq!(state.outcome, *outcome, "{}", fixture.name);
                chain.finalize(&market);
                let winner = if *outcome == Side::Yes { &yes } else { &no };
                chain.claim(winner, &market).expect("the winner claims");
                let staked = if *outcome == Side::Yes {
                    2 * USDC
                } else {
                    3 * USDC
                };
                assert_eq!(
                    chain.usdc_balance(&winner.pubkey()),
                    10 * USDC - staked + 5 * USDC,
                    "{}: the winner takes the pool",
                    fixture.name
                );
                seen.insert(format!("{outcome:?}"));
            }
            Expected::Error(expected) => {
                let failure = result.expect_err(&fixture.name);
                let explained = failure
                    .program_failure()
                    .unwrap_or_else(|| panic!("{}: not a program error: {failure}", fixture.name));
                assert_eq!(
                    (explained.source, explained.name.as_str(), explained.code),
                    (expected.program, expected.name.as_str(), expected.code),
                    "{}",
                    fixture.name
                );
                assert!(!state.settled, "{}", fixture.name);
                assert_eq!(chain.token_balance(&pda::vault(&market)), 5 * USDC);
                seen.insert(expected.name.clone());
            }
        }
    }

    let yes = committed
        .fixtures
        .iter()
        .filter(|f| f.expected == Expected::Outcome(Side::Yes))
        .count();
    let no = committed
        .fixtures
        .iter()
        .filter(|f| f.expected == Expected::Outcome(Side::No))
        .count();
    assert!(yes >= 3 && no >= 3, "{yes} YES and {no} NO fixtures");
    let two_stat = |outcome| {
        committed
            .fixtures
            .iter()
            .filter(|f| f.market.second_stat.is_some() && f.expected == Expected::Outcome(outcome))
            .count()
    };
    assert!(
        two_stat(Side::Yes) >= 1 && two_stat(Side::No) >= 1,
        "two-stat fixtures resolving each way"
    );
    for required in [
        "InvalidMainTreeProof",
        "TimestampMismatch",
        "RootNotAvailable",
        "StatMismatch",
        "FixtureMismatch",
        "InvalidStatProof",
        "InvalidFixtureSubTreeProof",
        "MissingSecondStat",
        "UnexpectedSecondStat",
        "SecondStatFromOtherEvent",
        "EventPathMismatch",
        "ValueNotFinal",
    ] {
        assert!(seen.contains(required), "no fixture produces {required}");
    }
}

/// The QA scenario of a re-split proof: Brentford's away goals at Bournemouth, 1 in the batch's
/// full-time event and 2 in the correction later in the same batch. The full-time proof settles
/// NO for now; the same proof re-split (the event's path moved onto the stat path, which would
/// have recorded an event nothing is later than) is refused; the correction replaces the result
/// with YES, which is what pays out.
#[test]
fn a_re_split_full_time_proof_cannot_stop_the_correction() {
    let committed = committed();
    let full_time = fixture(&committed, "brentford-away-goals-over-1-full-time");
    let re_split = fixture(&committed, "brentford-away-goals-over-1-resplit");
    let corrected = fixture(&committed, "brentford-away-goals-over-1-corrected");
    for other in [re_split, corrected] {
        assert_eq!(
            (&other.market, other.kickoff, other.proof.ts),
            (&full_time.market, full_time.kickoff, full_time.proof.ts),
            "{}: the same market and batch",
            other.name
        );
    }

    for false_predicate in FalsePredicate::BOTH {
        let mut chain = chain_with_committed_roots(false_predicate, &committed.roots);
        let yes = chain.new_wallet(10 * USDC);
        let no = chain.new_wallet(10 * USDC);
        let market = staked_market(&mut chain, full_time, &yes, &no);
        let watched = [
            pda::token_account(&yes.pubkey(), &chain.mint()),
            pda::token_account(&no.pubkey(), &chain.mint()),
            pda::vault(&market),
        ];
        chain.reach_batch(&full_time.proof);

        chain
            .settle(&market, full_time.to_settlement_proof())
            .unwrap_or_else(|failure| panic!("{false_predicate:?}: full time settles: {failure}"));
        let state = chain.market(&market).expect("market");
        assert_eq!(state.settled_outcome(), Some(Side::No), "NO for now");
        assert!(!state.is_final(chain.now()), "provisional");

        let before = balances(&chain, &watched);
        assert_settlement_error(
            chain.settle(&market, re_split.to_settlement_proof()),
            SettlementError::EventPathMismatch,
        );
        assert_eq!(balances(&chain, &watched), before, "no token may move");
        assert_eq!(chain.market(&market).expect("market").outcome, Side::No);

        chain
            .settle(&market, corrected.to_settlement_proof())
            .unwrap_or_else(|failure| panic!("{false_predicate:?}: the correction: {failure}"));
        let state = chain.market(&market).expect("market");
        assert_eq!(state.settled_outcome(), Some(Side::Yes), "YES replaces it");

        chain.finalize(&market);
        assert_settlement_error(chain.claim(&no, &market), SettlementError::NotAWinner);
        chain.claim(&yes, &market).expect("YES claims");
        assert_eq!(chain.usdc_balance(&yes.pubkey()), 8 * USDC + 5 * USDC);
        assert_eq!(chain.token_balance(&pda::vault(&market)), 0);
    }
}
