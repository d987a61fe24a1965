//! Only final values settle a market. TxLINE publishes a fixture's final outcome as its
//! `game_finalised` record, period 100, and names a half by the stat key (`1001`, participant 1's
//! first-half goals), never by the period. So `create_market` takes period 100 alone
//! (`PeriodNeverFinal`); `settle` takes a value, the first stat's and the second's, only of period
//! 100 (`ValueNotFinal`, after the second stat's presence and key, before the batch time, the
//! event path and the oracle); and a market of the retired rule (period 1 or 2), which a chain
//! kept from before may hold, never settles (`PeriodRetired`, right after the window checks) and
//! is refunded after the grace period. Each refusal moves no token and changes no settlement. The
//! proofs are the committed proof files of Brentford v Burnley against the committed oracle
//! roots, and batches of the harness's own.

mod common;

use anchor_lang::prelude::Pubkey;
use common::committed::{chain_with_committed_roots, committed, market_of, named, staked_market};
use common::staked::Staked;
use common::*;
use fulltime_client::pda;
use fulltime_client::proof_file::ProofFile;
use fulltime_harness::{
    TestChain, mixed_event_proofs, record_proof, resplit, second_stat_term, with_second_stat,
};
use fulltime_localnet::native::FalsePredicate;
use fulltime_matches::Generated;
use fulltime_testkit::sample::DISPUTE_WINDOW;
use settlement::constants::SETTLEMENT_GRACE_SECS;
use settlement::{MarketTerms, SettlementError, SettlementProof, Side, StatedOutcome};
use solana_keypair::Keypair;
use solana_signer::Signer;
use txline_interface::{Comparison, ScoreStat, TraderPredicate};

/// Participant 1's first-half goals, as TxLINE keys them: the first half's prefix, 1000, and
/// goals of participant 1, 1.
const HOME_FIRST_HALF_GOALS: u32 = 1_001;
/// The period of a record in play in the second half, and of the `halftime_finalised` record.
const SECOND_HALF_IN_PLAY: i32 = 4;
const HALF_TIME: i32 = 3;

/// A committed proof file's market, staked 2 USDC on YES and 3 USDC on NO, on a chain holding
/// every committed root.
struct StakedMarket {
    chain: TestChain,
    market: Pubkey,
    yes: Keypair,
    no: Keypair,
}

impl StakedMarket {
    fn new(false_predicate: FalsePredicate, committed: &Generated, proof_file: &ProofFile) -> Self {
        let mut chain = chain_with_committed_roots(false_predicate, &committed.roots);
        let yes = chain.new_wallet(10 * USDC);
        let no = chain.new_wallet(10 * USDC);
        let market = staked_market(&mut chain, proof_file, &yes, &no);
        Self {
            chain,
            market,
            yes,
            no,
        }
    }

    fn balances(&self) -> Vec<u64> {
        let mint = self.chain.mint();
        let watched = [
            pda::token_account(&self.yes.pubkey(), &mint),
            pda::token_account(&self.no.pubkey(), &mint),
            pda::vault(&self.market),
        ];
        balances(&self.chain, &watched)
    }

    /// The side the market's settlement states; `None` before any settlement.
    fn settlement(&self) -> Option<Side> {
        self.chain
            .market(&self.market)
            .expect("market")
            .settled_outcome()
    }

    /// Once the clock has reached its batch, `proof` is refused with `expected`, moving no
    /// token and leaving the settlement as it was.
    #[track_caller]
    fn refused(&mut self, proof: SettlementProof, expected: SettlementError) {
        self.chain.reach_batch(&proof);
        self.refused_now(proof, expected);
    }

    /// `proof` is refused with `expected` at the clock as it stands.
    #[track_caller]
    fn refused_now(&mut self, proof: SettlementProof, expected: SettlementError) {
        let (balances, settlement) = (self.balances(), self.settlement());
        let market = self.market;
        assert_settlement_error(self.chain.settle(&market, proof), expected);
        assert_eq!(self.balances(), balances, "no token may move");
        assert_eq!(self.settlement(), settlement);
    }

