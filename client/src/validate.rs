//! The checks a client can make before sending, mirroring the settlement program's own. A refused
//! input is reported as the program's error, with the catalog's name, message and action, so the
//! user reads the same text whether the client or the program refused it.
//!
//! Checks that depend on time take `now`, the cluster's clock (unix seconds): the program compares
//! with it, not with the wall clock.

use settlement::batch_time::batch_time_fault;
use settlement::constants::{
    MAX_CLOSE_HORIZON_SECS, MAX_DISPUTE_WINDOW_SECS, MAX_QUESTION_CHARS, MIN_DEPOSIT,
    MIN_DISPUTE_WINDOW_SECS,
};
use settlement::final_value::{is_final_value, is_period_ever_final};
use settlement::state::{Market, Position};
use settlement::stated_outcome::is_decidable;
use settlement::{MarketTerms, SettlementError};
use txline_interface::TraderPredicate;

use crate::errors::{ProgramFailure, explain};
use crate::side::Side;
use crate::txline::TxlineProof;

/// The catalog entry of a settlement error.
pub fn settlement_failure(error: SettlementError) -> ProgramFailure {
    explain(&settlement::ID, error.into())
        .expect("every settlement error is in the client's catalog")
}

fn refuse_unless(holds: bool, error: SettlementError) -> Result<(), ProgramFailure> {
    if holds {
        Ok(())
    } else {
        Err(settlement_failure(error))
    }
}

/// Whether a deposit's outcome byte is a side's. A [`Side`] always is: only a forced deposit
/// sends another byte, for the program to refuse.
pub fn check_outcome(outcome: u8) -> Result<(), ProgramFailure> {
    refuse_unless(
        Side::try_from(outcome).is_ok(),
        SettlementError::InvalidOutcome,
    )
}

pub fn check_amount(amount: u64) -> Result<(), ProgramFailure> {
    refuse_unless(amount >= MIN_DEPOSIT, SettlementError::BelowMinimum)
}

/// At most 140 Unicode characters, counted as the program counts them (not bytes).
pub fn check_question(question: &str) -> Result<(), ProgramFailure> {
    refuse_unless(
        question.chars().count() <= MAX_QUESTION_CHARS,
        SettlementError::QuestionTooLong,
    )
}

/// Period 100, the `game_finalised` record's: a market on any other could never be settled (a
/// half is named by its stat key).
pub fn check_period(period: i32) -> Result<(), ProgramFailure> {
    refuse_unless(
        is_period_ever_final(period),
        SettlementError::PeriodNeverFinal,
    )
}

/// `close_time` must be after `now` and at most 366 days later.
pub fn check_close_time(close_time: i64, now: i64) -> Result<(), ProgramFailure> {
    refuse_unless(close_time > now, SettlementError::InvalidCloseTime)?;
    // A clock so late that the horizon overflows is the program's to report (Overflow).
    let too_far = now
        .checked_add(MAX_CLOSE_HORIZON_SECS)
        .is_some_and(|horizon| close_time > horizon);
    refuse_unless(!too_far, SettlementError::CloseTimeTooFar)
}

/// A predicate both outcomes can be proven for: not `gt i32::MAX` nor `lt i32::MIN`.
pub fn check_predicate(predicate: TraderPredicate) -> Result<(), ProgramFailure> {
    refuse_unless(is_decidable(predicate), SettlementError::InvalidPredicate)
}

/// From 60 seconds to 7 days.
pub fn check_dispute_window(seconds: i64) -> Result<(), ProgramFailure> {
    refuse_unless(
        (MIN_DISPUTE_WINDOW_SECS..=MAX_DISPUTE_WINDOW_SECS).contains(&seconds),
        SettlementError::InvalidDisputeWindow,
    )
}

/// Every check `create_market` makes, in the program's order, so that terms with several faults
/// are refused for the one the program would name.
pub fn check_market_terms(terms: &MarketTerms, now: i64) -> Result<(), ProgramFailure> {
    check_question(&terms.question)?;
    check_predicate(terms.predicate)?;
    check_period(terms.period)?;
    check_close_time(terms.close_time, now)?;
    check_dispute_window(terms.dispute_window)
}

/// Whether `settle` can be accepted at `now`: from the close time on; for a settled market only
/// while its settlement is provisional (a later proof then replaces it), for an unsettled one
/// only within the grace period; never for a market of the retired rule (a period other than
/// 100), which no record proves. The proof itself is the program's and the oracle's to judge.
pub fn check_settle(market: &Market, now: i64) -> Result<(), ProgramFailure> {
    refuse_unless(now >= market.close_time, SettlementError::MarketNotClosed)?;
    if market.settled {
        refuse_unless(
            now < market.dispute_ends_at,
            SettlementError::MarketResolved,
        )?;
    } else {
        // A deadline past i64::MAX is never reached.
        let expired = market
            .settlement_deadline()
            .is_ok_and(|deadline| now >= deadline);
        refuse_unless(!expired, SettlementError::SettlementWindowClosed)?;
    }
    refuse_unless(
        is_period_ever_final(market.period),
        SettlementError::PeriodRetired,
    )
}

