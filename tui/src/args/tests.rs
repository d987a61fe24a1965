use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::error::ErrorKind;
use clap::{CommandFactory, Parser};
use fulltime_client::cluster::Cluster;
use fulltime_client::txline_interface::{Comparison, TraderPredicate};

use super::*;
use fulltime_desk::input::When;

fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(std::iter::once("fulltime").chain(args.iter().copied()))
}

fn parsed(args: &[&str]) -> Cli {
    parse(args).unwrap_or_else(|error| panic!("{args:?}: {error}"))
}

fn refused(args: &[&str]) -> clap::Error {
    parse(args).expect_err("clap refuses it")
}

#[test]
fn the_command_definition_is_consistent() {
    Cli::command().debug_assert();
}

#[test]
fn global_flags_default_like_the_solana_cli() {
    let cli = parsed(&["markets"]);
    assert_eq!(cli.global.url, Cluster::Localnet);
    assert_eq!(cli.global.keypair, None);
    assert!(!cli.global.json);
    assert_eq!(cli.global.state_dir, PathBuf::from(".localnet"));
    assert!(matches!(cli.command, Some(Command::Markets)));
}

#[test]
fn global_flags_go_before_or_after_the_subcommand() {
    for args in [
        &["--url", "devnet", "--json", "-k", "/tmp/id.json", "balance"][..],
        &[
            "balance",
            "--url",
            "devnet",
            "--json",
            "--keypair",
            "/tmp/id.json",
        ],
        &["-u", "d", "balance", "--json", "-k", "/tmp/id.json"],
    ] {
        let cli = parsed(args);
        assert_eq!(cli.global.url, Cluster::Devnet, "{args:?}");
        assert!(cli.global.json);
        assert_eq!(cli.global.keypair, Some(PathBuf::from("/tmp/id.json")));
    }
    let cli = parsed(&[
        "--url",
        "http://127.0.0.1:8899",
        "--state-dir",
        "/s",
        "markets",
    ]);
    assert_eq!(
        cli.global.url,
        Cluster::Custom("http://127.0.0.1:8899".into())
    );
    assert_eq!(cli.global.state_dir, PathBuf::from("/s"));
}

#[test]
fn an_unknown_cluster_is_a_clap_error() {
    let error = refused(&["--url", "testnet", "markets"]);
    assert_eq!(error.kind(), ErrorKind::ValueValidation);
    assert!(
        error.to_string().contains(
            "`testnet` is not a cluster: use localnet, devnet, mainnet or an http(s):// RPC URL"
        ),
        "{error}"
    );
}

#[test]
fn create_market_takes_terms_and_a_close_time() {
    let cli = parsed(&[
        "create-market",
        "--question",
        "Will Arsenal score more than 1 goal?",
        "--close",
        "+10m",
        "--fixture",
        "18502311",
        "--stat",
        "1",
        "--predicate",
        "gt:1",
    ]);
    let Some(Command::CreateMarket(args)) = cli.command else {
        panic!("create-market");
    };
    assert_eq!(args.question, "Will Arsenal score more than 1 goal?");
    assert_eq!(args.close, When::In(Duration::from_secs(600)));
    assert_eq!(
        (
            args.fixture,
            args.stat.stat_key,
            args.stat.second_stat,
            args.period
        ),
        (18_502_311, 1, None, 100)
    );
    assert_eq!(args.dispute_window, 3_600, "an hour unless given");
    assert_eq!(
        args.predicate,
        TraderPredicate {
            threshold: 1,
            comparison: Comparison::GreaterThan,
        }
    );
    assert!(!args.checks.force);

    let cli = parsed(&[
        "create-market",
        "--question",
        "q",
        "--close",
        "2026-11-20T18:00:00Z",
        "--fixture",
        "-4",
        "--stat",
        "2",
        "--period",
        "45",
        "--predicate",
        "lt:-1",
        "--dispute-window",
        "90s",
        "--force",
    ]);
    let Some(Command::CreateMarket(args)) = cli.command else {
        panic!("create-market");
    };
    assert_eq!(args.close, When::At(1_795_197_600));
    assert_eq!((args.fixture, args.period), (-4, 45));
    assert_eq!(args.predicate.threshold, -1);
    assert_eq!(args.dispute_window, 90);
    assert!(args.checks.force);
}