    /// Settles with `proof` once the clock has reached its batch; the side it states.
    #[track_caller]
    fn settles(&mut self, proof: SettlementProof) -> Side {
        self.chain.reach_batch(&proof);
        let market = self.market;
        self.chain
            .settle(&market, proof)
            .unwrap_or_else(|failure| panic!("settles: {failure}"));
        self.settlement().expect("settled")
    }

    /// Past the dispute window, the winning side (`yes` or not) takes the 5 USDC pool.
    fn winner_takes_the_pool(&mut self, yes: bool) {
        let market = self.market;
        self.chain.finalize(&market);
        let (winner, staked) = if yes {
            (&self.yes, 2 * USDC)
        } else {
            (&self.no, 3 * USDC)
        };
        self.chain
            .claim(winner, &market)
            .expect("the winner claims");
        assert_eq!(
            self.chain.usdc_balance(&winner.pubkey()),
            10 * USDC - staked + 5 * USDC
        );
        assert_eq!(self.chain.token_balance(&pda::vault(&market)), 0);
    }
}

fn proof_of(committed: &Generated, name: &str) -> SettlementProof {
    named(committed, name).to_settlement_proof()
}

fn stat(key: u32, value: i32, period: i32) -> ScoreStat {
    ScoreStat { key, value, period }
}

#[test]
fn create_market_takes_only_the_finalised_records_period() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    // The retired rule's halves, records in play, and around 100.
    for period in [1, 2, 0, 3, 4, -1, 99, 101, i32::MIN, i32::MAX] {
        let terms = MarketTerms {
            period,
            ..home_goals_market(&chain)
        };
        assert_settlement_error(
            chain.create_market(&creator, terms),
            SettlementError::PeriodNeverFinal,
        );
    }
    assert_eq!(chain.config().market_count, 0, "nothing was created");

    // Checked after the predicate and before the close time.
    let never = MarketTerms {
        period: 1,
        predicate: TraderPredicate {
            threshold: i32::MAX,
            comparison: Comparison::GreaterThan,
        },
        ..home_goals_market(&chain)
    };
    assert_settlement_error(
        chain.create_market(&creator, never),
        SettlementError::InvalidPredicate,
    );
    let past = MarketTerms {
        period: 1,
        close_time: chain.now(),
        ..home_goals_market(&chain)
    };
    assert_settlement_error(
        chain.create_market(&creator, past),
        SettlementError::PeriodNeverFinal,
    );

    // A half is named by its key: the first half's goals, at period 100.
    for stat_key in [HOME_GOALS, HOME_FIRST_HALF_GOALS] {
        let terms = MarketTerms {
            stat_key,
            ..home_goals_market(&chain)
        };
        let market = chain.create_market(&creator, terms).expect("created");
        let stored = chain.market(&market).expect("market");
        assert_eq!((stored.stat_key, stored.period), (stat_key, 100));
    }
}

