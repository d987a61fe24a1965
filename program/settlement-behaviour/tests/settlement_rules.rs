//! Nobody steers a settlement: it waits for the close time, stays provisional during the market's
//! dispute window (when only a strictly later proof of the same stat replaces it), states its
//! outcome so that the oracle is only asked about a predicate that holds, goes through either
//! TxLINE id, and no deadline can overflow and lock a market's funds. Each refused transaction
//! moves no token.

mod common;

use common::staked::Staked;
use common::*;
use fulltime_client::{instructions, pda};
use fulltime_harness::{TestChain, batch_proofs};
use fulltime_localnet::native::FalsePredicate;
use fulltime_testkit::sample::DISPUTE_WINDOW;
use settlement::constants::{
    MAX_CLOSE_HORIZON_SECS, MAX_DISPUTE_WINDOW_SECS, MIN_DISPUTE_WINDOW_SECS, SETTLEMENT_GRACE_SECS,
};
use settlement::{SettlementError, Side, StatedOutcome};
use solana_signer::Signer;
use txline_interface::{Comparison, OracleError, TraderPredicate};

#[test]
fn settling_waits_for_the_close_time() {
    let mut staked = Staked::home_goals(FalsePredicate::ReturnFalse);
    let close_time = close_time(&staked.chain, &staked.market);
    // The result is published at the very second betting closes.
    let proof = post_single_stat_proof(&mut staked.chain, close_time, FIXTURE_ID, home_goals(2));
    staked.chain.set_time(close_time - 1);
    staked.assert_settle_refused(
        proof.clone(),
        StatedOutcome::Yes,
        SettlementError::MarketNotClosed,
    );
    assert_eq!(staked.settlement(), None);

    staked.chain.set_time(close_time);
    staked
        .chain
        .settle(&staked.market, proof)
        .expect("settle at the close time");
    assert_eq!(staked.settlement(), Some(Side::Yes));
}

/// The batch of `generate.rs`'s corrected result: two full-time events of the same stat, the
/// later one correcting the earlier. Either one proves, but only the later one stands.
#[test]
fn a_later_event_of_the_same_batch_replaces_a_provisional_settlement() {
    let mut staked = Staked::home_goals(FalsePredicate::ReturnFalse);
    let ts = (close_time(&staked.chain, &staked.market) + 600) * 1_000;
    let (proofs, root) =
        batch_proofs(ts, FIXTURE_ID, &[home_goals(2), home_goals(1)]).expect("a valid batch");
    staked.chain.post_root(root).expect("post the batch root");
    let [first, correction] = <[_; 2]>::try_from(proofs).expect("two proofs");
    staked.chain.close(&staked.market);
    staked.chain.reach_batch(&first);

    staked
        .chain
        .settle(&staked.market, first.clone())
        .expect("the first event settles YES");
    assert_eq!(staked.settlement(), Some(Side::Yes));
    let provisional_until = staked.chain.market(&staked.market).expect("market");

    // Nothing pays out while a settlement can still change.
    let yves = staked.yves.insecure_clone();
    assert_settlement_error(
        staked.chain.claim(&yves, &staked.market),
        SettlementError::NotResolved,
    );
    assert_settlement_error(
        staked.chain.refund(&yves, &staked.market),
        SettlementError::NotResolved,
    );

    staked.chain.advance(DISPUTE_WINDOW / 2);
    staked
        .chain
        .settle(&staked.market, correction.clone())
        .expect("the correction replaces it with NO");
    assert_eq!(staked.settlement(), Some(Side::No));
    let replaced = staked.chain.market(&staked.market).expect("market");
    assert_eq!(
        replaced.dispute_ends_at, provisional_until.dispute_ends_at,
        "a replacement does not extend the window"
    );

    // Neither the earlier event nor the same one again can take it back.
    staked.assert_settle_refused(first, StatedOutcome::Yes, SettlementError::ProofNotLater);
    staked.assert_settle_refused(
        correction,
        StatedOutcome::NoBelow,
        SettlementError::ProofNotLater,
    );
    assert_eq!(staked.settlement(), Some(Side::No));

    staked.chain.finalize(&staked.market);
    let nora = staked.nora.insecure_clone();
    staked.chain.claim(&nora, &staked.market).expect("NO wins");
    assert_eq!(
        staked.chain.usdc_balance(&nora.pubkey()),
        9 * USDC + 4 * USDC
    );
    assert_settlement_error(
        staked.chain.claim(&yves, &staked.market),
        SettlementError::NotAWinner,
    );
}

