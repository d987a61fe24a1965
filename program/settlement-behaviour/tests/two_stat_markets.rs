//! Markets on two statistics of one event, combined: total goals (home + away), goal difference
//! (home - away). The second stat is bound at creation like the first, and a proof that does not
//! bring exactly the market's stats, both final and of one event, is refused before the oracle is
//! asked. The second stat is sent compactly, without the siblings its path shares with the
//! first's, and the program rebuilds it: a forged shared count or a cut path is refused. No
//! refused settlement moves a token.

mod common;

use common::staked::Staked;
use common::*;
use fulltime_client::pda;
use fulltime_harness::{TestChain, mixed_event_proofs, record_proof, two_stat_proof};
use fulltime_localnet::native::FalsePredicate;
use settlement::state::SecondStat;
use settlement::{SettlementError, SettlementProof, Side, StatedOutcome};
use solana_signer::Signer;
use txline_interface::{BinaryExpression, Comparison, OracleError, ScoreStat, TraderPredicate};

fn away_goals(value: i32) -> ScoreStat {
    ScoreStat {
        key: AWAY_GOALS,
        value,
        period: 100,
    }
}

/// A closed market on home goals `op` away goals, Yves on YES and Nora on NO.
struct TwoStat(Staked);

impl TwoStat {
    fn new(
        false_predicate: FalsePredicate,
        op: BinaryExpression,
        predicate: TraderPredicate,
    ) -> Self {
        let chain = TestChain::with_oracle(false_predicate);
        let mut terms = home_goals_market(&chain);
        terms.second_stat = Some(SecondStat {
            stat_key: AWAY_GOALS,
            op,
        });
        terms.predicate = predicate;
        let mut staked = Staked::new(chain, terms);
        staked.chain.close(&staked.market);
        Self(staked)
    }

    /// "More than 2 goals in total?"
    fn total_goals_over_2(false_predicate: FalsePredicate) -> Self {
        Self::new(
            false_predicate,
            BinaryExpression::Add,
            TraderPredicate {
                threshold: 2,
                comparison: Comparison::GreaterThan,
            },
        )
    }

    /// Posts the batch published ten minutes after the close, whose one event carries both
    /// stats, moves the clock to it, and returns the proof of both.
    fn post(&mut self, first: ScoreStat, second: ScoreStat) -> SettlementProof {
        let ts = (close_time(&self.0.chain, &self.0.market) + 600) * 1_000;
        let (proof, root) = two_stat_proof(ts, FIXTURE_ID, first, second).expect("a valid batch");
        self.0.chain.post_root(root).expect("post the batch root");
        self.0.chain.reach_batch(&proof);
        proof
    }

    /// Settles with `proof` as the client would and asserts `check` of the failure, moving
    /// nothing and settling nothing.
    fn assert_refused(
        &mut self,
        proof: SettlementProof,
        check: impl FnOnce(Result<(), fulltime_harness::TxFailure>),
    ) {
        let before = balances(&self.0.chain, &self.0.watched);
        check(self.0.chain.settle(&self.0.market, proof).map(|_| ()));
        assert_eq!(
            balances(&self.0.chain, &self.0.watched),
            before,
            "no token may move"
        );
        assert!(!self.0.chain.market(&self.0.market).expect("market").settled);
    }

    fn settle_and_claim(&mut self, proof: SettlementProof, winner_is_yes: bool) {
        self.0
            .chain
            .settle(&self.0.market, proof)
            .unwrap_or_else(|failure| panic!("settles: {failure}"));
        let market = self.0.chain.market(&self.0.market).expect("market");
        assert_eq!(market.outcome, Side::from(winner_is_yes));
        self.0.chain.finalize(&self.0.market);
        let (winner, staked) = if winner_is_yes {
            (self.0.yves.insecure_clone(), 3 * USDC)
        } else {
            (self.0.nora.insecure_clone(), USDC)
        };
        self.0
            .chain
            .claim(&winner, &self.0.market)
            .expect("the winner claims");
        assert_eq!(
            self.0.chain.usdc_balance(&winner.pubkey()),
            10 * USDC - staked + 4 * USDC
        );
        assert_eq!(self.0.chain.token_balance(&pda::vault(&self.0.market)), 0);
    }
}