/// A market of the retired rule, as a chain kept from before holds one: deposits as any market
/// before its close; every settlement refused with `PeriodRetired` once the window checks pass,
/// before the fixture and whatever the proof; after the grace period, `SettlementWindowClosed`
/// and each stake back.
#[test]
fn a_market_of_the_retired_rule_never_settles_and_is_refunded() {
    for false_predicate in FalsePredicate::BOTH {
        for period in [1, 2] {
            let chain = TestChain::with_oracle(false_predicate);
            let terms = MarketTerms {
                period,
                ..home_goals_market(&chain)
            };
            let mut staked = Staked::planted(chain, terms);
            let market = staked.market;
            assert_eq!(staked.chain.market(&market).expect("market").period, period);
            assert_eq!(staked.balances(), [7 * USDC, 9 * USDC, 4 * USDC]);

            // The honest final proof, posted ten minutes after the close.
            let close_time = close_time(&staked.chain, &market);
            let published = close_time + 600;
            let honest =
                post_single_stat_proof(&mut staked.chain, published, FIXTURE_ID, home_goals(3));
            staked.assert_settle_refused(
                honest.clone(),
                StatedOutcome::Yes,
                SettlementError::MarketNotClosed,
            );
            staked.chain.close(&market);
            let nora = staked.nora.insecure_clone();
            assert_settlement_error(
                staked.chain.deposit(&nora, &market, 0, USDC),
                SettlementError::MarketClosed,
            );
            staked.chain.reach_batch(&honest);
            staked.assert_settle_refused(
                honest.clone(),
                StatedOutcome::Yes,
                SettlementError::PeriodRetired,
            );
            // Before the fixture, the stat and the value's period are looked at (and the
            // oracle, so these batches' roots need not be posted).
            let (other_match, _) = fulltime_harness::single_stat_proof(
                published * 1_000,
                FIXTURE_ID + 1,
                home_goals(3),
            )
            .expect("a proof");
            staked.assert_settle_refused(
                other_match,
                StatedOutcome::Yes,
                SettlementError::PeriodRetired,
            );
            // The value of the retired period itself: the half as it stood in its own period.
            let (retired_value, _) = fulltime_harness::single_stat_proof(
                published * 1_000,
                FIXTURE_ID,
                stat(HOME_GOALS, 2, period),
            )
            .expect("a proof");
            staked.assert_settle_refused(
                retired_value,
                StatedOutcome::Yes,
                SettlementError::PeriodRetired,
            );
            assert_eq!(staked.settlement(), None);

            staked
                .chain
                .set_time(close_time + SETTLEMENT_GRACE_SECS - 1);
            let yves = staked.yves.insecure_clone();
            assert_settlement_error(
                staked.chain.refund(&yves, &market),
                SettlementError::RefundUnavailable,
            );
            staked.chain.set_time(close_time + SETTLEMENT_GRACE_SECS);
            staked.assert_settle_refused(
                honest,
                StatedOutcome::Yes,
                SettlementError::SettlementWindowClosed,
            );
            staked.chain.refund(&yves, &market).expect("YES refunded");
            staked.chain.refund(&nora, &market).expect("NO refunded");
            assert_eq!(staked.balances(), [10 * USDC, 10 * USDC, 0]);
        }
    }
}

/// "Brentford more than 1 first-half goal?" (key 1001): 1-1 at 28' in play would settle NO, and
/// the `halftime_finalised` record (period 3), reviewed, is not the final outcome either; the
/// `game_finalised` record's first-half goals, 2, settle YES. Once settled, the running value is
/// still refused as not final, before it is compared with the settlement.
#[test]
fn a_first_half_market_settles_only_from_the_finalised_record() {
    let committed = committed();
    for false_predicate in FalsePredicate::BOTH {
        let finalised = named(&committed, "brentford-home-goals-first-half");
        let market = market_of(finalised);
        assert_eq!(
            (market.stat_key, market.period),
            (HOME_FIRST_HALF_GOALS, 100)
        );
        let mut staked = StakedMarket::new(false_predicate, &committed, finalised);

        let in_play = proof_of(&committed, "brentford-home-goals-first-half-in-play");
        assert_eq!(
            (
                in_play.stat.stat_to_prove.value,
                in_play.stat.stat_to_prove.period
            ),
            (1, 2)
        );
        staked.refused(in_play.clone(), SettlementError::ValueNotFinal);
        let half_time = proof_of(&committed, "brentford-home-goals-first-half-at-half-time");
        assert_eq!(half_time.stat.stat_to_prove.period, HALF_TIME);
        staked.refused(half_time, SettlementError::ValueNotFinal);
        // The final proof relabelled to the record in play's period: refused before the oracle,
        // whose stat proof it would fail.
        let honest = finalised.to_settlement_proof();
        let mut relabelled = honest.clone();
        relabelled.stat.stat_to_prove.period = SECOND_HALF_IN_PLAY;
        staked.refused(relabelled, SettlementError::ValueNotFinal);

        assert_eq!(staked.settles(honest), Side::Yes, "YES: 2 first-half goals");
        staked.refused(in_play, SettlementError::ValueNotFinal);
        staked.winner_takes_the_pool(true);
    }
}

/// Brighton's first-half goals, 1, from its `game_finalised` record, settle "more than 0?" YES
/// and pay out; the same record's whole-match goals (key 1) are not the market's stat.
#[test]
fn a_half_is_named_by_its_key_and_settles_from_the_finalised_record() {
    let committed = committed();
    let finalised = named(&committed, "brighton-home-goals-first-half");
    assert_eq!(market_of(finalised).stat_key, HOME_FIRST_HALF_GOALS);
    let mut staked = StakedMarket::new(FalsePredicate::Fail, &committed, finalised);
    let whole_match = proof_of(&committed, "brighton-home-goals-first-half-retired-rule");
    assert_eq!(whole_match.stat.stat_to_prove.key, HOME_GOALS);
    staked.refused(whole_match, SettlementError::StatMismatch);
    assert_eq!(
        staked.settles(finalised.to_settlement_proof()),
        Side::Yes,
        "YES: 1 first-half goal"
    );
    staked.winner_takes_the_pool(true);
}

