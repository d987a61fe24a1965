//! What Anchor's generated `entry` logs on-chain, written into the running instruction's logs.
//!
//! Off-chain, Anchor prints these lines to stdout with `msg!`; the adapter calls the program's
//! dispatch itself and writes them where a validator would, in the same words, so that clients
//! parse them as they do on-chain (Anchor's TypeScript client reads the error line into an
//! `AnchorError` with its name and number).

use std::cell::RefCell;
use std::rc::Rc;

use anchor_lang::error::{AnchorError, ComparedValues, Error, ErrorOrigin, ProgramErrorWithOrigin};
use solana_program_runtime::stable_log::program_log;
use solana_svm_log_collector::LogCollector;

type Logs = Option<Rc<RefCell<LogCollector>>>;

/// `Program log: Instruction: Deposit`, which Anchor writes before the instruction runs.
pub fn instruction(logs: &Logs, name: &str) {
    program_log(logs, &format!("Instruction: {name}"));
}

/// The lines Anchor writes for an instruction's error.
pub fn error(logs: &Logs, error: &Error) {
    for line in error_lines(error) {
        program_log(logs, &line);
    }
}

fn error_lines(error: &Error) -> Vec<String> {
    let (first, compared) = match error {
        Error::AnchorError(error) => (anchor_error_line(error), &error.compared_values),
        Error::ProgramError(error) => (program_error_line(error), &error.compared_values),
    };
    let mut lines = vec![first];
    match compared {
        Some(ComparedValues::Values((left, right))) => {
            lines.push(format!("Left: {left}"));
            lines.push(format!("Right: {right}"));
        }
        Some(ComparedValues::Pubkeys((left, right))) => {
            lines.extend(["Left:".to_owned(), left.to_string()]);
            lines.extend(["Right:".to_owned(), right.to_string()]);
        }
        None => {}
    }
    lines
}

fn anchor_error_line(error: &AnchorError) -> String {
    let what = format!(
        "Error Code: {}. Error Number: {}. Error Message: {}.",
        error.error_name, error.error_code_number, error.error_msg
    );
    match &error.error_origin {
        None => format!("AnchorError occurred. {what}"),
        Some(ErrorOrigin::Source(source)) => format!(
            "AnchorError thrown in {}:{}. {what}",
            source.filename, source.line
        ),
        Some(ErrorOrigin::AccountName(account)) => {
            format!("AnchorError caused by account: {account}. {what}")
        }
    }
}

fn program_error_line(error: &ProgramErrorWithOrigin) -> String {
    let program_error = &error.program_error;
    let what = format!(
        "Error Code: {program_error:?}. Error Number: {}. Error Message: {program_error}.",
        u64::from(program_error.clone())
    );
    match &error.error_origin {
        None => format!("ProgramError occurred. {what}"),
        Some(ErrorOrigin::Source(source)) => format!(
            "ProgramError thrown in {}:{}. {what}",
            source.filename, source.line
        ),
        Some(ErrorOrigin::AccountName(account)) => {
            format!("ProgramError caused by account: {account}. {what}")
        }
    }
}

#[cfg(test)]
mod tests {
    use anchor_lang::error::Source;
    use anchor_lang::prelude::{ProgramError, Pubkey};

    use super::*;

    fn anchor_error(origin: Option<ErrorOrigin>) -> Error {
        Error::from(AnchorError {
            error_name: "BelowMinimum".into(),
            error_code_number: 6004,
            error_msg: "Deposit below 0.10 USDC".into(),
            error_origin: origin,
            compared_values: None,
        })
    }

    #[test]
    fn anchor_errors_read_as_anchor_writes_them() {
        assert_eq!(
            error_lines(&anchor_error(None)),
            [
                "AnchorError occurred. Error Code: BelowMinimum. Error Number: 6004. Error Message: \
              Deposit below 0.10 USDC."
            ]
        );
        let thrown = anchor_error(Some(ErrorOrigin::Source(Source {
            filename: "program/settlement/src/instructions/deposit.rs",
            line: 39,
        })));
        assert_eq!(
            error_lines(&thrown),
            [
                "AnchorError thrown in program/settlement/src/instructions/deposit.rs:39. Error \
              Code: BelowMinimum. Error Number: 6004. Error Message: Deposit below 0.10 USDC."
            ]
        );
        let by_account = anchor_error(Some(ErrorOrigin::AccountName("vault".into())));
        assert!(error_lines(&by_account)[0].starts_with("AnchorError caused by account: vault. "));
    }

    #[test]
    fn compared_values_follow_the_error() {
        let (left, right) = (Pubkey::new_unique(), Pubkey::new_unique());
        let Error::AnchorError(mut error) = anchor_error(None) else {
            unreachable!("an AnchorError");
        };
        error.compared_values = Some(ComparedValues::Pubkeys((left, right)));
        let lines = error_lines(&Error::AnchorError(error));
        assert_eq!(
            lines[1..],
            [
                "Left:".to_owned(),
                left.to_string(),
                "Right:".to_owned(),
                right.to_string()
            ]
        );
    }

    #[test]
    fn program_errors_name_the_variant_and_its_number() {
        let error = Error::from(ProgramError::InvalidArgument);
        assert_eq!(
            error_lines(&error),
            [
                "ProgramError occurred. Error Code: InvalidArgument. Error Number: 8589934592. \
              Error Message: The arguments provided to a program instruction were invalid."
            ]
        );
    }
}