/// Whether a proof's batch (`ts`, milliseconds) may settle `market` at `now`: published from the
/// close time on (earlier is past-posting) and not after the cluster clock. The program's own
/// rule, run here so that a proof from the future is refused before anything is sent.
pub fn check_batch_time(ts: i64, market: &Market, now: i64) -> Result<(), ProgramFailure> {
    match batch_time_fault(ts, market.close_time, now) {
        Some(fault) => Err(settlement_failure(fault)),
        None => Ok(()),
    }
}

/// Whether the proof's values are final: every stat from the fixture's `game_finalised` record
/// (period 100). Judged only for a proof of the market's own fixture and stat keys: the program
/// names any other mismatch first.
pub fn check_final_value(proof: &TxlineProof, market: &Market) -> Result<(), ProgramFailure> {
    let second_key = market.second_stat.map(|second| second.stat_key);
    let for_this_market = proof.fixture_summary.fixture_id == market.fixture_id
        && proof.stat_keys() == (market.stat_key, second_key);
    let stats = std::iter::once(&proof.stat).chain(&proof.stat_b);
    refuse_unless(
        !for_this_market || stats.into_iter().all(|proven| is_final_value(&proven.stat)),
        SettlementError::ValueNotFinal,
    )
}

/// What a market's state refuses of a deposit on `outcome` whatever the amount: a settled market,
/// a closed one, and the other side of the wallet's `position` (a position keeps the side of its
/// first deposit).
pub fn check_deposit_market(
    outcome: u8,
    market: &Market,
    position: Option<&Position>,
    now: i64,
) -> Result<(), ProgramFailure> {
    refuse_unless(!market.settled, SettlementError::MarketResolved)?;
    refuse_unless(now < market.close_time, SettlementError::MarketClosed)?;
    let locked = position
        .filter(|position| position.amount > 0)
        .is_some_and(|position| Side::try_from(outcome) != Ok(position.outcome));
    refuse_unless(!locked, SettlementError::OutcomeLocked)
}

/// Claims open once the settlement is final: recorded, and its dispute window over.
pub fn check_claim(market: &Market, now: i64) -> Result<(), ProgramFailure> {
    refuse_unless(market.is_final(now), SettlementError::NotResolved)
}

/// Refunds wait for a provisional settlement to become final, then need an empty winning side
/// or a market nobody settled within the grace period.
pub fn check_refund(market: &Market, now: i64) -> Result<(), ProgramFailure> {
    refuse_unless(
        !market.settled || market.is_final(now),
        SettlementError::NotResolved,
    )?;
    // An overflowing deadline is the program's to report.
    let refundable = market.is_refundable(now).unwrap_or(true);
    refuse_unless(refundable, SettlementError::RefundUnavailable)
}

#[cfg(test)]
mod tests {
    use settlement::constants::SETTLEMENT_GRACE_SECS;
    use txline_interface::{Comparison, ScoreStat};

    use super::*;
    use crate::sample::{self, FIXTURE_ID, HOME_GOALS};

    fn name(result: Result<impl std::fmt::Debug, ProgramFailure>) -> String {
        result.expect_err("refused").name
    }

    fn predicate(comparison: Comparison, threshold: i32) -> TraderPredicate {
        TraderPredicate {
            threshold,
            comparison,
        }
    }

    const CLOSE: i64 = 1_000_000;

    /// A market closing at `CLOSE` with a 60 s dispute window and stakes on YES only.
    fn market() -> Market {
        sample::market(CLOSE)
    }

    /// `market()` settled as `side`, provisional until `CLOSE + 70`.
    fn settled(side: Side) -> Market {
        Market {
            settled: true,
            outcome: side,
            dispute_ends_at: CLOSE + 70,
            ..market()
        }
    }

    #[test]
    fn an_outcome_byte_is_a_sides() {
        for side in [Side::Yes, Side::No] {
            assert_eq!(check_outcome(side.byte()), Ok(()));
        }
        for byte in [2, 7, u8::MAX] {
            assert_eq!(name(check_outcome(byte)), "InvalidOutcome", "{byte}");
        }
    }