#[test]
fn total_goals_resolve_yes_and_no_on_the_sum() {
    for false_predicate in FalsePredicate::BOTH {
        // 2 + 1 > 2, though neither side alone scored more than 2.
        let mut yes = TwoStat::total_goals_over_2(false_predicate);
        let proof = yes.post(home_goals(2), away_goals(1));
        yes.settle_and_claim(proof, true);

        // 1 + 1 is not more than 2: NO, proven as "less than 3".
        let mut no = TwoStat::total_goals_over_2(false_predicate);
        let proof = no.post(home_goals(1), away_goals(1));
        no.settle_and_claim(proof, false);
    }
}

/// "A draw?" is `home - away = 0`; a home win is NO from above, an away win NO from below.
#[test]
fn goal_difference_settles_no_from_either_side_of_a_draw() {
    let draw = TraderPredicate {
        threshold: 0,
        comparison: Comparison::EqualTo,
    };
    for false_predicate in FalsePredicate::BOTH {
        for (home, away, side, other_side) in [
            (3, 1, StatedOutcome::NoAbove, StatedOutcome::NoBelow),
            (0, 2, StatedOutcome::NoBelow, StatedOutcome::NoAbove),
        ] {
            let mut market = TwoStat::new(false_predicate, BinaryExpression::Subtract, draw);
            let proof = market.post(home_goals(home), away_goals(away));
            let address = market.0.market;
            market
                .0
                .chain
                .settle_stating(&address, proof.clone(), other_side)
                .expect_err("the wrong side of the draw is not confirmed");
            market
                .0
                .chain
                .settle_stating(&address, proof, side)
                .unwrap_or_else(|failure| panic!("{home}-{away}: {failure}"));
            assert_eq!(
                market.0.chain.market(&address).expect("market").outcome,
                Side::No
            );
        }
        let mut market = TwoStat::new(false_predicate, BinaryExpression::Subtract, draw);
        let proof = market.post(home_goals(1), away_goals(1));
        market.settle_and_claim(proof, true);
    }
}

#[test]
fn a_proof_must_bring_exactly_the_markets_two_stats() {
    let mut market = TwoStat::total_goals_over_2(FalsePredicate::ReturnFalse);
    let both = market.post(home_goals(2), away_goals(1));

    let missing = SettlementProof {
        stat_b: None,
        ..both.clone()
    };
    market.assert_refused(missing, |result| {
        assert_settlement_error(result, SettlementError::MissingSecondStat)
    });

    // The second stat of another key is not the market's; one of another period is not final.
    let (corners, _) = two_stat_proof(
        both.ts,
        FIXTURE_ID,
        home_goals(2),
        ScoreStat {
            key: 3,
            value: 9,
            period: 100,
        },
    )
    .expect("a valid batch");
    market.assert_refused(corners, |result| {
        assert_settlement_error(result, SettlementError::StatMismatch)
    });
    let (half_time, _) = two_stat_proof(
        both.ts,
        FIXTURE_ID,
        home_goals(2),
        ScoreStat {
            period: 1,
            ..away_goals(1)
        },
    )
    .expect("a valid batch");
    market.assert_refused(half_time, |result| {
        assert_settlement_error(result, SettlementError::ValueNotFinal)
    });

    // Both of the market's stats, but each from an event of its own, which no event says: the
    // program refuses it itself (its batch root was never posted).
    let (mixed, _, _) = mixed_event_proofs(both.ts, FIXTURE_ID, home_goals(2), away_goals(1))
        .expect("a valid batch");
    market.assert_refused(mixed, |result| {
        assert_settlement_error(result, SettlementError::SecondStatFromOtherEvent)
    });

    // A one-stat market takes no second stat.
    let (mut one_stat, one_stat_market) = chain_with_market();
    let ts = (close_time(&one_stat, &one_stat_market) + 600) * 1_000;
    let (proof, root) =
        two_stat_proof(ts, FIXTURE_ID, home_goals(2), away_goals(1)).expect("a valid batch");
    one_stat.post_root(root).expect("post the batch root");
    one_stat.close(&one_stat_market);
    one_stat.reach_batch(&proof);
    assert_settlement_error(
        one_stat.settle(&one_stat_market, proof),
        SettlementError::UnexpectedSecondStat,
    );

    let address = market.0.market;
    market
        .0
        .chain
        .settle(&address, both)
        .expect("the market's own two stats settle");
}

