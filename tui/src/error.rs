//! Every way a command or the dashboard's request can fail, and its [`ErrorReport`]: the error's
//! name, its message and what to do, which `--json` prints as one object and the dashboard's
//! failure popup shows.

use fulltime_client::cluster::ClusterError;
use fulltime_client::errors::ProgramFailure;
use fulltime_client::faucet::FaucetError;
use fulltime_client::fixture::FixtureError;
use fulltime_client::keypair::KeypairError;
use fulltime_client::localnet_env::LocalnetEnvError;
use fulltime_client::rpc::ClientError;
use fulltime_client::snapshot::SaveError;
use fulltime_client::wallet_book::WalletBookError;
use std::fmt;

use serde::Serialize;

use crate::input::WhenError;
use crate::output::terminal_text::escaped;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Client(#[from] ClientError),
    #[error(transparent)]
    Cluster(#[from] ClusterError),
    #[error(transparent)]
    Keypair(#[from] KeypairError),
    #[error(transparent)]
    Fixture(#[from] FixtureError),
    #[error(transparent)]
    Faucet(#[from] FaucetError),
    #[error(transparent)]
    Time(#[from] WhenError),
    #[error(transparent)]
    WalletBook(#[from] WalletBookError),
    /// `claim --all` stopped after some of its transactions landed.
    #[error("{source}")]
    PaidInPart { source: ClientError, paid: String },
    /// `wallet new --fund` on mainnet: real money is never handed out.
    #[error("wallets are funded on localnet and devnet only, never on mainnet")]
    NoFundingOnMainnet,
    #[error(transparent)]
    Snapshot(#[from] SaveError),
    /// An outcome word that no transaction can carry, so `--force` cannot send it either.
    #[error("{0}")]
    Unsendable(Box<ProgramFailure>),
}

/// A failure as printed: `--json` prints exactly these five fields, the text adds the notes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ErrorReport {
    /// The program error's name, or a name for the client-side failure.
    pub error: String,
    /// The program error code, or the faucet's HTTP status.
    pub code: Option<u32>,
    /// `settlement` or `oracle` for program errors.
    pub program: Option<String>,
    pub message: String,
    pub action: String,
    /// Extra lines for people: why nothing was sent, or the logs of an unexplained failure.
    #[serde(skip)]
    pub notes: Vec<String>,
}

impl ErrorReport {
    fn program(failure: &ProgramFailure) -> Self {
        Self {
            error: failure.name.clone(),
            code: Some(failure.code),
            program: Some(failure.source.label().to_owned()),
            message: failure.message.clone(),
            action: failure.action.to_owned(),
            notes: Vec::new(),
        }
    }

    fn other(error: &str, message: impl ToString, action: impl Into<String>) -> Self {
        Self {
            error: error.to_owned(),
            code: None,
            program: None,
            message: message.to_string(),
            action: action.into(),
            notes: Vec::new(),
        }
    }

    fn with_notes(mut self, notes: impl IntoIterator<Item = String>) -> Self {
        self.notes.extend(notes);
        self
    }

    /// `OutcomeLocked (settlement program error 6007)`; the name alone outside a program.
    pub fn headline(&self) -> String {
        match (&self.program, self.code) {
            (Some(program), Some(code)) => {
                format!("{} ({program} program error {code})", self.error)
            }
            _ => self.error.clone(),
        }
    }
}

/// `error: <headline>: <message>`, the action, then a line per note. Every part may quote the
/// outside (a node's or the faucet's answer, a file, a transaction's logs), so each is escaped.
impl fmt::Display for ErrorReport {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "error: {}: {}\naction: {}",
            escaped(&self.headline()),
            escaped(&self.message),
            escaped(&self.action)
        )?;
        for note in &self.notes {
            write!(formatter, "\nnote: {}", escaped(note))?;
        }
        Ok(())
    }
}

impl Error {
    pub fn report(&self) -> ErrorReport {
        match self {
            Self::Client(error) => client_report(error),
            Self::Cluster(error) => cluster_report(error),
            Self::Keypair(error) => keypair_report(error),
            Self::Fixture(error) => ErrorReport::other(
                "InvalidFixture",
                error,
                "Pass a proof fixture file, like fixtures/generated/arsenal-home-goals-over-1.json",
            ),
            Self::Faucet(error) => faucet_report(error),
            Self::Unsendable(failure) => ErrorReport::program(failure).with_notes([
                "refused before sending: an outcome is yes, no or a number, even with --force"
                    .to_owned(),
            ]),
            Self::Time(error) => ErrorReport::other(
                "InvalidTime",
                error,
                "Write +DURATION (like +10m) or an RFC 3339 time",
            ),
            Self::WalletBook(error) => wallet_book_report(error),
            Self::PaidInPart { source, paid } => client_report(source).with_notes([format!(
                "before it stopped: {paid}; run `fulltime claim --all` again for the rest"
            )]),
            Self::NoFundingOnMainnet => ErrorReport::other(
                "NoFundingOnMainnet",
                self,
                "Make the wallet without --fund and fund it yourself",
            ),
            Self::Snapshot(error) => snapshot_report(error),
        }
    }
}

fn client_report(error: &ClientError) -> ErrorReport {
    match error {
        ClientError::Refused(failure) => ErrorReport::program(failure).with_notes([
            "refused before sending; --force sends it so the program answers".to_owned(),
        ]),
        ClientError::Program { failure, logs } => {
            ErrorReport::program(failure).with_notes(log_notes(logs))
        }
        ClientError::Transaction { logs, .. } => ErrorReport::other(
            "TransactionFailed",
            error,
            "Read the transaction logs for the cause",
        )
        .with_notes(log_notes(logs)),
        ClientError::Rpc { .. } => ErrorReport::other(
            "RpcError",
            error,
            "Check that the node at --url is running and reachable",
        ),
        ClientError::Signing(_) => {
            ErrorReport::other("SigningError", error, "Check the --keypair file")
        }
        ClientError::ConfigNotFound { .. } => ErrorReport::other(
            "ConfigNotFound",
            error,
            "Pick a cluster where the settlement program is deployed and initialized (--url)",
        ),
        ClientError::MarketNotFound { .. } => ErrorReport::other(
            "MarketNotFound",
            error,
            "List the markets with `fulltime markets`",
        ),
        ClientError::PositionNotFound { .. } => ErrorReport::other(
            "PositionNotFound",
            error,
            "Use the wallet that deposited (--keypair), or deposit first",
        ),
        ClientError::NoUsdcAccount { .. } => ErrorReport::other(
            "NoUsdcAccount",
            error,
            "Get test USDC with `fulltime faucet`",
        ),
        ClientError::Decode { .. } => ErrorReport::other(
            "DecodeError",
            error,
            "Point --url at a cluster running this version of the settlement program",
        ),
        ClientError::WarpUnsupported { .. } => {
            ErrorReport::other("WarpUnsupported", error, "Use --url localnet")
        }
        ClientError::WarpBackwards { .. } => ErrorReport::other(
            "WarpBackwards",
            error,
            "Give a time after the cluster clock, like +10m",
        ),
        ClientError::SnapshotUnsupported { .. } => {
            ErrorReport::other("SnapshotUnsupported", error, "Use --url localnet")
        }
    }
}

fn snapshot_report(error: &SaveError) -> ErrorReport {
    match error {
        SaveError::Client(error) => client_report(error),
        SaveError::Key { .. } => ErrorReport::other(
            "KeypairUnreadable",
            error,
            "Restart localnet so that env.json names its keypair files again",
        ),
        SaveError::Name { .. } => {
            ErrorReport::other("InvalidSnapshotName", error, "Pick a name like bug-17")
        }
        SaveError::Exists { .. } => ErrorReport::other(
            "SnapshotExists",
            error,
            "Pick another name (`fulltime snapshot list` lists the saved ones)",
        ),
        SaveError::File(_) | SaveError::Directory { .. } => ErrorReport::other(
            "SnapshotNotWritten",
            error,
            "Check that the state directory is writable and has room",
        ),
    }
}

/// A failed transaction's logs, one note a line: the program that failed and why, in its words.
fn log_notes(logs: &[String]) -> impl Iterator<Item = String> + '_ {
    logs.iter().map(|line| format!("log: {line}"))
}

fn cluster_report(error: &ClusterError) -> ErrorReport {
    match error {
        ClusterError::Unknown(_) => ErrorReport::other(
            "UnknownCluster",
            error,
            "Use --url localnet, devnet, mainnet or an http(s):// URL",
        ),
        ClusterError::Localnet(error) => localnet_env_report(error),
        ClusterError::SettlementProgramMismatch { .. } => ErrorReport::other(
            "SettlementProgramMismatch",
            error,
            "Restart localnet from this checkout",
        ),
    }
}

fn localnet_env_report(error: &LocalnetEnvError) -> ErrorReport {
    match error {
        LocalnetEnvError::Read { .. } => ErrorReport::other(
            "LocalnetNotRunning",
            error,
            "Start localnet (`just dev`), or pass the --state-dir it writes env.json to",
        ),
        _ => ErrorReport::other(
            "LocalnetEnvInvalid",
            error,
            "Restart localnet so that it rewrites env.json",
        ),
    }
}

fn keypair_report(error: &KeypairError) -> ErrorReport {
    let name = match error {
        KeypairError::NoDefaultPath | KeypairError::NotFound { .. } => "KeypairNotFound",
        KeypairError::Read { .. } => "KeypairUnreadable",
        KeypairError::Invalid { .. } => "InvalidKeypair",
        // On localnet the wallet comes from env.json; its absence is localnet's.
        KeypairError::Localnet(error) => return localnet_env_report(error),
        KeypairError::NotFoundAnywhere { .. } => {
            return ErrorReport::other(
                "KeypairNotFound",
                error,
                "Make the wallet with `fulltime wallet new NAME`, or pass --keypair PATH",
            );
        }
        KeypairError::Book(error) => return wallet_book_report(error),
    };
    ErrorReport::other(
        name,
        error,
        "Pass --keypair PATH to a solana CLI keypair file (on localnet, the wallet it funded is \
         used when there is none)",
    )
}

fn wallet_book_report(error: &WalletBookError) -> ErrorReport {
    let (name, action) = match error {
        WalletBookError::BadName(_) => (
            "InvalidWalletName",
            "Name the wallet with letters, digits, - or _ (at most 32)",
        ),
        WalletBookError::Exists { .. } => (
            "WalletExists",
            "Pick another name; `fulltime wallet list` shows the book",
        ),
        WalletBookError::NotFound { .. } => (
            "WalletNotFound",
            "See `fulltime wallet list`, or make it with `fulltime wallet new NAME`",
        ),
        WalletBookError::Read { .. } | WalletBookError::Write { .. } => (
            "WalletBookUnavailable",
            "Check the state directory (--state-dir) and its permissions",
        ),
        WalletBookError::Invalid { .. } => (
            "InvalidKeypair",
            "Remove or replace the damaged file in the wallet book",
        ),
        WalletBookError::Symlink { .. } => (
            "WalletBookUnavailable",
            "Remove the symbolic link from the wallet book, then make the wallet again",
        ),
    };
    ErrorReport::other(name, error, action)
}

fn faucet_report(error: &FaucetError) -> ErrorReport {
    match error {
        FaucetError::Unreachable { .. } => ErrorReport::other(
            "FaucetUnreachable",
            error,
            "Start the faucet, or pass its address with --faucet-url",
        ),
        FaucetError::Refused {
            status,
            error: name,
            message,
            retry_after_secs,
        } => {
            let action = match (status, retry_after_secs) {
                (429, Some(seconds)) => format!("Wait {seconds} s before asking again"),
                (429, None) => "Wait before asking again".to_owned(),
                (400, _) => "Use a valid wallet address (--keypair)".to_owned(),
                (503, _) => "Configure the faucet's mint authority".to_owned(),
                _ => "Try again later; the faucet's log has the cause".to_owned(),
            };
            ErrorReport {
                code: Some(u32::from(*status)),
                ..ErrorReport::other(name, message, action)
            }
        }
        FaucetError::UnexpectedResponse { .. } => ErrorReport::other(
            "FaucetUnexpectedResponse",
            error,
            "Check that --faucet-url points at the Fulltime faucet",
        ),
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::errors::explain_logs;
    use fulltime_client::rpc::check_balance;
    use fulltime_client::settlement::SettlementError;
    use fulltime_client::validate::{check_amount, check_outcome, settlement_failure};

    use super::*;

    fn json(report: &ErrorReport) -> serde_json::Value {
        serde_json::to_value(report).expect("a report serializes")
    }

    #[test]
    fn a_program_error_prints_the_five_fields() {
        let failure = check_amount(1).expect_err("below minimum");
        let report = Error::from(ClientError::Program {
            failure: Box::new(failure),
            logs: Vec::new(),
        })
        .report();
        assert_eq!(
            json(&report),
            serde_json::json!({
                "error": "BelowMinimum",
                "code": 6004,
                "program": "settlement",
                "message": "Deposit below 0.10 USDC",
                "action": "Increase amount",
            })
        );
        assert_eq!(
            report.to_string(),
            "error: BelowMinimum (settlement program error 6004): Deposit below 0.10 USDC\n\
             action: Increase amount"
        );
    }

    #[test]
    fn a_client_refusal_reads_like_the_program_and_says_nothing_was_sent() {
        let failure = check_outcome(2).expect_err("invalid");
        let report = Error::from(ClientError::refused(failure)).report();
        assert_eq!(
            json(&report),
            serde_json::json!({
                "error": "InvalidOutcome",
                "code": 6003,
                "program": "settlement",
                "message": "Outcome is not 0 (NO) or 1 (YES)",
                "action": "Use 0 for NO or 1 for YES",
            })
        );
        assert_eq!(
            report.to_string(),
            "error: InvalidOutcome (settlement program error 6003): Outcome is not 0 (NO) or 1 \
             (YES)\n\
             action: Use 0 for NO or 1 for YES\n\
             note: refused before sending; --force sends it so the program answers"
        );
    }

    #[test]
    fn an_outcome_word_no_transaction_can_carry_is_not_offered_to_force() {
        let failure = settlement_failure(SettlementError::InvalidOutcome);
        let report = Error::Unsendable(Box::new(failure)).report();
        assert_eq!(report.error, "InvalidOutcome");
        assert_eq!(
            report.to_string().lines().last(),
            Some(
                "note: refused before sending: an outcome is yes, no or a number, even with --force"
            )
        );
    }

    #[test]
    fn other_failures_have_a_name_and_no_code() {
        let report = Error::from(ClientError::MarketNotFound { id: 9 }).report();
        assert_eq!(
            json(&report),
            serde_json::json!({
                "error": "MarketNotFound",
                "code": null,
                "program": null,
                "message": "market 9 does not exist (markets are numbered from 0; `fulltime markets` lists them)",
                "action": "List the markets with `fulltime markets`",
            })
        );
        assert_eq!(
            report.to_string(),
            "error: MarketNotFound: market 9 does not exist (markets are numbered from 0; \
             `fulltime markets` lists them)\n\
             action: List the markets with `fulltime markets`"
        );
    }

    #[test]
    fn an_unexplained_transaction_failure_shows_its_logs() {
        let report = Error::from(ClientError::Transaction {
            message: "insufficient funds".into(),
            logs: vec!["Program 111 failed".into()],
        })
        .report();
        assert_eq!(report.error, "TransactionFailed");
        assert_eq!(report.notes, ["log: Program 111 failed"]);
        assert!(
            report
                .to_string()
                .ends_with("\nnote: log: Program 111 failed")
        );
    }

    #[test]
    fn logs_and_a_faucets_words_are_printed_escaped() {
        let report = Error::from(ClientError::Transaction {
            message: "failed\u{1b}[1A".into(),
            logs: vec!["Program log: \u{1b}]52;c;cm0gLXJmIH4=\u{7}".into()],
        })
        .report();
        assert_eq!(
            report.to_string(),
            "error: TransactionFailed: transaction failed: failed\\u{1b}[1A\n\
             action: Read the transaction logs for the cause\n\
             note: log: Program log: \\u{1b}]52;c;cm0gLXJmIH4=\\u{7}"
        );
        let report = Error::from(FaucetError::Refused {
            status: 400,
            error: "bad\u{9b}2J".into(),
            message: "no\nnote: forged".into(),
            retry_after_secs: None,
        })
        .report();
        assert_eq!(
            report.to_string().lines().next(),
            Some("error: bad\\u{9b}2J: no\\nnote: forged")
        );
        // JSON has them exactly.
        assert_eq!(json(&report)["message"], "no\nnote: forged");
    }

    #[test]
    fn a_deposit_over_the_balance_is_refused_with_the_balance() {
        let failure = check_balance(1_000_000_000, 1_000_000_000_000).expect_err("too much");
        let report = Error::from(ClientError::refused(failure)).report();
        assert_eq!(
            json(&report),
            serde_json::json!({
                "error": "InsufficientFunds",
                "code": 1,
                "program": "token",
                "message": "Insufficient funds (the wallet holds 1000 USDC, the deposit is \
                            1000000 USDC)",
                "action": "Deposit at most the wallet's test USDC balance, or get more with \
                           `fulltime faucet`",
            })
        );
        assert_eq!(
            report.to_string(),
            "error: InsufficientFunds (token program error 1): Insufficient funds (the wallet \
             holds 1000 USDC, the deposit is 1000000 USDC)\n\
             action: Deposit at most the wallet's test USDC balance, or get more with `fulltime \
             faucet`\n\
             note: refused before sending; --force sends it so the program answers"
        );
        assert!(check_balance(5, 5).is_ok());
    }

    #[test]
    fn a_token_program_failure_is_named_and_its_logs_print_once() {
        let token = anchor_spl::token::spl_token::ID;
        let logs = vec![
            format!("Program {} invoke [1]", fulltime_client::settlement::ID),
            format!("Program {token} invoke [2]"),
            "Program log: Error: insufficient funds".to_owned(),
            format!("Program {token} failed: custom program error: 0x1"),
            format!(
                "Program {} failed: custom program error: 0x1",
                fulltime_client::settlement::ID
            ),
        ];
        let failure = explain_logs(1, &logs).expect("a token error");
        let report = Error::from(ClientError::Program {
            failure: Box::new(failure),
            logs: logs.clone(),
        })
        .report();
        assert_eq!(
            (
                report.error.as_str(),
                report.code,
                report.program.as_deref()
            ),
            ("InsufficientFunds", Some(1), Some("token"))
        );
        let human = report.to_string();
        assert!(
            human.starts_with(
                "error: InsufficientFunds (token program error 1): Insufficient funds\n"
            ),
            "{human}"
        );
        for line in &logs {
            assert_eq!(
                human.matches(line.as_str()).count(),
                1,
                "{line} in\n{human}"
            );
        }
    }

    #[test]
    fn a_faucet_refusal_carries_the_status_and_its_message() {
        let report = Error::from(FaucetError::Refused {
            status: 429,
            error: "cooldown".into(),
            message: "this wallet asked 3 s ago; wait 27 s".into(),
            retry_after_secs: Some(27),
        })
        .report();
        assert_eq!(
            json(&report),
            serde_json::json!({
                "error": "cooldown",
                "code": 429,
                "program": null,
                "message": "this wallet asked 3 s ago; wait 27 s",
                "action": "Wait 27 s before asking again",
            })
        );
    }

    #[test]
    fn localnet_without_env_json_is_not_running_even_for_the_wallet() {
        let error = fulltime_client::localnet_env::LocalnetEnv::load(std::path::Path::new(
            "/nonexistent/state",
        ))
        .expect_err("no env.json");
        let report = Error::from(KeypairError::from(error)).report();
        assert_eq!(report.error, "LocalnetNotRunning");
    }

    #[test]
    fn a_missing_keypair_says_which_flag_to_pass() {
        let report = Error::from(KeypairError::NotFound {
            path: "/nowhere/id.json".into(),
        })
        .report();
        assert_eq!(report.error, "KeypairNotFound");
        assert_eq!(report.message, "no keypair file at /nowhere/id.json");
        assert!(report.action.starts_with("Pass --keypair PATH"));
    }
}
