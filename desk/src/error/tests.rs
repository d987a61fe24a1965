//! Every failure's report: the five fields of `--json` and the text, escaped.

use fulltime_client::errors::explain_logs;
use fulltime_client::rpc::check_balance;
use fulltime_client::settlement::SettlementError;
use fulltime_client::unreachable::Cause;
use fulltime_client::validate::{check_amount, check_outcome, settlement_failure};

use super::*;
use crate::actions::Refusal;

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
    let report = Error::from(Refusal::from(failure)).report();
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
        Some("note: refused before sending: an outcome is yes, no or a number, even with --force")
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

/// A timeline's `post_root` on a node that names no oracle authority is the client's named
/// refusal, which a file's `fails` matches by name (no program); a timeline of proof files
/// beside it is refused for a bundle by name.
#[test]
fn a_root_with_no_authority_and_a_timeline_with_files_beside_it_are_named() {
    let report = Error::from(Refusal::NoOracleAuthority {
        env_file: "/tmp/node/env.json".into(),
    })
    .report();
    assert_eq!(
        json(&report),
        serde_json::json!({
            "error": "NoOracleAuthority",
            "code": null,
            "program": null,
            "message": "the node names no oracle authority (/tmp/node/env.json has no \
                        `oracle_authority`): only a node that publishes its oracle's key takes \
                        a root from this client; nothing was sent",
            "action": "Play the timeline on localnet (without --url), whose env.json names the \
                       mock oracle's authority",
        })
    );
    let report = Error::FilesBesideTimeline {
        files: vec!["proofs/m-1.json".into()],
    }
    .report();
    assert_eq!(report.error, "FilesBesideTimeline");
    assert!(
        report
            .message
            .contains("(proofs/m-1.json), which a bundle does not carry"),
        "{}",
        report.message
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
    let report = Error::from(Refusal::from(failure)).report();
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
        human.starts_with("error: InsufficientFunds (token program error 1): Insufficient funds\n"),
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
    let error =
        fulltime_files::localnet_env::LocalnetEnv::load(std::path::Path::new("/nonexistent/state"))
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

#[test]
fn an_unreachable_cluster_names_its_url_and_why_and_exits_1() {
    let error = Error::from(ClientError::Unreachable {
        url: "https://api.devnet.solana.com".into(),
        cluster: Some("devnet".into()),
        cause: Cause::Dns {
            host: "api.devnet.solana.com".into(),
        },
    });
    let report = error.report();
    assert_eq!(
        json(&report),
        serde_json::json!({
            "error": "Unreachable",
            "code": null,
            "program": null,
            "message": "cannot reach https://api.devnet.solana.com (devnet): DNS lookup of \
                        api.devnet.solana.com failed",
            "action": "Check the host's name and the network; offline, work on localnet (`just \
                       dev`, --url localnet)",
            "url": "https://api.devnet.solana.com",
            "cause": "dns",
        })
    );
    assert_eq!(
        report.to_string(),
        "error: Unreachable: cannot reach https://api.devnet.solana.com (devnet): DNS lookup of \
         api.devnet.solana.com failed\n\
         action: Check the host's name and the network; offline, work on localnet (`just dev`, \
         --url localnet)"
    );
    assert_eq!(error.exit_code(), 1);

    let timed_out = Error::from(ClientError::Unreachable {
        url: "https://api.devnet.solana.com".into(),
        cluster: Some("devnet".into()),
        cause: Cause::TimedOut {
            after: std::time::Duration::from_secs(30),
        },
    })
    .report();
    assert_eq!(
        timed_out.message,
        "cannot reach https://api.devnet.solana.com (devnet): timed out after 30 s"
    );
    assert_eq!(timed_out.cause, Some("timed_out"));
}

#[test]
fn a_node_answering_with_an_error_is_not_unreachable() {
    let source = solana_rpc_client_api::client_error::ErrorKind::Custom("bad answer".into());
    let report = Error::from(ClientError::Rpc {
        url: "http://127.0.0.1:8899".into(),
        source: Box::new(source.into()),
    })
    .report();
    assert_eq!(report.error, "RpcError");
    assert_eq!((&report.url, report.cause), (&None, None));
    assert!(
        !json(&report)
            .as_object()
            .expect("an object")
            .contains_key("cause")
    );
}

#[test]
fn a_program_not_deployed_names_its_id_and_cluster() {
    let program = fulltime_client::settlement::ID;
    let report = Error::from(ClientError::ProgramNotDeployed {
        program,
        url: "https://api.devnet.solana.com".into(),
        cluster: Some("devnet".into()),
        reason: "no account has its address",
    })
    .report();
    assert_eq!(
        json(&report),
        serde_json::json!({
            "error": "ProgramNotDeployed",
            "code": null,
            "program": null,
            "message": format!(
                "the settlement program {program} is not deployed at \
                 https://api.devnet.solana.com (devnet): no account has its address"
            ),
            "action": "Deploy the settlement program there, or point --url at a node that runs \
                       it (`just dev` starts localnet with it)",
            "url": "https://api.devnet.solana.com",
        })
    );
}

#[test]
fn an_unreachable_faucet_names_its_url_and_why() {
    let report = Error::from(FaucetError::Unreachable {
        url: "http://127.0.0.1:8080/api/faucet".into(),
        cause: Cause::TimedOut {
            after: std::time::Duration::from_secs(60),
        },
    })
    .report();
    assert_eq!(
        report.to_string(),
        "error: FaucetUnreachable: cannot reach the faucet at http://127.0.0.1:8080/api/faucet: \
         timed out after 60 s\n\
         action: Check the network and the server's load, then try again"
    );
    assert_eq!(
        (report.url.as_deref(), report.cause),
        (Some("http://127.0.0.1:8080/api/faucet"), Some("timed_out"))
    );
}
