//! The error catalog: turns a failed transaction's custom error code and logs into the error's
//! name, program, message and the action the published contract tells the user to take.
//!
//! The settlement program and the oracle both number their errors from 6000, and the SPL Token
//! program from 0, so the code alone is ambiguous; the failing program is the one named in the
//! first `Program <id> failed: custom program error: 0x..` log line.

use std::fmt;

use anchor_lang::prelude::Pubkey;
use anchor_spl::token::spl_token;
use anchor_spl::token::spl_token::error::TokenError;
use serde::{Deserialize, Serialize};
use settlement::SettlementError;
use txline_interface::OracleError;

/// Which program raised an error: `settlement`, `oracle` or `token`, in text, in `--json` and in
/// a proof file's expected error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ErrorSource {
    Settlement,
    Oracle,
    /// The SPL Token program, called by the settlement program to move test USDC.
    Token,
}

impl ErrorSource {
    pub fn label(self) -> &'static str {
        match self {
            ErrorSource::Settlement => "settlement",
            ErrorSource::Oracle => "oracle",
            ErrorSource::Token => "token",
        }
    }
}

/// A program error, explained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramFailure {
    pub source: ErrorSource,
    pub program_id: Pubkey,
    pub code: u32,
    pub name: String,
    pub message: String,
    pub action: &'static str,
}

impl fmt::Display for ProgramFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} ({} error {}): {}. {}",
            self.name,
            self.source.label(),
            self.code,
            self.message,
            self.action
        )
    }
}

/// The contract's "expected client action" for each settlement error, in catalog order.
pub const SETTLEMENT_ERRORS: &[(SettlementError, &str)] = &[
    (SettlementError::QuestionTooLong, "Shorten the question"),
    (
        SettlementError::MarketResolved,
        "Do not deposit or settle again",
    ),
    (
        SettlementError::NotResolved,
        "Wait for settlement before claiming",
    ),
    (SettlementError::InvalidOutcome, "Use 0 for NO or 1 for YES"),
    (SettlementError::BelowMinimum, "Increase amount"),
    (SettlementError::InvalidCloseTime, "Use a future timestamp"),
    (
        SettlementError::MarketClosed,
        "Do not accept in-play deposits",
    ),
    (
        SettlementError::OutcomeLocked,
        "Use the original side or another wallet",
    ),
    (SettlementError::Overflow, "Check totals and amount bounds"),
    (
        SettlementError::StatMismatch,
        "Submit proof for the stored stat_key",
    ),
    (
        SettlementError::FixtureMismatch,
        "Submit proof for the stored fixture_id",
    ),
    (
        SettlementError::NoValidationReturn,
        "Check oracle program and proof",
    ),
    (
        SettlementError::UnexpectedReturnProgram,
        "Use the known oracle program",
    ),
    (
        SettlementError::InvalidOracleProgram,
        "Use the devnet or mainnet oracle program ID",
    ),
    (
        SettlementError::AlreadyClaimed,
        "Do not submit a duplicate claim",
    ),
    (SettlementError::NotAWinner, "No payout available"),
    (SettlementError::NoWinners, "Investigate market totals"),
    (
        SettlementError::InvalidVault,
        "Use the stored vault address",
    ),
    (
        SettlementError::InvalidMint,
        "Use the configured test USDC mint",
    ),
    (
        SettlementError::InvalidOwner,
        "Use a wallet-owned associated token account",
    ),
    (
        SettlementError::RefundUnavailable,
        "Claim instead, or wait until the settlement grace period has passed",
    ),
    (
        SettlementError::SettlementWindowClosed,
        "Do not settle; refund the stakes instead",
    ),
    (
        SettlementError::PositionMismatch,
        "Use the signing wallet's own position",
    ),
    (
        SettlementError::MarketNotClosed,
        "Wait for the market's close time before settling",
    ),
    (
        SettlementError::ProofNotLater,
        "Submit a proof from a later batch or a later event, or accept the settlement",
    ),
    (
        SettlementError::OutcomeNotProven,
        "State the outcome the proof's value gives",
    ),
    (
        SettlementError::InvalidPredicate,
        "Use a threshold that some value can meet and some value can miss",
    ),
    (
        SettlementError::InvalidDisputeWindow,
        "Use a dispute window from 60 seconds to 7 days",
    ),
    (
        SettlementError::CloseTimeTooFar,
        "Use a close time within 366 days",
    ),
    (
        SettlementError::NotUpgradeAuthority,
        "Sign with the settlement program's upgrade authority",
    ),
    (SettlementError::EventPathTooDeep, "Check the proof file"),
    (
        SettlementError::MissingSecondStat,
        "Submit a proof of both of the market's stats",
    ),
    (
        SettlementError::UnexpectedSecondStat,
        "Submit a proof of the market's single stat",
    ),
    (
        SettlementError::EventPathMismatch,
        "Submit the fixture proof as the oracle publishes it: from the event's own stat root",
    ),
    (
        SettlementError::SecondStatFromOtherEvent,
        "Prove both stats from the same event",
    ),
    (
        SettlementError::ProofBeforeClose,
        "Submit a proof published after the close time; without one the stakes are refunded after the grace period",
    ),
    (
        SettlementError::ProofFromFuture,
        "Wait until the cluster clock reaches the proof's batch time",
    ),
    (
        SettlementError::ValueNotFinal,
        "Settle with a proof from the fixture's game_finalised record (`fulltime settle --txline` takes it); a value still in play never settles, and unsettled stakes are refunded after the grace period",
    ),
    (
        SettlementError::PeriodNeverFinal,
        "Use period 100 and name a half by its stat key (1001 = participant 1's first-half goals)",
    ),
    (
        SettlementError::PeriodRetired,
        "Nothing can settle this market: refund the stakes once its grace period ends",
    ),
];

