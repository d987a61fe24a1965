//! Every committed proof file, settled in the runtime against the committed oracle roots,
//! gives exactly the result the proof file states, on the timeline of a real match: betting opens
//! before the match's kickoff and closes at it, and the proof counts once the clock reaches
//! its batch. A proof file's market of the retired rule (period 1), which `create_market` no
//! longer takes, is planted, as a chain kept from before holds it.

mod common;

use std::collections::BTreeSet;

use common::committed::{
    chain_with_committed_roots, committed, expected_of, kickoff, market_of, named, staked_market,
};
use common::*;
use fulltime_client::pda;
use fulltime_client::proof_file::Expected;
use fulltime_client::side::Side;
use fulltime_localnet::native::FalsePredicate;
use settlement::SettlementError;
use solana_signer::Signer;
use txline_interface::time::FINAL_PERIOD;

/// Whatever the oracle does with a false predicate, since the program never asks one.
#[test]
fn each_proof_file_settles_as_it_says() {
    for false_predicate in FalsePredicate::BOTH {
        each_proof_file_settles_as_it_says_with(false_predicate);
    }
}

fn each_proof_file_settles_as_it_says_with(false_predicate: FalsePredicate) {
    let committed = committed();
    let mut chain = chain_with_committed_roots(false_predicate, &committed.roots);

    let mut seen = BTreeSet::new();
    let mut planted = 0;
    // Two-stat proofs settled whose second stat shares siblings with the first.
    let mut settled_sharing = 0;
    for proof_file in &committed.proof_files {
        // Each proof file's market lives on its match's day: the clock goes back for each one.
        let yes = chain.new_wallet(10 * USDC);
        let no = chain.new_wallet(10 * USDC);
        let market = staked_market(&mut chain, proof_file, &yes, &no);
        let period = chain.market(&market).expect("market").period;
        assert_eq!(period, market_of(proof_file).period, "{}", proof_file.name);
        if period != FINAL_PERIOD {
            planted += 1;
        }
        let proof = proof_file.to_settlement_proof();
        assert!(
            proof.ts >= kickoff(proof_file) * 1_000,
            "{}: its batch comes after the kickoff",
            proof_file.name
        );
        chain.reach_batch(&proof);
        let shares = proof
            .stat_b
            .as_ref()
            .is_some_and(|second| second.shared > 0);

        let result = chain.settle(&market, proof);
        let state = chain.market(&market).expect("market");
        match expected_of(proof_file) {
            Expected::Outcome(outcome) => {
                result.unwrap_or_else(|failure| panic!("{}: {failure}", proof_file.name));
                assert!(state.settled, "{}", proof_file.name);
                assert_eq!(state.outcome, *outcome, "{}", proof_file.name);
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
                    proof_file.name
                );
                seen.insert(format!("{outcome:?}"));
                settled_sharing += usize::from(shares);
            }
            Expected::Error(expected) => {
                let failure = result.expect_err(&proof_file.name);
                let explained = failure.program_failure().unwrap_or_else(|| {
                    panic!("{}: not a program error: {failure}", proof_file.name)
                });
                assert_eq!(
                    (explained.source, explained.name.as_str(), explained.code),
                    (expected.program, expected.name.as_str(), expected.code),
                    "{}",
                    proof_file.name
                );
                assert!(!state.settled, "{}", proof_file.name);
                assert_eq!(chain.token_balance(&pda::vault(&market)), 5 * USDC);
                seen.insert(expected.name.clone());
            }
        }
    }

    let resolving = |outcome| {
        committed
            .proof_files
            .iter()
            .filter(move |f| *expected_of(f) == Expected::Outcome(outcome))
    };
    let (yes, no) = (resolving(Side::Yes).count(), resolving(Side::No).count());
    assert!(yes >= 3 && no >= 3, "{yes} YES and {no} NO proof files");
    let two_stat = |outcome| {
        resolving(outcome)
            .filter(|f| market_of(f).second_stat.is_some())
            .count()
    };
    assert!(
        two_stat(Side::Yes) >= 1 && two_stat(Side::No) >= 1,
        "two-stat proof files resolving each way"
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
        "PeriodRetired",
    ] {
        assert!(seen.contains(required), "no proof file produces {required}");
    }
    assert!(planted >= 1, "a market of the retired rule is planted");
    assert!(
        settled_sharing >= 1,
        "a two-stat proof settles with its second stat sent compactly"
    );
}

/// The QA scenario of a re-split proof: Brentford's away goals at Bournemouth, 1 in the batch's
/// full-time event and 2 in the correction later in the same batch. The full-time proof settles
/// NO for now; the same proof re-split (the event's path moved onto the stat path, which would
/// have recorded an event nothing is later than) is refused; the correction replaces the result
/// with YES, which is what pays out.
#[test]
fn a_re_split_full_time_proof_cannot_stop_the_correction() {
    let committed = committed();
    let full_time = named(&committed, "brentford-away-goals-over-1-full-time");
    let re_split = named(&committed, "brentford-away-goals-over-1-resplit");
    let corrected = named(&committed, "brentford-away-goals-over-1-corrected");
    for other in [re_split, corrected] {
        assert_eq!(
            (market_of(other), other.kickoff, other.proof.ts),
            (market_of(full_time), full_time.kickoff, full_time.proof.ts),
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
        chain.reach_batch(&full_time.to_settlement_proof());

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