    #[test]
    fn a_refusal_reads_like_the_programs_own() {
        let failure = check_amount(99_999).expect_err("below minimum");
        assert_eq!(
            (
                failure.name.as_str(),
                failure.code,
                failure.message.as_str(),
                failure.action
            ),
            (
                "BelowMinimum",
                6004,
                "Deposit below 0.10 USDC",
                "Increase amount"
            )
        );
        assert_eq!(failure.program_id, settlement::ID);
        assert_eq!(check_amount(100_000), Ok(()));
    }

    #[test]
    fn questions_count_characters_not_bytes() {
        assert_eq!(check_question(&"é".repeat(140)), Ok(()));
        assert_eq!(name(check_question(&"a".repeat(141))), "QuestionTooLong");
    }

    #[test]
    fn close_time_must_be_after_the_cluster_clock_and_within_366_days() {
        assert_eq!(check_close_time(101, 100), Ok(()));
        assert_eq!(name(check_close_time(100, 100)), "InvalidCloseTime");
        assert_eq!(name(check_close_time(99, 100)), "InvalidCloseTime");
        let horizon = 100 + 366 * 24 * 60 * 60;
        assert_eq!(check_close_time(horizon, 100), Ok(()));
        assert_eq!(name(check_close_time(horizon + 1, 100)), "CloseTimeTooFar");
        // Past the last representable horizon only the program can answer (Overflow).
        assert_eq!(check_close_time(i64::MAX, i64::MAX - 1), Ok(()));
    }

    #[test]
    fn predicates_that_can_never_hold_or_never_fail_are_refused() {
        for refused in [
            predicate(Comparison::GreaterThan, i32::MAX),
            predicate(Comparison::LessThan, i32::MIN),
        ] {
            assert_eq!(name(check_predicate(refused)), "InvalidPredicate");
        }
        for accepted in [
            predicate(Comparison::GreaterThan, i32::MAX - 1),
            predicate(Comparison::LessThan, i32::MIN + 1),
            predicate(Comparison::EqualTo, i32::MAX),
            predicate(Comparison::GreaterThan, i32::MIN),
        ] {
            assert_eq!(check_predicate(accepted), Ok(()));
        }
    }

    #[test]
    fn dispute_windows_run_from_a_minute_to_a_week() {
        for seconds in [60, 3_600, 7 * 24 * 60 * 60] {
            assert_eq!(check_dispute_window(seconds), Ok(()), "{seconds}");
        }
        for seconds in [i64::MIN, -60, 0, 59, 7 * 24 * 60 * 60 + 1, i64::MAX] {
            assert_eq!(
                name(check_dispute_window(seconds)),
                "InvalidDisputeWindow",
                "{seconds}"
            );
        }
    }

    #[test]
    fn market_terms_are_refused_for_the_fault_the_program_checks_first() {
        let now = 100;
        let good = MarketTerms {
            question: "Will it?".into(),
            close_time: now + 600,
            fixture_id: 1,
            stat_key: 1,
            period: 100,
            predicate: predicate(Comparison::GreaterThan, 1),
            dispute_window: 3_600,
            second_stat: None,
        };
        assert_eq!(check_market_terms(&good, now), Ok(()));
        let mut terms = MarketTerms {
            question: "a".repeat(141),
            close_time: now,
            predicate: predicate(Comparison::GreaterThan, i32::MAX),
            period: 2,
            dispute_window: 0,
            ..good
        };
        for (expected, fix) in [
            (
                "QuestionTooLong",
                (|terms: &mut MarketTerms| terms.question = "Will it?".into())
                    as fn(&mut MarketTerms),
            ),
            ("InvalidPredicate", |terms| {
                terms.predicate = predicate(Comparison::EqualTo, 2)
            }),
            ("PeriodNeverFinal", |terms| terms.period = 100),
            ("InvalidCloseTime", |terms| terms.close_time = i64::MAX),
            ("CloseTimeTooFar", |terms| terms.close_time = 700),
            ("InvalidDisputeWindow", |terms| terms.dispute_window = 60),
        ] {
            assert_eq!(name(check_market_terms(&terms, now)), expected);
            fix(&mut terms);
        }
        assert_eq!(check_market_terms(&terms, now), Ok(()));
    }

    #[test]
    fn only_the_finalised_records_period_is_taken() {
        assert_eq!(check_period(100), Ok(()));
        for period in [-1, 0, 1, 2, 3, 99] {
            assert_eq!(name(check_period(period)), "PeriodNeverFinal", "{period}");
        }
        let failure = check_period(1).expect_err("the retired first half");
        assert_eq!(failure.code, 6038);
        assert!(failure.action.contains("1001"), "{}", failure.action);
    }