/// A combined value outside the i32 range cannot settle either way: the oracle refuses it, so
/// nobody can make `i32::MAX + 1` wrap into a small number.
#[test]
fn a_combined_value_that_overflows_settles_nothing() {
    for false_predicate in FalsePredicate::BOTH {
        let mut market = TwoStat::total_goals_over_2(false_predicate);
        let proof = market.post(home_goals(i32::MAX), away_goals(1));
        for stated in [StatedOutcome::Yes, StatedOutcome::NoBelow] {
            let before = balances(&market.0.chain, &market.0.watched);
            let address = market.0.market;
            assert_program_error(
                market
                    .0
                    .chain
                    .settle_stating(&address, proof.clone(), stated),
                txline_interface::DEVNET_PROGRAM_ID,
                "Overflow",
                OracleError::Overflow.into(),
            );
            assert_eq!(balances(&market.0.chain, &market.0.watched), before);
        }
    }
}

/// A score record as TxLINE publishes one, its stats in key order: goals, yellow cards, red
/// cards and corners of either side, then the first half's and the second half's goals. Home
/// goals `home` and away goals `away` are its first two leaves, neighbours.
fn record(home: i32, away: i32) -> Vec<ScoreStat> {
    let counts = [(3, 1), (4, 2), (5, 0), (6, 0), (7, 6), (8, 3)];
    let halves = [(1_001, 1), (1_002, 0), (3_001, home - 1), (3_002, away)];
    [home_goals(home), away_goals(away)]
        .into_iter()
        .chain(
            counts
                .into_iter()
                .chain(halves)
                .map(|(key, value)| ScoreStat {
                    key,
                    value,
                    period: 100,
                }),
        )
        .collect()
}

/// Neighbours in a record of twelve stats: the second stat carries its one own sibling (the
/// first stat) and names the three it shares; the program rebuilds its path and settles. A shared
/// count one too many, past the first stat's path or at its largest, or its own path cut, makes a
/// path to no event: `SecondStatFromOtherEvent`, before the oracle, nothing moved.
#[test]
fn a_second_stat_sent_compactly_settles_and_a_forged_one_is_refused() {
    for false_predicate in FalsePredicate::BOTH {
        let mut market = TwoStat::total_goals_over_2(false_predicate);
        let ts = (close_time(&market.0.chain, &market.0.market) + 600) * 1_000;
        let (proof, root) =
            record_proof(ts, FIXTURE_ID, &record(2, 1), 0, Some(1)).expect("a valid batch");
        market.0.chain.post_root(root).expect("post the batch root");
        market.0.chain.reach_batch(&proof);
        let second = proof.stat_b.clone().expect("a second stat");
        let first_path = proof.stat.stat_proof.len();
        assert_eq!(
            (first_path, second.stat_proof.len(), second.shared),
            (4, 1, 3)
        );

        let forged = |forge: &dyn Fn(&mut settlement::SecondStatProof)| {
            let mut forged = proof.clone();
            forge(forged.stat_b.as_mut().expect("a second stat"));
            forged
        };
        for forged in [
            forged(&|second| second.shared += 1),
            forged(&|second| second.shared = first_path as u8 + 1),
            forged(&|second| second.shared = u8::MAX),
            forged(&|second| second.shared -= 1),
            forged(&|second| second.stat_proof.clear()),
            forged(&|second| {
                second.stat_proof.clear();
                second.shared = first_path as u8;
            }),
        ] {
            market.assert_refused(forged, |result| {
                assert_settlement_error(result, SettlementError::SecondStatFromOtherEvent)
            });
        }
        market.settle_and_claim(proof, true);
    }
}
