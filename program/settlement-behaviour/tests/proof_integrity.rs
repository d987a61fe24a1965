//! A proof settles only what it honestly shows: the event it proves is read so that no split of
//! its Merkle path can move it, both stats of a two-stat proof come from that one event, its
//! batch lies between the market's close time and the cluster clock, and the oracle takes roots
//! only from its authority. Each refusal moves no token; the stored flag says `settled`, and
//! only the dispute window's end makes a market resolved.

mod common;

use common::staked::Staked;
use common::*;
use fulltime_client::market_status::MarketStatus;
use fulltime_harness::{
    batch_proofs, mixed_event_proofs, resplit, second_stat_term, single_stat_proof, two_stat_proof,
};
use fulltime_localnet::native::FalsePredicate;
use settlement::constants::SETTLEMENT_GRACE_SECS;
use settlement::{SettlementError, SettlementProof, Side, StatedOutcome};
use solana_keypair::Keypair;
use solana_signer::Signer;
use txline_interface::proof::{root_from_path, stat_leaf};
use txline_interface::{OracleError, ScoreStat};

/// The batch an hour after the market closes: the full-time event says 1 home goal, a later
/// event of the same batch corrects it to 2.
fn full_time_and_correction(staked: &mut Staked) -> (SettlementProof, SettlementProof) {
    let close_time = staked
        .chain
        .market(&staked.market)
        .expect("market")
        .close_time;
    let ts = (close_time + 3_600) * 1_000;
    let (proofs, root) =
        batch_proofs(ts, FIXTURE_ID, &[home_goals(1), home_goals(2)]).expect("a valid batch");
    staked.chain.post_root(root).expect("post the batch root");
    let [full_time, correction] = <[_; 2]>::try_from(proofs).expect("two proofs");
    staked.chain.reach_batch(&full_time);
    (full_time, correction)
}

#[test]
fn a_re_split_proof_is_refused_and_the_correction_still_replaces_the_full_time_result() {
    for false_predicate in FalsePredicate::BOTH {
        let mut staked = Staked::home_goals(false_predicate);
        let (full_time, correction) = full_time_and_correction(&mut staked);

        // The full-time event's path moved onto its stat path: every hash verifies, and it
        // would have been recorded as an event nothing in the batch comes after.
        let re_split = resplit(&full_time);
        assert!(re_split.fixture_proof.is_empty());
        staked.assert_settle_refused(
            re_split,
            StatedOutcome::NoBelow,
            SettlementError::EventPathMismatch,
        );
        assert_eq!(staked.settlement(), None);

        // Honestly split, the full-time event settles NO, and the correction replaces it.
        staked
            .chain
            .settle(&staked.market, full_time)
            .expect("the full-time event settles NO");
        assert_eq!(staked.settlement(), Some(Side::No));
        let re_split_correction = resplit(&correction);
        staked.assert_settle_refused(
            re_split_correction,
            StatedOutcome::Yes,
            SettlementError::EventPathMismatch,
        );
        staked
            .chain
            .settle(&staked.market, correction)
            .expect("the correction replaces it with YES");
        assert_eq!(staked.settlement(), Some(Side::Yes));

        staked.chain.finalize(&staked.market);
        let yves = staked.yves.insecure_clone();
        staked
            .chain
            .claim(&yves, &staked.market)
            .expect("YES claims");
        assert_eq!(
            staked.chain.usdc_balance(&yves.pubkey()),
            7 * USDC + 4 * USDC
        );
    }
}

#[test]
fn a_fixture_path_grown_by_a_node_of_the_event_is_refused() {
    // The event carries two stats: its root is an inner node of the stats' tree. Presenting the
    // stat's parent inside the event as the "event" lengthens the fixture path by one step.
    let mut staked = Staked::home_goals(FalsePredicate::ReturnFalse);
    let close_time = staked
        .chain
        .market(&staked.market)
        .expect("market")
        .close_time;
    let ts = (close_time + 600) * 1_000;
    let corners = ScoreStat {
        key: 3,
        value: 7,
        period: 100,
    };
    let (proof, root) =
        two_stat_proof(ts, FIXTURE_ID, home_goals(2), corners).expect("a valid proof");
    staked.chain.post_root(root).expect("post the batch root");
    staked.chain.reach_batch(&proof);
    let mut grown = SettlementProof {
        stat_b: None,
        ..proof.clone()
    };
    let step = grown
        .stat
        .stat_proof
        .pop()
        .expect("a sibling inside the event");
    grown.stat.event_stat_root = stat_leaf(&grown.stat.stat_to_prove);
    grown.fixture_proof.insert(0, step);
    staked.assert_settle_refused(
        grown,
        StatedOutcome::Yes,
        SettlementError::EventPathMismatch,
    );
    assert_eq!(staked.settlement(), None);
}