    /// The sample proof file's proof made one of home goals from a record of `period` for
    /// `fixture_id`. Only its terms count here: the hashes are the oracle's to check.
    fn proof_of(fixture_id: i64, period: i32) -> TxlineProof {
        let mut proof = sample::proof_file().proof;
        proof.fixture_summary.fixture_id = fixture_id;
        proof.stat.stat = ScoreStat {
            key: HOME_GOALS,
            value: 2,
            period,
        };
        proof
    }

    #[test]
    fn a_value_still_in_play_is_refused_for_its_own_market_only() {
        // The sample market is on its fixture's home goals, settled from the finalised record.
        let market = market();
        assert_eq!(
            check_final_value(&proof_of(FIXTURE_ID, 100), &market),
            Ok(())
        );
        // The second half in play (period 4): a running value.
        let failure = check_final_value(&proof_of(FIXTURE_ID, 4), &market).expect_err("in play");
        assert_eq!(
            (failure.name.as_str(), failure.code),
            ("ValueNotFinal", 6037)
        );
        // A proof of another fixture or key: the program's FixtureMismatch or StatMismatch comes
        // first, so the client leaves it to the program.
        assert_eq!(
            check_final_value(&proof_of(FIXTURE_ID + 1, 4), &market),
            Ok(())
        );
        let mut other_key = proof_of(FIXTURE_ID, 4);
        other_key.stat.stat.key = 1001;
        assert_eq!(check_final_value(&other_key, &market), Ok(()));
    }

    #[test]
    fn a_market_of_the_retired_rule_never_settles() {
        let mut market = market();
        market.period = 1;
        let failure = check_settle(&market, CLOSE).expect_err("retired");
        assert_eq!(
            (failure.name.as_str(), failure.code),
            ("PeriodRetired", 6039)
        );
        // The window is named first, as the program names it.
        assert_eq!(name(check_settle(&market, CLOSE - 1)), "MarketNotClosed");
    }

    #[test]
    fn settling_opens_at_the_close_time_and_ends_with_the_grace_period() {
        let market = market();
        assert_eq!(name(check_settle(&market, CLOSE - 1)), "MarketNotClosed");
        assert_eq!(check_settle(&market, CLOSE), Ok(()));
        let deadline = CLOSE + SETTLEMENT_GRACE_SECS;
        assert_eq!(check_settle(&market, deadline - 1), Ok(()));
        assert_eq!(
            name(check_settle(&market, deadline)),
            "SettlementWindowClosed"
        );
    }

    #[test]
    fn a_settlement_can_be_replaced_only_during_its_dispute_window() {
        let market = settled(Side::Yes);
        assert_eq!(check_settle(&market, CLOSE + 69), Ok(()));
        assert_eq!(name(check_settle(&market, CLOSE + 70)), "MarketResolved");
        // The close time is checked first, as the program does.
        assert_eq!(name(check_settle(&market, CLOSE - 1)), "MarketNotClosed");
    }

    #[test]
    fn a_proof_counts_from_the_close_time_to_the_cluster_clock() {
        let market = market();
        let now = CLOSE + 600;
        assert_eq!(check_batch_time(CLOSE * 1_000, &market, now), Ok(()));
        assert_eq!(check_batch_time(now * 1_000 + 999, &market, now), Ok(()));
        assert_eq!(
            name(check_batch_time(CLOSE * 1_000 - 1, &market, now)),
            "ProofBeforeClose"
        );
        let future = check_batch_time((now + 1) * 1_000, &market, now).expect_err("future");
        assert_eq!(
            (future.name.as_str(), future.code),
            ("ProofFromFuture", 6036)
        );
    }

    #[test]
    fn claims_wait_for_a_final_settlement() {
        assert_eq!(name(check_claim(&market(), CLOSE + 5)), "NotResolved");
        let market = settled(Side::Yes);
        assert_eq!(name(check_claim(&market, CLOSE + 69)), "NotResolved");
        assert_eq!(check_claim(&market, CLOSE + 70), Ok(()));
    }

    #[test]
    fn refunds_wait_for_a_final_settlement_with_no_winners_or_the_grace_period() {
        let nobody_won = settled(Side::No);
        assert_eq!(name(check_refund(&nobody_won, CLOSE + 69)), "NotResolved");
        assert_eq!(check_refund(&nobody_won, CLOSE + 70), Ok(()));
        let somebody_won = settled(Side::Yes);
        assert_eq!(
            name(check_refund(&somebody_won, CLOSE + 70)),
            "RefundUnavailable"
        );
        let unsettled = market();
        assert_eq!(
            name(check_refund(&unsettled, CLOSE + 5)),
            "RefundUnavailable"
        );
        assert_eq!(
            check_refund(&unsettled, CLOSE + SETTLEMENT_GRACE_SECS),
            Ok(())
        );
    }
}