#[test]
fn create_market_refuses_bad_values_with_their_reason() {
    let base = ["create-market", "--question", "q", "--fixture", "1"];
    let with = |extra: &[&'static str]| -> Vec<&'static str> {
        base.iter().copied().chain(extra.iter().copied()).collect()
    };
    let error = refused(&with(&[
        "--stat",
        "1",
        "--close",
        "10m",
        "--predicate",
        "gt:1",
    ]));
    assert_eq!(error.kind(), ErrorKind::ValueValidation);
    assert!(error.to_string().contains("`10m` is not a time"), "{error}");

    let error = refused(&with(&[
        "--stat",
        "1",
        "--close",
        "+1h",
        "--predicate",
        "gte:1",
    ]));
    assert!(
        error.to_string().contains("`gte` is not a comparison"),
        "{error}"
    );

    let error = refused(&with(&["--stat", "1", "--close", "+1h"]));
    assert_eq!(error.kind(), ErrorKind::MissingRequiredArgument);

    // Out-of-bounds windows parse, so that --force can send them; what is no duration does not.
    let error = refused(&with(&[
        "--stat",
        "1",
        "--close",
        "+1h",
        "--predicate",
        "gt:1",
        "--dispute-window",
        "+1h",
    ]));
    assert_eq!(error.kind(), ErrorKind::ValueValidation);
    assert!(
        error.to_string().contains("`+1h` is not a duration ("),
        "{error}"
    );
    let cli = parsed(&with(&[
        "--stat",
        "1",
        "--close",
        "+1h",
        "--predicate",
        "gt:2147483647",
        "--dispute-window",
        "0s",
    ]));
    let Some(Command::CreateMarket(args)) = cli.command else {
        panic!("create-market");
    };
    assert_eq!(
        (args.dispute_window, args.predicate.threshold),
        (0, i32::MAX)
    );

    // A stat key is unsigned: clap reads `-1` as an unknown flag and says how to pass it.
    let error = refused(&with(&[
        "--close",
        "+1h",
        "--predicate",
        "gt:1",
        "--stat",
        "-1",
    ]));
    assert_eq!(error.kind(), ErrorKind::UnknownArgument);
    let error = refused(&with(&[
        "--close",
        "+1h",
        "--predicate",
        "gt:1",
        "--stat",
        "one",
    ]));
    assert_eq!(error.kind(), ErrorKind::ValueValidation);
}

#[test]
fn deposit_takes_id_side_and_usdc() {
    let cli = parsed(&["deposit", "0", "yes", "2.5"]);
    let Some(Command::Deposit(args)) = cli.command else {
        panic!("deposit");
    };
    assert_eq!(
        (args.id, args.outcome.as_str(), args.amount),
        (0, "yes", 2_500_000)
    );

    // The outcome is judged later, as the program's InvalidOutcome, not by clap.
    let cli = parsed(&["deposit", "7", "maybe", "0.1", "--force"]);
    let Some(Command::Deposit(args)) = cli.command else {
        panic!("deposit");
    };
    assert_eq!((args.outcome.as_str(), args.amount), ("maybe", 100_000));
    assert!(args.checks.force);
}

#[test]
fn deposit_refuses_amounts_that_are_not_usdc() {
    for (amount, reason) in [
        ("-1", "`-1` is negative"),
        ("abc", "`abc` is not an amount of USDC"),
        ("1.1234567", "has 7 decimal places"),
        ("99999999999999999999", "is more than the largest amount"),
    ] {
        let error = refused(&["deposit", "0", "yes", amount]);
        assert_eq!(error.kind(), ErrorKind::ValueValidation, "{amount}");
        assert!(error.to_string().contains(reason), "{error}");
    }
    let error = refused(&["deposit", "x", "yes", "1"]);
    assert_eq!(error.kind(), ErrorKind::ValueValidation);
    let error = refused(&["deposit", "0", "yes"]);
    assert_eq!(error.kind(), ErrorKind::MissingRequiredArgument);
}

#[test]
fn settle_claim_refund_and_market_take_an_id() {
    let cli = parsed(&["settle", "4", "--proof", "fixtures/generated/x.json"]);
    let Some(Command::Settle(args)) = cli.command else {
        panic!("settle");
    };
    assert_eq!(args.id, 4);
    assert_eq!(args.proof, Some(PathBuf::from("fixtures/generated/x.json")));
    assert!(!args.txline);
    assert!(!args.checks.force);
    // The flag's name before a proof file had its own word.
    let cli = parsed(&["settle", "4", "--fixture", "x.json", "--force"]);
    assert!(
        matches!(&cli.command, Some(Command::Settle(args)) if args.proof.as_deref() == Some(Path::new("x.json")))
    );
    assert!(matches!(cli.command, Some(Command::Settle(args)) if args.checks.force));
    assert_eq!(
        refused(&["settle", "4"]).kind(),
        ErrorKind::MissingRequiredArgument
    );
    // From TxLINE's API by record: the finalised one, or a sequence; never both sources.
    let cli = parsed(&["settle", "4", "--txline", "--seq", "1187"]);
    assert!(
        matches!(&cli.command, Some(Command::Settle(args)) if args.txline && args.seq == Some(1187) && args.proof.is_none())
    );
    assert_eq!(
        refused(&["settle", "4", "--txline", "--proof", "x.json"]).kind(),
        ErrorKind::ArgumentConflict
    );
    assert_eq!(
        refused(&["settle", "4", "--seq", "3", "--proof", "x.json"]).kind(),
        ErrorKind::ArgumentConflict
    );

    assert!(
        matches!(parsed(&["claim", "4"]).command, Some(Command::Claim(args)) if args.id == Some(4) && !args.all)
    );
    assert!(
        matches!(parsed(&["claim", "--all"]).command, Some(Command::Claim(args)) if args.id.is_none() && args.all)
    );
    assert_eq!(
        refused(&["claim"]).kind(),
        ErrorKind::MissingRequiredArgument
    );
    for both in [&["claim", "4", "--all"][..], &["claim", "--all", "--force"]] {
        assert_eq!(
            refused(both).kind(),
            ErrorKind::ArgumentConflict,
            "{both:?}"
        );
    }
    assert!(
        matches!(parsed(&["refund", "5", "--force"]).command, Some(Command::Refund(args)) if args.id == 5 && args.checks.force)
    );
    assert!(
        matches!(parsed(&["market", "6"]).command, Some(Command::Market(args)) if args.id == 6)
    );
    assert_eq!(
        refused(&["market", "-1"]).kind(),
        ErrorKind::UnknownArgument
    );
}

#[test]
fn the_faucet_url_is_left_to_the_session_unless_given() {
    let Some(Command::Faucet(args)) = parsed(&["faucet"]).command else {
        panic!("faucet");
    };
    assert_eq!(args.url, None);
    let Some(Command::Faucet(args)) = parsed(&["faucet", "--faucet-url", "http://f:9"]).command
    else {
        panic!("faucet");
    };
    assert_eq!(args.url.as_deref(), Some("http://f:9"));
}

#[test]
fn warp_takes_a_duration_or_a_time() {
    let Some(Command::Warp(args)) = parsed(&["warp", "+8days"]).command else {
        panic!("warp");
    };
    assert_eq!(args.to, When::In(Duration::from_secs(8 * 86_400)));
    let error = refused(&["warp", "yesterday"]);
    assert!(
        error.to_string().contains("`yesterday` is not a time"),
        "{error}"
    );
}

#[test]
fn help_explains_every_flag() {
    let mut command = Cli::command();
    let help = command.render_long_help().to_string();
    for flag in ["--url", "--keypair", "--json", "--state-dir"] {
        assert!(help.contains(flag), "{flag} in\n{help}");
    }
    for subcommand in command.get_subcommands_mut() {
        let name = subcommand.get_name().to_owned();
        for argument in subcommand.get_arguments() {
            if argument.is_hide_set() {
                continue;
            }
            assert!(
                argument.get_help().is_some() || argument.get_long_help().is_some(),
                "{name}: {} has no help",
                argument.get_id()
            );
        }
    }
}

#[test]
fn an_unknown_subcommand_or_flag_is_refused() {
    assert_eq!(
        refused(&["withdraw", "0"]).kind(),
        ErrorKind::InvalidSubcommand
    );
    assert_eq!(
        refused(&["markets", "--verbose"]).kind(),
        ErrorKind::UnknownArgument
    );
}

#[test]
fn no_subcommand_is_the_dashboard_and_help_says_so() {
    let cli = parsed(&["--url", "devnet", "--faucet-url", "http://f:9"]);
    assert!(cli.command.is_none());
    assert_eq!(cli.global.url, Cluster::Devnet);
    assert_eq!(cli.dashboard.faucet.url.as_deref(), Some("http://f:9"));
    let help = Cli::command().render_long_help().to_string();
    for text in [
        "Without a subcommand, `fulltime` opens the dashboard",
        "Dashboard options (no subcommand)",
        "--faucet-url",
        "--proofs",
    ] {
        assert!(help.contains(text), "{text} in\n{help}");
    }
    // The flag's name before a proof file had its own word.
    assert_eq!(
        parsed(&["--fixtures", "mine"]).dashboard.proofs,
        Path::new("mine")
    );
}

#[test]
fn the_pool_history_reads_a_thousand_transactions_unless_told() {
    assert_eq!(parsed(&[]).dashboard.history_depth, 1_000);
    assert_eq!(
        parsed(&["--history-depth", "50"]).dashboard.history_depth,
        50
    );
    for bad in ["0", "many"] {
        assert_eq!(
            refused(&["--history-depth", bad]).kind(),
            ErrorKind::ValueValidation,
            "{bad}"
        );
    }
}

#[test]
fn wallet_new_takes_a_name_and_funds_on_request() {
    let Some(Command::Wallet(WalletCommand::New(args))) =
        parsed(&["wallet", "new", "alice", "--fund"]).command
    else {
        panic!("wallet new");
    };
    assert_eq!((args.name.as_str(), args.fund), ("alice", true));
    let Some(Command::Wallet(WalletCommand::New(args))) = parsed(&["wallet", "new", "bob"]).command
    else {
        panic!("wallet new");
    };
    assert!(!args.fund);
    assert!(matches!(
        parsed(&["wallet", "list"]).command,
        Some(Command::Wallet(WalletCommand::List))
    ));
    assert_eq!(
        refused(&["wallet", "new"]).kind(),
        ErrorKind::MissingRequiredArgument
    );
}

fn timeline_run(args: &[&str]) -> TimelineRunArgs {
    let matches = Cli::command()
        .try_get_matches_from(std::iter::once("fulltime").chain(args.iter().copied()))
        .unwrap_or_else(|error| panic!("{args:?}: {error}"));
    match Cli::from_matches(&matches).map(|cli| cli.command) {
        Ok(Some(Command::Timeline(TimelineCommand::Run(args)))) => args,
        other => panic!("{args:?}: {other:?}"),
    }
}

#[test]
fn timeline_run_knows_whether_url_was_written_before_or_after_it() {
    assert!(!timeline_run(&["timeline", "run", "t.toml"]).on_given_url);
    assert!(timeline_run(&["--url", "localnet", "timeline", "run", "t.toml"]).on_given_url);
    let after = timeline_run(&["timeline", "run", "t.toml", "-u", "http://127.0.0.1:8899"]);
    assert!(after.on_given_url);
    let modes = timeline_run(&[
        "timeline",
        "run",
        "t.toml",
        "--to",
        "kickoff",
        "--snapshot",
        "s",
    ]);
    assert_eq!(
        (modes.to.as_deref(), modes.snapshot.as_deref()),
        (Some("kickoff"), Some("s"))
    );
}

#[test]
fn timeline_fuzz_takes_a_seed_a_count_and_a_folder() {
    let fuzz = |args: &[&str]| match parsed(args).command {
        Some(Command::Timeline(TimelineCommand::Fuzz(args))) => args,
        other => panic!("{args:?}: {other:?}"),
    };
    let defaults = fuzz(&["timeline", "fuzz"]);
    assert_eq!((defaults.seed, defaults.runs), (1, 100));
    assert_eq!(defaults.out, None);
    assert!(!defaults.verbose);
    let given = fuzz(&[
        "timeline", "fuzz", "--seed", "7", "--runs", "3", "--out", "found", "-v",
    ]);
    assert_eq!((given.seed, given.runs), (7, 3));
    assert_eq!(given.out, Some(PathBuf::from("found")));
    assert!(given.verbose);
    assert_eq!(
        refused(&["timeline", "fuzz", "--runs", "-1"]).kind(),
        ErrorKind::UnknownArgument
    );
}