#[test]
fn two_stats_from_different_events_never_combine() {
    for false_predicate in FalsePredicate::BOTH {
        let mut staked = Staked::total_goals_over_2(false_predicate);
        let close_time = staked
            .chain
            .market(&staked.market)
            .expect("market")
            .close_time;
        // 2 home goals in one event, 1 away goal in another: no event says "3 goals".
        let away = ScoreStat {
            key: AWAY_GOALS,
            value: 1,
            period: 100,
        };
        let (honest, raised, root) =
            mixed_event_proofs((close_time + 600) * 1_000, FIXTURE_ID, home_goals(2), away)
                .expect("valid proofs");
        staked.chain.post_root(root).expect("post the batch root");
        staked.chain.reach_batch(&honest);

        staked.assert_settle_refused(
            honest,
            StatedOutcome::Yes,
            SettlementError::SecondStatFromOtherEvent,
        );
        // Both raised to the events root, the second's rebuilt path hashes up to the root the
        // first names: only the event path is left to refuse it.
        let stat_b = second_stat_term(&raised).expect("a second stat");
        assert_eq!(
            root_from_path(stat_leaf(&stat_b.stat_to_prove), &stat_b.stat_proof),
            raised.stat.event_stat_root
        );
        staked.assert_settle_refused(
            raised,
            StatedOutcome::Yes,
            SettlementError::EventPathMismatch,
        );
        assert_eq!(staked.settlement(), None);
    }
}

#[test]
fn a_second_stat_naming_the_event_without_a_path_to_it_is_refused() {
    let mut staked = Staked::total_goals_over_2(FalsePredicate::ReturnFalse);
    let close_time = staked
        .chain
        .market(&staked.market)
        .expect("market")
        .close_time;
    let away = ScoreStat {
        key: AWAY_GOALS,
        value: 1,
        period: 100,
    };
    let (proof, root) = two_stat_proof((close_time + 600) * 1_000, FIXTURE_ID, home_goals(2), away)
        .expect("a valid proof");
    staked.chain.post_root(root).expect("post the batch root");
    staked.chain.reach_batch(&proof);
    let mut forged = proof.clone();
    let stat_b = forged.stat_b.as_mut().expect("a second stat");
    stat_b.stat_to_prove.value = 5;
    staked.assert_settle_refused(
        forged,
        StatedOutcome::Yes,
        SettlementError::SecondStatFromOtherEvent,
    );
    staked
        .chain
        .settle(&staked.market, proof)
        .expect("the honest proof settles YES");
    assert_eq!(staked.settlement(), Some(Side::Yes));
}

#[test]
fn a_proof_published_before_the_close_is_past_posting_and_the_stakes_come_back() {
    for false_predicate in FalsePredicate::BOTH {
        let mut staked = Staked::home_goals(false_predicate);
        let close_time = staked
            .chain
            .market(&staked.market)
            .expect("market")
            .close_time;
        // The result was known a minute before betting closed.
        let (early, root) = single_stat_proof((close_time - 60) * 1_000, FIXTURE_ID, home_goals(2))
            .expect("a valid proof");
        staked.chain.post_root(root).expect("post the batch root");
        staked.chain.close(&staked.market);
        staked.assert_settle_refused(
            early.clone(),
            StatedOutcome::Yes,
            SettlementError::ProofBeforeClose,
        );
        // The last millisecond before the close is still before it (refused before the oracle
        // is asked, so its root need not be posted).
        let (last_ms, _) = single_stat_proof(close_time * 1_000 - 1, FIXTURE_ID, home_goals(2))
            .expect("a valid proof");
        staked.assert_settle_refused(
            last_ms,
            StatedOutcome::Yes,
            SettlementError::ProofBeforeClose,
        );

        // Nobody can settle it honestly: after the grace period every stake is refunded.
        staked.chain.advance(SETTLEMENT_GRACE_SECS);
        let (yves, nora) = (staked.yves.insecure_clone(), staked.nora.insecure_clone());
        for wallet in [&yves, &nora] {
            staked.chain.refund(wallet, &staked.market).expect("refund");
        }
        assert_eq!(staked.chain.usdc_balance(&yves.pubkey()), 10 * USDC);
        assert_eq!(staked.chain.usdc_balance(&nora.pubkey()), 10 * USDC);
    }
}