/// Oracle errors a proof can trigger, with what to do about them. The program does not
/// translate them: they abort the transaction and the funds stay in the vault.
const ORACLE_ERRORS: &[(OracleError, &str)] = &[
    (OracleError::InvalidSubTreeProof, "Check the proof file"),
    (
        OracleError::InvalidMainTreeProof,
        "Check the proof against the posted root",
    ),
    (
        OracleError::TimeSlotMismatch,
        "Use the batch's own timestamps",
    ),
    (OracleError::InvalidTime, "Use a valid hour and minute"),
    (
        OracleError::RootNotAvailable,
        "Wait for the oracle to post the slot's root",
    ),
    (
        OracleError::AccountDiscriminatorMismatch,
        "Pass the oracle's daily roots account",
    ),
    (
        OracleError::InvalidPda,
        "Pass the daily roots account of the proof's day",
    ),
    (
        OracleError::TimestampMismatch,
        "Use the summary's min_timestamp as ts",
    ),
    (
        OracleError::SliceError,
        "Pass the oracle's daily roots account",
    ),
    (
        OracleError::InvalidOwner,
        "Pass the oracle's daily roots account",
    ),
    (
        OracleError::InvalidTimeSlot,
        "Use a five-minute aligned slot",
    ),
    (OracleError::PredicateFailed, "Check the market's predicate"),
    (
        OracleError::InvalidFixtureSubTreeProof,
        "Check the proof file",
    ),
    (OracleError::InvalidStatProof, "Check the proof file"),
    (
        OracleError::InvalidStatCombination,
        "Prove both stats from the same event",
    ),
    (OracleError::MissingSecondStat, "Provide the second stat"),
    (OracleError::UnexpectedSecondStat, "Remove the second stat"),
    (OracleError::Overflow, "Check the stat values"),
    (
        OracleError::EquivocationAttempt,
        "A posted root cannot be replaced",
    ),
    (
        OracleError::Unauthorized,
        "Post roots signed by the oracle's authority",
    ),
];

/// The program that raised the transaction's custom error, read from its logs.
pub fn failing_program(logs: &[String]) -> Option<Pubkey> {
    logs.iter().find_map(|line| {
        let rest = line.strip_prefix("Program ")?;
        let (id, reason) = rest.split_once(" failed: ")?;
        reason
            .starts_with("custom program error")
            .then(|| id.parse().ok())?
    })
}

/// Explains custom error `code` raised by `program_id`, if it is one of ours or the token
/// program's.
pub fn explain(program_id: &Pubkey, code: u32) -> Option<ProgramFailure> {
    if *program_id == settlement::ID {
        lookup(SETTLEMENT_ERRORS, ErrorSource::Settlement, program_id, code)
    } else if txline_interface::is_txline_program(program_id) {
        lookup(ORACLE_ERRORS, ErrorSource::Oracle, program_id, code)
    } else if *program_id == spl_token::ID {
        Some(token_failure(TokenError::try_from(code).ok()?))
    } else {
        None
    }
}

/// A token program error, named as the program names it, with what a user can do about it.
/// Deposits, claims and refunds move test USDC through the token program, so a wallet without
/// the funds, or a wrong or frozen account, fails there rather than in the settlement program.
pub fn token_failure(error: TokenError) -> ProgramFailure {
    let action = match &error {
        TokenError::InsufficientFunds => {
            "Deposit at most the wallet's test USDC balance, or get more with `fulltime faucet`"
        }
        TokenError::UninitializedState => {
            "Create the wallet's test USDC account first: `fulltime faucet` creates it"
        }
        TokenError::AccountFrozen => "Use a token account that is not frozen",
        TokenError::OwnerMismatch => "Sign with the wallet that owns the token account (--keypair)",
        TokenError::MintMismatch | TokenError::InvalidMint => "Use the configured test USDC mint",
        TokenError::MintDecimalsMismatch => "Use the test USDC mint's 6 decimals",
        TokenError::Overflow => "Use a smaller amount",
        TokenError::NotRentExempt => "Fund the account up to its rent-exempt minimum",
        _ => "Check the token accounts the transaction uses",
    };
    ProgramFailure {
        source: ErrorSource::Token,
        program_id: spl_token::ID,
        code: error.clone() as u32,
        // The variant's name is the error's name, as for the settlement and oracle errors.
        name: format!("{error:?}"),
        message: error.to_string(),
        action,
    }
}