#[test]
fn a_later_batch_replaces_and_an_earlier_batch_does_not() {
    let mut staked = Staked::home_goals(FalsePredicate::ReturnFalse);
    let close_time = close_time(&staked.chain, &staked.market);
    let earlier = post_single_stat_proof(
        &mut staked.chain,
        close_time + 600,
        FIXTURE_ID,
        home_goals(0),
    );
    let later = post_single_stat_proof(
        &mut staked.chain,
        close_time + 900,
        FIXTURE_ID,
        home_goals(3),
    );
    staked.chain.close(&staked.market);
    staked.chain.reach_batch(&later);

    staked
        .chain
        .settle(&staked.market, later.clone())
        .expect("the later batch settles YES");
    staked.assert_settle_refused(
        earlier,
        StatedOutcome::NoBelow,
        SettlementError::ProofNotLater,
    );
    assert_eq!(staked.settlement(), Some(Side::Yes));

    // From the end of the window on, the settlement is final, even against a later batch
    // published within it.
    let latest = post_single_stat_proof(
        &mut staked.chain,
        close_time + 1_200,
        FIXTURE_ID,
        home_goals(0),
    );
    staked.chain.finalize(&staked.market);
    assert!(
        staked.chain.now() * 1_000 >= latest.ts,
        "the clock is past the batch"
    );
    staked.assert_settle_refused(
        latest,
        StatedOutcome::NoBelow,
        SettlementError::MarketResolved,
    );
    let yves = staked.yves.insecure_clone();
    staked.chain.claim(&yves, &staked.market).expect("YES wins");
    assert_eq!(
        staked.chain.usdc_balance(&yves.pubkey()),
        7 * USDC + 4 * USDC
    );
}

/// The real oracle may return `false` or raise `PredicateFailed` for a predicate that does not
/// hold; the program only asks about a predicate that holds, so NO settles either way, and a
/// wrongly stated outcome is refused either way.
#[test]
fn no_settles_and_a_wrong_outcome_is_refused_whatever_the_oracle_does_with_false() {
    for false_predicate in FalsePredicate::BOTH {
        let mut staked = Staked::home_goals(false_predicate);
        let market = staked.market;
        let one_goal = proof_after_close(&mut staked.chain, &market, FIXTURE_ID, home_goals(1));

        let before = staked.balances();
        let wrong =
            staked
                .chain
                .settle_stating(&staked.market, one_goal.clone(), StatedOutcome::Yes);
        match false_predicate {
            FalsePredicate::ReturnFalse => {
                assert_settlement_error(wrong, SettlementError::OutcomeNotProven)
            }
            FalsePredicate::Fail => assert_program_error(
                wrong,
                txline_interface::DEVNET_PROGRAM_ID,
                "PredicateFailed",
                OracleError::PredicateFailed.into(),
            ),
        }
        assert_eq!(staked.balances(), before, "{false_predicate:?}");
        assert_eq!(staked.settlement(), None, "{false_predicate:?}");

        // "More than 1" cannot be NO from above.
        staked.assert_settle_refused(
            one_goal.clone(),
            StatedOutcome::NoAbove,
            SettlementError::InvalidOutcome,
        );
        staked
            .chain
            .settle_stating(&staked.market, one_goal, StatedOutcome::NoBelow)
            .unwrap_or_else(|failure| panic!("{false_predicate:?}: NO settles: {failure}"));
        assert_eq!(staked.settlement(), Some(Side::No), "{false_predicate:?}");
    }
}

/// "Exactly 2 goals?" is NO from below (1 goal) or from above (3 goals): the settler names the
/// side, and only the true side is confirmed.
#[test]
fn an_equality_market_settles_no_from_either_side() {
    for false_predicate in FalsePredicate::BOTH {
        for (goals, side, wrong_side) in [
            (1, StatedOutcome::NoBelow, StatedOutcome::NoAbove),
            (3, StatedOutcome::NoAbove, StatedOutcome::NoBelow),
        ] {
            let mut chain = TestChain::with_oracle(false_predicate);
            let creator = chain.new_wallet(0);
            let mut terms = home_goals_market(&chain);
            terms.predicate = TraderPredicate {
                threshold: 2,
                comparison: Comparison::EqualTo,
            };
            let market = chain.create_market(&creator, terms).expect("create market");
            let proof = proof_after_close(&mut chain, &market, FIXTURE_ID, home_goals(goals));
            chain
                .settle_stating(&market, proof.clone(), wrong_side)
                .expect_err("the wrong side is not confirmed");
            chain
                .settle_stating(&market, proof, side)
                .unwrap_or_else(|failure| panic!("{goals} goals: {failure}"));
            assert_eq!(chain.market(&market).expect("market").outcome, Side::No);
        }
    }
}

#[test]
fn predicates_that_can_never_hold_are_refused_at_creation() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    for predicate in [
        TraderPredicate {
            threshold: i32::MAX,
            comparison: Comparison::GreaterThan,
        },
        TraderPredicate {
            threshold: i32::MIN,
            comparison: Comparison::LessThan,
        },
    ] {
        let mut terms = home_goals_market(&chain);
        terms.predicate = predicate;
        assert_settlement_error(
            chain.create_market(&creator, terms),
            SettlementError::InvalidPredicate,
        );
    }
    assert_eq!(chain.config().market_count, 0);
}