/// "More than 2 first-half goals?" (1001 + 1002): 1-1 in play, 2-1 in the finalised record.
#[test]
fn a_two_stat_first_half_market_settles_only_from_the_finalised_record() {
    let committed = committed();
    for false_predicate in FalsePredicate::BOTH {
        let finalised = named(&committed, "brentford-burnley-half-goals-over-2");
        let mut staked = StakedMarket::new(false_predicate, &committed, finalised);
        let honest = finalised.to_settlement_proof();
        let second = honest.stat_b.as_ref().expect("a second stat");
        assert!(second.shared > 0, "sent without the siblings it shares");

        let in_play = proof_of(&committed, "brentford-burnley-half-goals-in-play");
        staked.refused(in_play, SettlementError::ValueNotFinal);
        assert_eq!(staked.settles(honest), Side::Yes, "YES: 3 first-half goals");
        staked.winner_takes_the_pool(true);
    }
}

/// A closed total-goals market ("more than 2?"), Yves on YES and Nora on NO.
fn total_goals_over_2(false_predicate: FalsePredicate) -> Staked {
    let mut staked = Staked::total_goals_over_2(false_predicate);
    staked.chain.close(&staked.market);
    staked
}

/// The second stat must be final as well as the first: one taken from a record in play (the
/// first from the finalised record), or relabelled to another period within the finalised
/// record, is `ValueNotFinal`, before the program looks at which record it comes from and before
/// the oracle is asked (no root is posted for these batches).
#[test]
fn the_second_stat_must_be_final_too() {
    for false_predicate in FalsePredicate::BOTH {
        let mut staked = total_goals_over_2(false_predicate);
        let ts = (close_time(&staked.chain, &staked.market) + 600) * 1_000;
        let final_home = home_goals(2);
        let away_in_play = stat(AWAY_GOALS, 1, SECOND_HALF_IN_PLAY);
        let (second_in_play, _, _) =
            mixed_event_proofs(ts, FIXTURE_ID, final_home, away_in_play).expect("proofs");
        staked.chain.reach_batch(&second_in_play);
        staked.assert_settle_refused(
            second_in_play,
            StatedOutcome::Yes,
            SettlementError::ValueNotFinal,
        );
        // Both final but from two records: refused for the records, not the values.
        let (two_records, _, _) =
            mixed_event_proofs(ts, FIXTURE_ID, final_home, stat(AWAY_GOALS, 1, 100))
                .expect("proofs");
        staked.assert_settle_refused(
            two_records,
            StatedOutcome::Yes,
            SettlementError::SecondStatFromOtherEvent,
        );
        let (first_in_play, _, _) = mixed_event_proofs(
            ts,
            FIXTURE_ID,
            stat(HOME_GOALS, 2, SECOND_HALF_IN_PLAY),
            stat(AWAY_GOALS, 1, 100),
        )
        .expect("proofs");
        staked.assert_settle_refused(
            first_in_play,
            StatedOutcome::Yes,
            SettlementError::ValueNotFinal,
        );
        for period in [HALF_TIME, 1, 2] {
            let record = [final_home, stat(AWAY_GOALS, 1, period)];
            let (relabelled, _) =
                record_proof(ts, FIXTURE_ID, &record, 0, Some(1)).expect("a proof");
            staked.assert_settle_refused(
                relabelled,
                StatedOutcome::Yes,
                SettlementError::ValueNotFinal,
            );
        }
        assert_eq!(staked.settlement(), None);
    }
}

