//! The checks a client can make before sending, mirroring the settlement program's own. A refused
//! input is reported as the program's error, with the catalog's name, message and action, so the
//! user reads the same text whether the client or the program refused it.

use settlement::SettlementError;
use settlement::constants::{MAX_QUESTION_CHARS, MIN_DEPOSIT, OUTCOME_NO, OUTCOME_YES};

use crate::errors::{ProgramFailure, explain};

/// The catalog entry of a settlement error.
pub fn settlement_failure(error: SettlementError) -> ProgramFailure {
    explain(&settlement::ID, error.into())
        .expect("every settlement error is in the client's catalog")
}

/// `yes`/`no`/`1`/`0` (any case) as the outcome byte. Other numbers parse too, so that a forced
/// deposit can send them and see the program refuse; [`check_outcome`] refuses them first.
pub fn parse_outcome(text: &str) -> Result<u8, ProgramFailure> {
    match text.trim().to_ascii_lowercase().as_str() {
        "yes" => Ok(OUTCOME_YES),
        "no" => Ok(OUTCOME_NO),
        number => number
            .parse()
            .map_err(|_| settlement_failure(SettlementError::InvalidOutcome)),
    }
}

pub fn check_outcome(outcome: u8) -> Result<(), ProgramFailure> {
    match outcome {
        OUTCOME_NO | OUTCOME_YES => Ok(()),
        _ => Err(settlement_failure(SettlementError::InvalidOutcome)),
    }
}

pub fn check_amount(amount: u64) -> Result<(), ProgramFailure> {
    if amount < MIN_DEPOSIT {
        return Err(settlement_failure(SettlementError::BelowMinimum));
    }
    Ok(())
}

/// At most 140 Unicode characters, counted as the program counts them (not bytes).
pub fn check_question(question: &str) -> Result<(), ProgramFailure> {
    if question.chars().count() > MAX_QUESTION_CHARS {
        return Err(settlement_failure(SettlementError::QuestionTooLong));
    }
    Ok(())
}

/// `close_time` must be after `now`, the cluster's clock (unix seconds).
pub fn check_close_time(close_time: i64, now: i64) -> Result<(), ProgramFailure> {
    if close_time <= now {
        return Err(settlement_failure(SettlementError::InvalidCloseTime));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(result: Result<impl std::fmt::Debug, ProgramFailure>) -> String {
        result.expect_err("refused").name
    }

    #[test]
    fn outcomes_are_words_or_digits() {
        for (text, outcome) in [
            ("yes", 1),
            ("YES", 1),
            ("1", 1),
            ("no", 0),
            ("No", 0),
            ("0", 0),
        ] {
            assert_eq!(parse_outcome(text), Ok(outcome), "{text}");
            assert_eq!(check_outcome(outcome), Ok(()));
        }
        assert_eq!(parse_outcome("2"), Ok(2));
        assert_eq!(name(check_outcome(2)), "InvalidOutcome");
        for text in ["maybe", "", "-1", "256", "y"] {
            assert_eq!(name(parse_outcome(text)), "InvalidOutcome", "{text}");
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
    fn close_time_must_be_after_the_cluster_clock() {
        assert_eq!(check_close_time(101, 100), Ok(()));
        assert_eq!(name(check_close_time(100, 100)), "InvalidCloseTime");
        assert_eq!(name(check_close_time(99, 100)), "InvalidCloseTime");
    }
}
