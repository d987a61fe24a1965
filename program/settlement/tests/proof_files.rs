//! Every committed proof file, settled in the runtime against the committed oracle roots,
//! gives exactly the result the proof file states, on the timeline of a real match: betting opens
//! before the match's kickoff and closes at it, and the proof counts once the clock reaches
//! its batch. A proof file's market on a period `create_market` no longer takes (period 2) is
//! planted, as a chain kept from before holds it.

mod common;

use std::collections::BTreeSet;

use common::committed::{chain_with_committed_roots, committed, kickoff, named, staked_market};
use common::*;
use fulltime_client::pda;
use fulltime_client::proof_file::Expected;
use fulltime_client::side::Side;
use fulltime_localnet::native::FalsePredicate;
use settlement::SettlementError;
use solana_signer::Signer;

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
    for proof_file in &committed.proof_files {
        // Each proof file's market lives on its match's day: the clock goes back for each one.
        let yes = chain.new_wallet(10 * USDC);
        let no = chain.new_wallet(10 * USDC);
        let market = staked_market(&mut chain, proof_file, &yes, &no);
        let proof = proof_file.to_settlement_proof();
        assert!(
            proof.ts >= kickoff(proof_file) * 1_000,
            "{}: its batch comes after the kickoff",
            proof_file.name
        );
        chain.reach_batch(&proof);

        let result = chain.settle(&market, proof);
        let state = chain.market(&market).expect("market");
        match &proof_file.expected {
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

    let yes = committed
        .proof_files
        .iter()
        .filter(|f| f.expected == Expected::Outcome(Side::Yes))
        .count();
    let no = committed
        .proof_files
        .iter()
        .filter(|f| f.expected == Expected::Outcome(Side::No))
        .count();
    assert!(yes >= 3 && no >= 3, "{yes} YES and {no} NO proof files");
    let two_stat = |outcome| {
        committed
            .proof_files
            .iter()
            .filter(|f| f.market.second_stat.is_some() && f.expected == Expected::Outcome(outcome))
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
    ] {
        assert!(seen.contains(required), "no proof file produces {required}");
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
    let full_time = named(&committed, "brentford-away-goals-over-1-full-time");
    let re_split = named(&committed, "brentford-away-goals-over-1-resplit");
    let corrected = named(&committed, "brentford-away-goals-over-1-corrected");
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