/// `ValueNotFinal` in the program's order, with the two-stat first-half market and its in-play
/// proof (1-1 at 28'): after the fixture, the first stat's key, the second stat's presence and
/// key; before the batch time, the event path, the second stat's record, the oracle and (once
/// settled) "later". Each manipulation of the finalised proof shows the error it gets when the
/// value is final.
#[test]
fn a_running_value_is_refused_in_the_programs_order() {
    let committed = committed();
    let finalised = named(&committed, "brentford-burnley-half-goals-over-2");
    let honest = finalised.to_settlement_proof();
    let in_play = proof_of(&committed, "brentford-burnley-half-goals-in-play");
    let mut staked = StakedMarket::new(FalsePredicate::ReturnFalse, &committed, finalised);

    // From the future: the clock at the close, before the in-play batch.
    let close_time = close_time(&staked.chain, &staked.market);
    staked.chain.set_time(close_time);
    assert!(in_play.ts > close_time * 1_000);
    staked.refused_now(in_play.clone(), SettlementError::ValueNotFinal);
    staked.refused_now(honest.clone(), SettlementError::ProofFromFuture);

    // Checked before it: the fixture, the first key, the second stat's presence and key.
    let mut other_match = in_play.clone();
    other_match.fixture_summary.fixture_id += 1;
    staked.refused(other_match, SettlementError::FixtureMismatch);
    let mut other_key = in_play.clone();
    other_key.stat.stat_to_prove.key = HOME_GOALS;
    staked.refused(other_key, SettlementError::StatMismatch);
    let one_stat = SettlementProof {
        stat_b: None,
        ..in_play.clone()
    };
    staked.refused(one_stat.clone(), SettlementError::MissingSecondStat);
    let mut other_second_key = in_play.clone();
    if let Some(second) = &mut other_second_key.stat_b {
        second.stat_to_prove.key = AWAY_GOALS;
    }
    staked.refused(other_second_key, SettlementError::StatMismatch);
    let mut one_stat_market = StakedMarket::new(
        FalsePredicate::ReturnFalse,
        &committed,
        named(&committed, "brentford-home-goals-first-half"),
    );
    one_stat_market.refused(in_play.clone(), SettlementError::UnexpectedSecondStat);
    one_stat_market.refused(one_stat, SettlementError::ValueNotFinal);

    // Checked after it: the event path, the second stat's record, the oracle's proofs.
    staked.refused(resplit(&in_play), SettlementError::ValueNotFinal);
    staked.refused(resplit(&honest), SettlementError::EventPathMismatch);
    let final_second = second_stat_term(&honest);
    let mixed = with_second_stat(in_play.clone(), final_second.clone());
    staked.refused(mixed, SettlementError::ValueNotFinal);
    let in_play_second = second_stat_term(&in_play);
    let mixed = with_second_stat(honest.clone(), in_play_second);
    staked.refused(mixed, SettlementError::ValueNotFinal);
    let mut forged_second = in_play.clone();
    if let Some(second) = &mut forged_second.stat_b {
        second.shared = u8::MAX;
    }
    staked.refused(forged_second, SettlementError::ValueNotFinal);
    let mut tampered = in_play.clone();
    tampered.fixture_proof[0].hash[0] ^= 1;
    staked.refused(tampered, SettlementError::ValueNotFinal);
    let mut tampered = honest.clone();
    tampered.fixture_proof[0].hash[0] ^= 1;
    staked.chain.reach_batch(&tampered);
    assert_program_error(
        staked.chain.settle(&staked.market, tampered),
        txline_interface::DEVNET_PROGRAM_ID,
        "InvalidFixtureSubTreeProof",
        u32::from(txline_interface::OracleError::InvalidFixtureSubTreeProof),
    );

    // A market closing after the in-play batch was still taking stakes then: not final, before
    // past-posting.
    let mut late = StakedMarket::new(FalsePredicate::ReturnFalse, &committed, finalised);
    let creator = late.chain.new_wallet(0);
    let late_close = in_play.ts.div_euclid(1_000) + 1;
    let terms = market_of(finalised).terms(late_close, DISPUTE_WINDOW);
    late.market = late.chain.create_market(&creator, terms).expect("create");
    late.chain.set_time(late_close);
    late.refused(in_play.clone(), SettlementError::ValueNotFinal);
    let mut relabelled = in_play;
    for stat in [&mut relabelled.stat.stat_to_prove].into_iter().chain(
        relabelled
            .stat_b
            .as_mut()
            .map(|second| &mut second.stat_to_prove),
    ) {
        stat.period = 100;
    }
    late.refused(relabelled, SettlementError::ProofBeforeClose);
}
