//! Only final values settle a market: `create_market` takes only the periods the event that
//! finishes a match carries (1, the half-time score, and 100, full time), and `settle` takes a
//! value only from such an event, shown by a full-time stat or by the full-time mark of its
//! event. Running values (Burnley's second-half goals at 89', the first half in play) are refused
//! with `ValueNotFinal` in the program's order, and each refusal moves no token. The proofs are
//! the committed proof files of Brentford v Burnley, against the committed oracle roots.

mod common;

use anchor_lang::prelude::Pubkey;
use common::committed::{chain_with_committed_roots, committed, named, staked_market};
use common::*;
use fulltime_client::pda;
use fulltime_client::proof_file::ProofFile;
use fulltime_harness::{TestChain, resplit};
use fulltime_localnet::native::FalsePredicate;
use fulltime_proof_files::Generated;
use settlement::constants::SETTLEMENT_GRACE_SECS;
use settlement::{MarketTerms, SettlementError, SettlementProof, Side};
use solana_keypair::Keypair;
use solana_signer::Signer;
use txline_interface::{Comparison, StatTerm, TraderPredicate};

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

/// `proof` carrying `mark` as its full-time mark.
fn with_mark(proof: SettlementProof, mark: Option<StatTerm>) -> SettlementProof {
    SettlementProof {
        full_time_mark: mark,
        ..proof
    }
}

fn proof_of(committed: &Generated, name: &str) -> SettlementProof {
    named(committed, name).to_settlement_proof()
}

#[test]
fn create_market_takes_only_the_periods_a_final_event_carries() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    for period in [2, 0, 3, -1, 99, 101, i32::MIN, i32::MAX] {
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
        period: 2,
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
        period: 2,
        close_time: chain.now(),
        ..home_goals_market(&chain)
    };
    assert_settlement_error(
        chain.create_market(&creator, past),
        SettlementError::PeriodNeverFinal,
    );

    for period in [1, 100] {
        let terms = MarketTerms {
            period,
            ..home_goals_market(&chain)
        };
        let market = chain.create_market(&creator, terms).expect("created");
        assert_eq!(chain.market(&market).expect("market").period, period);
    }
}

/// A period-2 market, as a chain kept from before holds it: the 89' running count is refused,
/// alone or with the full-time event's mark, and the market never settles; after the grace
/// period each stake comes back.
#[test]
fn a_second_half_market_kept_from_before_is_never_settled_from_the_89th_minute() {
    let committed = committed();
    for false_predicate in FalsePredicate::BOTH {
        let at_89 = named(&committed, "burnley-second-half-goals-at-89");
        let mut staked = StakedMarket::new(false_predicate, &committed, at_89);
        let market = staked.market;
        assert_eq!(staked.chain.market(&market).expect("market").period, 2);

        let running = at_89.to_settlement_proof();
        assert_eq!(running.stat.stat_to_prove.period, 2);
        assert_eq!(running.full_time_mark, None);
        staked.refused(running, SettlementError::ValueNotFinal);
        let marked = proof_of(&committed, "burnley-second-half-goals-borrowed-mark");
        assert!(marked.full_time_mark.is_some());
        staked.refused(marked, SettlementError::ValueNotFinal);

        let close_time = staked.chain.market(&market).expect("market").close_time;
        staked.chain.set_time(close_time + SETTLEMENT_GRACE_SECS);
        staked.refused(
            at_89.to_settlement_proof(),
            SettlementError::SettlementWindowClosed,
        );
        let (yes, no) = (staked.yes.insecure_clone(), staked.no.insecure_clone());
        staked.chain.refund(&yes, &market).expect("YES refunded");
        staked.chain.refund(&no, &market).expect("NO refunded");
        assert_eq!(staked.chain.usdc_balance(&yes.pubkey()), 10 * USDC);
        assert_eq!(staked.chain.usdc_balance(&no.pubkey()), 10 * USDC);
    }
}

