//! Every committed proof fixture, settled in the runtime against the committed oracle roots,
//! gives exactly the result the fixture states.

mod common;

use std::collections::BTreeSet;

use common::*;
use fulltime_client::fixture::{ErrorProgram, Expected, Outcome};
use fulltime_client::pda;
use fulltime_localnet::harness::{SlotRoot, TestChain};
use fulltime_localnet::native::FalsePredicate;
use solana_signer::Signer;

/// Whatever the oracle does with a false predicate, since the program never asks one.
#[test]
fn each_fixture_settles_as_it_says() {
    for false_predicate in FalsePredicate::BOTH {
        each_fixture_settles_as_it_says_with(false_predicate);
    }
}

fn each_fixture_settles_as_it_says_with(false_predicate: FalsePredicate) {
    let committed = fulltime_fixtures::committed().expect("load committed fixtures");
    let mut chain = TestChain::with_oracle(false_predicate);
    for root in &committed.roots.roots {
        chain
            .post_root(SlotRoot {
                epoch_day: root.epoch_day,
                hour_of_day: root.hour_of_day,
                minute_of_hour: root.minute_of_hour,
                root: root.root,
            })
            .expect("post a committed root");
    }
    let creator = chain.new_wallet(0);

    let mut seen = BTreeSet::new();
    for fixture in &committed.fixtures {
        let terms = fixture.market_terms(chain.now() + 3_600, DISPUTE_WINDOW);
        let market = chain.create_market(&creator, terms).expect("create market");
        let yes = chain.new_wallet(10 * USDC);
        let no = chain.new_wallet(10 * USDC);
        chain
            .deposit(&yes, &market, 1, 2 * USDC)
            .expect("YES stake");
        chain.deposit(&no, &market, 0, 3 * USDC).expect("NO stake");
        chain.close(&market);

        let result = chain.settle(&market, fixture.to_settlement_proof());
        let state = chain.market(&market).expect("market");
        match &fixture.expected {
            Expected::Outcome(outcome) => {
                result.unwrap_or_else(|failure| panic!("{}: {failure}", fixture.name));
                assert!(state.settled, "{}", fixture.name);
                assert_eq!(state.outcome, outcome.code(), "{}", fixture.name);
                chain.finalize(&market);
                let winner = if *outcome == Outcome::Yes { &yes } else { &no };
                chain.claim(winner, &market).expect("the winner claims");
                let staked = if *outcome == Outcome::Yes {
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
                let program = match expected.program {
                    ErrorProgram::Settlement => settlement::ID,
                    ErrorProgram::Oracle => txline_interface::DEVNET_PROGRAM_ID,
                };
                assert_eq!(
                    (
                        explained.program_id,
                        explained.name.as_str(),
                        explained.code
                    ),
                    (program, expected.name.as_str(), expected.code),
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
        .filter(|f| f.expected == Expected::Outcome(Outcome::Yes))
        .count();
    let no = committed
        .fixtures
        .iter()
        .filter(|f| f.expected == Expected::Outcome(Outcome::No))
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
        two_stat(Outcome::Yes) >= 1 && two_stat(Outcome::No) >= 1,
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
        "InvalidStatCombination",
    ] {
        assert!(seen.contains(required), "no fixture produces {required}");
    }
}