fn lookup<E>(
    catalog: &[(E, &'static str)],
    source: ErrorSource,
    program_id: &Pubkey,
    code: u32,
) -> Option<ProgramFailure>
where
    E: Copy + Into<u32> + fmt::Display + NamedError,
{
    let (error, action) = catalog.iter().find(|(error, _)| (*error).into() == code)?;
    Some(ProgramFailure {
        source,
        program_id: *program_id,
        code,
        name: error.error_name(),
        message: error.to_string(),
        action,
    })
}

/// Anchor gives each error enum an inherent `name()`; this lets one lookup serve both.
trait NamedError {
    fn error_name(&self) -> String;
}

impl NamedError for SettlementError {
    fn error_name(&self) -> String {
        self.name()
    }
}

impl NamedError for OracleError {
    fn error_name(&self) -> String {
        self.name()
    }
}

/// Explains a transaction that failed with custom error `code`, using its logs to tell which
/// program raised it.
pub fn explain_logs(code: u32, logs: &[String]) -> Option<ProgramFailure> {
    explain(&failing_program(logs)?, code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settlement_catalog_is_the_contract_order_from_6000() {
        let names: Vec<String> = SETTLEMENT_ERRORS.iter().map(|(e, _)| e.name()).collect();
        assert_eq!(
            &names[..20],
            [
                "QuestionTooLong",
                "MarketResolved",
                "NotResolved",
                "InvalidOutcome",
                "BelowMinimum",
                "InvalidCloseTime",
                "MarketClosed",
                "OutcomeLocked",
                "Overflow",
                "StatMismatch",
                "FixtureMismatch",
                "NoValidationReturn",
                "UnexpectedReturnProgram",
                "InvalidOracleProgram",
                "AlreadyClaimed",
                "NotAWinner",
                "NoWinners",
                "InvalidVault",
                "InvalidMint",
                "InvalidOwner",
            ]
        );
        for (index, (error, _)) in SETTLEMENT_ERRORS.iter().enumerate() {
            assert_eq!(u32::from(*error), 6000 + index as u32, "{}", error.name());
        }
    }

    #[test]
    fn oracle_codes_match_the_published_idl() {
        let expected = [
            ("InvalidSubTreeProof", 6003),
            ("InvalidMainTreeProof", 6004),
            ("TimeSlotMismatch", 6005),
            ("RootNotAvailable", 6007),
            ("InvalidPda", 6009),
            ("TimestampMismatch", 6010),
            ("InvalidOwner", 6012),
            ("PredicateFailed", 6021),
            ("InvalidFixtureSubTreeProof", 6022),
            ("InvalidStatProof", 6023),
            ("MissingSecondStat", 6025),
            ("UnexpectedSecondStat", 6026),
            ("Overflow", 6027),
        ];
        for (name, code) in expected {
            let failure = explain(&txline_interface::DEVNET_PROGRAM_ID, code).expect(name);
            assert_eq!(failure.name, name);
            assert_eq!(failure.source, ErrorSource::Oracle);
        }
    }

    #[test]
    fn token_program_errors_are_named_with_an_action() {
        let logs = [
            format!("Program {} invoke [1]", settlement::ID),
            format!("Program {} invoke [2]", spl_token::ID),
            "Program log: Error: insufficient funds".to_owned(),
            format!(
                "Program {} failed: custom program error: 0x1",
                spl_token::ID
            ),
            format!(
                "Program {} failed: custom program error: 0x1",
                settlement::ID
            ),
        ];
        let failure = explain_logs(1, &logs).expect("explained");
        assert_eq!(
            (
                failure.name.as_str(),
                failure.source,
                failure.code,
                failure.message.as_str()
            ),
            (
                "InsufficientFunds",
                ErrorSource::Token,
                1,
                "Insufficient funds"
            )
        );
        assert!(
            failure.action.starts_with("Deposit at most"),
            "{}",
            failure.action
        );
        for (code, name) in [
            (4, "OwnerMismatch"),
            (9, "UninitializedState"),
            (17, "AccountFrozen"),
            (3, "MintMismatch"),
        ] {
            assert_eq!(explain(&spl_token::ID, code).expect(name).name, name);
        }
        assert_eq!(explain(&spl_token::ID, 999), None);
    }

    #[test]
    fn the_first_failing_program_in_the_logs_owns_the_code() {
        let logs = [
            format!("Program {} invoke [1]", settlement::ID),
            format!("Program {} invoke [2]", txline_interface::DEVNET_PROGRAM_ID),
            format!(
                "Program {} failed: custom program error: 0x1774",
                txline_interface::DEVNET_PROGRAM_ID
            ),
            format!(
                "Program {} failed: custom program error: 0x1774",
                settlement::ID
            ),
        ]
        .map(String::from);
        let failure = explain_logs(6004, &logs).expect("explained");
        assert_eq!(failure.name, "InvalidMainTreeProof");
        assert_eq!(failure.source, ErrorSource::Oracle);
        assert_eq!(
            explain_logs(6004, &logs[3..]).expect("settlement").name,
            "BelowMinimum"
        );
    }
}