/// "Brentford more than 1 first-half goal?": 1-1 at 28' in play would settle NO; the half-time
/// score the full-time event carries, 2-1, settles YES with that event's mark.
#[test]
fn a_first_half_market_settles_only_from_the_full_time_event_with_its_mark() {
    let committed = committed();
    for false_predicate in FalsePredicate::BOTH {
        let full_time = named(&committed, "brentford-home-goals-first-half");
        let mut staked = StakedMarket::new(false_predicate, &committed, full_time);
        let honest = full_time.to_settlement_proof();
        let mark = honest.full_time_mark.clone().expect("a full-time mark");
        assert_eq!(mark.stat_to_prove.period, 100);

        let in_play = proof_of(&committed, "brentford-home-goals-first-half-in-play");
        assert_eq!(in_play.stat.stat_to_prove.value, 1);
        staked.refused(in_play.clone(), SettlementError::ValueNotFinal);
        // The in-play value with the full-time event's mark: another event's.
        staked.refused(
            with_mark(in_play.clone(), Some(mark.clone())),
            SettlementError::ValueNotFinal,
        );
        let unmarked = with_mark(honest.clone(), None);
        staked.refused(unmarked, SettlementError::ValueNotFinal);
        let mut forged = mark.clone();
        forged.stat_to_prove.value += 1;
        staked.refused(
            with_mark(honest.clone(), Some(forged)),
            SettlementError::ValueNotFinal,
        );
        // The half-time score of its own event, as the mark: not a full-time stat.
        staked.refused(
            with_mark(honest.clone(), Some(honest.stat.clone())),
            SettlementError::ValueNotFinal,
        );

        assert_eq!(staked.settles(honest), Side::Yes, "YES: 2 first-half goals");
        // Once settled, an earlier in-play proof is refused as not final before as not later.
        staked.refused(in_play, SettlementError::ValueNotFinal);
        staked.winner_takes_the_pool(true);
    }
}

/// "More than 2 first-half goals?": 1-1 in play, 2-1 at half time. One mark covers both stats.
#[test]
fn a_two_stat_first_half_market_settles_only_from_the_full_time_event() {
    let committed = committed();
    for false_predicate in FalsePredicate::BOTH {
        let full_time = named(&committed, "brentford-burnley-half-goals-over-2");
        let mut staked = StakedMarket::new(false_predicate, &committed, full_time);
        let honest = full_time.to_settlement_proof();
        assert!(honest.stat_b.is_some() && honest.full_time_mark.is_some());

        let in_play = proof_of(&committed, "brentford-burnley-half-goals-in-play");
        staked.refused(in_play, SettlementError::ValueNotFinal);
        staked.refused(
            with_mark(honest.clone(), None),
            SettlementError::ValueNotFinal,
        );
        assert_eq!(staked.settles(honest), Side::Yes, "YES: 3 first-half goals");
        staked.winner_takes_the_pool(true);
    }
}

/// A mark given with a full-time stat, which needs none, is checked all the same: one from
/// another event is refused; one of the proven event (the stat itself) is taken.
#[test]
fn a_mark_is_checked_even_where_none_is_needed() {
    let committed = committed();
    let other_event = named(&committed, "brentford-away-goals-over-1-other-mark");
    let mut staked = StakedMarket::new(FalsePredicate::ReturnFalse, &committed, other_event);
    let proof = other_event.to_settlement_proof();
    staked.refused(proof.clone(), SettlementError::ValueNotFinal);

    let own_stat = proof.stat.clone();
    let own = with_mark(proof, Some(own_stat));
    assert_eq!(
        staked.settles(own),
        Side::Yes,
        "YES: the corrected 2 away goals"
    );
    staked.winner_takes_the_pool(true);
}

/// `ValueNotFinal` comes after the batch time, the event path and the second stat's event, and
/// before the oracle is asked.
#[test]
fn a_running_value_is_refused_in_the_programs_order() {
    let committed = committed();
    let total = named(&committed, "brentford-burnley-half-goals-over-2");
    let in_play = proof_of(&committed, "brentford-burnley-half-goals-in-play");
    let full_time = total.to_settlement_proof();
    let mut staked = StakedMarket::new(FalsePredicate::ReturnFalse, &committed, total);

    staked.refused(resplit(&in_play), SettlementError::EventPathMismatch);
    let mixed = SettlementProof {
        stat_b: full_time.stat_b.clone(),
        ..in_play.clone()
    };
    staked.refused(mixed, SettlementError::SecondStatFromOtherEvent);
    // A fixture path the oracle would refuse: the program refuses the running value first.
    let mut tampered = in_play.clone();
    tampered.fixture_proof[0].hash[0] ^= 1;
    staked.refused(tampered, SettlementError::ValueNotFinal);

    // A market closing after the in-play batch: it was still taking stakes then.
    let mut late = StakedMarket::new(FalsePredicate::ReturnFalse, &committed, total);
    let creator = late.chain.new_wallet(0);
    let close_time = in_play.ts.div_euclid(1_000) + 1;
    let terms = total.market_terms(close_time, fulltime_testkit::sample::DISPUTE_WINDOW);
    late.market = late.chain.create_market(&creator, terms).expect("create");
    late.chain.set_time(close_time);
    late.refused(in_play, SettlementError::ProofBeforeClose);
}