#[test]
fn the_dispute_window_is_bounded() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    for window in [
        i64::MIN,
        0,
        MIN_DISPUTE_WINDOW_SECS - 1,
        MAX_DISPUTE_WINDOW_SECS + 1,
    ] {
        let mut terms = home_goals_market(&chain);
        terms.dispute_window = window;
        assert_settlement_error(
            chain.create_market(&creator, terms),
            SettlementError::InvalidDisputeWindow,
        );
    }
    for window in [MIN_DISPUTE_WINDOW_SECS, MAX_DISPUTE_WINDOW_SECS] {
        let mut terms = home_goals_market(&chain);
        terms.dispute_window = window;
        chain
            .create_market(&creator, terms)
            .expect("a window within the bounds");
    }
}

/// A close time near `i64::MAX` used to take deposits and then fail every settle and refund with
/// `Overflow`. Now the furthest close time is bounded, and a market at that bound still goes
/// through its whole life: unsettled, it refunds; settled as late as allowed, it pays out.
#[test]
fn the_largest_close_times_cannot_lock_funds() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    let horizon = chain.now() + MAX_CLOSE_HORIZON_SECS;
    for close_time in [i64::MAX, i64::MAX - SETTLEMENT_GRACE_SECS, horizon + 1] {
        let mut terms = home_goals_market(&chain);
        terms.close_time = close_time;
        assert_settlement_error(
            chain.create_market(&creator, terms),
            SettlementError::CloseTimeTooFar,
        );
    }

    let mut terms = home_goals_market(&chain);
    terms.close_time = horizon;
    terms.dispute_window = MAX_DISPUTE_WINDOW_SECS;
    let unsettled = chain
        .create_market(&creator, terms.clone())
        .expect("the furthest close time");
    let settled = chain
        .create_market(&creator, terms)
        .expect("the furthest close time");
    let alice = chain.new_wallet(10 * USDC);
    let bob = chain.new_wallet(10 * USDC);
    chain
        .deposit(&alice, &unsettled, 1, 2 * USDC)
        .expect("alice");
    chain.deposit(&bob, &settled, 1, 3 * USDC).expect("bob");
    let proof = post_single_stat_proof(&mut chain, horizon + 600, FIXTURE_ID, home_goals(2));

    chain.set_time(horizon + SETTLEMENT_GRACE_SECS - 1);
    chain
        .settle(&settled, proof)
        .expect("settled at the last second");
    chain.finalize(&settled);
    chain.claim(&bob, &settled).expect("bob claims");
    chain.refund(&alice, &unsettled).expect("alice is refunded");
    assert_eq!(chain.usdc_balance(&alice.pubkey()), 10 * USDC);
    assert_eq!(chain.usdc_balance(&bob.pubkey()), 10 * USDC);
}

#[test]
fn only_the_upgrade_authority_initializes() {
    let mut chain = TestChain::uninitialized(FalsePredicate::ReturnFalse);
    let squatter = chain.new_wallet(0);
    let mint = chain.mint();
    let initialize = instructions::initialize(squatter.pubkey(), mint);
    assert_settlement_error(
        chain.send(&[initialize], &[&squatter]),
        SettlementError::NotUpgradeAuthority,
    );
    assert!(chain.svm().get_account(&pda::config()).is_none());

    let admin = chain.admin().insecure_clone();
    chain
        .send(&[instructions::initialize(admin.pubkey(), mint)], &[&admin])
        .expect("the upgrade authority initializes");
    assert_eq!(chain.config().admin, admin.pubkey());
}

/// The mock runs at the mainnet id too: a market settles through it, with its own roots.
#[test]
fn a_market_settles_through_the_mainnet_oracle() {
    for false_predicate in FalsePredicate::BOTH {
        let mut staked = Staked::home_goals(false_predicate);
        let ts = (close_time(&staked.chain, &staked.market) + 600) * 1_000;
        let (mut proofs, root) =
            batch_proofs(ts, FIXTURE_ID, &[home_goals(1)]).expect("a valid batch");
        let proof = proofs.pop().expect("one proof");
        staked
            .chain
            .post_root_to(txline_interface::MAINNET_PROGRAM_ID, root)
            .expect("post the root to the mainnet oracle");
        staked.chain.close(&staked.market);
        staked.chain.reach_batch(&proof);

        // The devnet oracle has no such root.
        let market = staked.market;
        assert_program_error(
            staked.chain.settle_via(
                txline_interface::DEVNET_PROGRAM_ID,
                &market,
                proof.clone(),
                StatedOutcome::NoBelow,
            ),
            txline_interface::DEVNET_PROGRAM_ID,
            "RootNotAvailable",
            OracleError::RootNotAvailable.into(),
        );
        staked
            .chain
            .settle_via(
                txline_interface::MAINNET_PROGRAM_ID,
                &market,
                proof,
                StatedOutcome::NoBelow,
            )
            .unwrap_or_else(|failure| panic!("{false_predicate:?}: {failure}"));
        assert_eq!(staked.settlement(), Some(Side::No));
        staked.chain.finalize(&market);
        let nora = staked.nora.insecure_clone();
        staked.chain.claim(&nora, &market).expect("NO wins");
        assert_eq!(staked.chain.usdc_balance(&nora.pubkey()), 13 * USDC);
    }
}