#[test]
fn a_proof_from_the_future_waits_for_the_clock() {
    let mut staked = Staked::home_goals(FalsePredicate::ReturnFalse);
    let close_time = staked
        .chain
        .market(&staked.market)
        .expect("market")
        .close_time;
    let batch = close_time + 3_600;
    let (proof, root) =
        single_stat_proof(batch * 1_000 + 500, FIXTURE_ID, home_goals(2)).expect("a valid proof");
    staked.chain.post_root(root).expect("post the batch root");
    staked.chain.close(&staked.market);
    staked.assert_settle_refused(
        proof.clone(),
        StatedOutcome::Yes,
        SettlementError::ProofFromFuture,
    );
    staked.chain.set_time(batch - 1);
    staked.assert_settle_refused(
        proof.clone(),
        StatedOutcome::Yes,
        SettlementError::ProofFromFuture,
    );
    // Within the batch's second the clock has reached it.
    staked.chain.set_time(batch);
    staked
        .chain
        .settle(&staked.market, proof)
        .expect("settles once the clock reaches the batch");
    assert_eq!(staked.settlement(), Some(Side::Yes));
}

#[test]
fn the_oracle_takes_roots_from_its_authority_only() {
    for oracle in [
        txline_interface::DEVNET_PROGRAM_ID,
        txline_interface::MAINNET_PROGRAM_ID,
    ] {
        let mut staked = Staked::home_goals(FalsePredicate::ReturnFalse);
        let close_time = staked
            .chain
            .market(&staked.market)
            .expect("market")
            .close_time;
        // A batch as late as any honest one, with a value nobody observed.
        let (invented, root) =
            single_stat_proof((close_time + 86_400) * 1_000, FIXTURE_ID, home_goals(9))
                .expect("a valid proof");
        let impostor = staked.chain.new_wallet(0);
        let admin = staked.chain.admin().insecure_clone();
        for signer in [&impostor, &admin] {
            assert_program_error(
                staked.chain.post_root_as(oracle, root, signer),
                oracle,
                "Unauthorized",
                u32::from(OracleError::Unauthorized),
            );
        }
        let day_account =
            txline_interface::ids::daily_scores_roots_address(&oracle, root.epoch_day).0;
        assert!(
            staked.chain.svm().get_account(&day_account).is_none(),
            "no roots account was created"
        );

        // Nothing was posted: the invented proof finds no root.
        staked.chain.reach_batch(&invented);
        let before = staked.balances();
        let market = staked.market;
        assert_program_error(
            staked
                .chain
                .settle_via(oracle, &market, invented, StatedOutcome::Yes),
            oracle,
            "RootNotAvailable",
            u32::from(OracleError::RootNotAvailable),
        );
        assert_eq!(staked.balances(), before, "no token may move");

        staked
            .chain
            .post_root_to(oracle, root)
            .expect("the authority posts");
    }
}

#[test]
fn the_stored_flag_says_settled_and_resolution_comes_with_the_dispute_windows_end() {
    let mut staked = Staked::home_goals(FalsePredicate::ReturnFalse);
    let (full_time, _) = full_time_and_correction(&mut staked);
    staked
        .chain
        .settle(&staked.market, full_time)
        .expect("settles NO");
    let market = staked.chain.market(&staked.market).expect("market");
    let now = staked.chain.now();
    assert!(market.settled, "a settlement is recorded");
    assert!(!market.is_final(now), "but the market is not resolved yet");
    assert!(matches!(
        MarketStatus::of(&market, now),
        MarketStatus::Provisional { .. }
    ));
    let nora: Keypair = staked.nora.insecure_clone();
    assert_settlement_error(
        staked.chain.claim(&nora, &staked.market),
        SettlementError::NotResolved,
    );

    staked.chain.finalize(&staked.market);
    let now = staked.chain.now();
    let market = staked.chain.market(&staked.market).expect("market");
    assert!(market.is_final(now));
    assert!(matches!(
        MarketStatus::of(&market, now),
        MarketStatus::Resolved { .. }
    ));
    staked
        .chain
        .claim(&nora, &staked.market)
        .expect("NO claims");
}
