//! Transaction logs read as on a validator: the native programs' own lines (Anchor's
//! `Instruction: <name>` and error lines, and whatever a program logs through the syscalls) are
//! in the running instruction's logs, nested under its `invoke [n]`, and not on stdout.

mod common;

use anchor_lang::solana_program::account_info::AccountInfo;
use anchor_lang::solana_program::entrypoint::ProgramResult;
use anchor_lang::solana_program::instruction::Instruction;
use anchor_lang::solana_program::pubkey::Pubkey;
use common::*;
use fulltime_client::pda;
use fulltime_harness::{TestChain, single_stat_proof};
use fulltime_localnet::native::{BuiltinFunctionDefinition, NativeEntry};
use fulltime_localnet::native_builtin;
use settlement::StatedOutcome;

/// The lines between a program's `invoke [depth]` and its matching end, the end included.
fn invocation<'a>(logs: &'a [String], program: &Pubkey, depth: usize) -> &'a [String] {
    let start = logs
        .iter()
        .position(|line| *line == format!("Program {program} invoke [{depth}]"))
        .unwrap_or_else(|| panic!("no invoke [{depth}] of {program}: {logs:#?}"));
    let end = logs[start..]
        .iter()
        .position(|line| {
            line.starts_with(&format!("Program {program} success"))
                || line.starts_with(&format!("Program {program} failed"))
        })
        .unwrap_or_else(|| panic!("no end of {program}: {logs:#?}"));
    &logs[start + 1..=start + end]
}

#[test]
fn a_deposit_logs_its_instruction_and_a_refused_one_its_anchor_error() {
    let (mut chain, market) = chain_with_market();
    let wallet = chain.new_wallet(10 * USDC);

    let sent = chain
        .deposit(&wallet, &market, 1, 2 * USDC)
        .expect("deposit");
    let lines = invocation(&sent.logs, &settlement::ID, 1);
    assert_eq!(lines[0], "Program log: Instruction: Deposit", "{lines:#?}");
    assert!(lines.last().is_some_and(|line| line.ends_with("success")));

    let refused = chain
        .deposit(&wallet, &market, 1, 50_000)
        .expect_err("below the minimum");
    let lines = invocation(&refused.logs, &settlement::ID, 1);
    assert_eq!(lines[0], "Program log: Instruction: Deposit", "{lines:#?}");
    let error = lines
        .iter()
        .find(|line| line.starts_with("Program log: AnchorError "))
        .unwrap_or_else(|| panic!("no AnchorError line: {lines:#?}"));
    assert!(
        error.starts_with("Program log: AnchorError thrown in program/settlement/src/")
            && error.ends_with(
                ". Error Code: BelowMinimum. Error Number: 6004. Error Message: Deposit below \
                 0.10 USDC."
            ),
        "{error}"
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some(
            format!(
                "Program {} failed: custom program error: 0x1774",
                settlement::ID
            )
            .as_str()
        )
    );
    assert_eq!(chain.token_balance(&pda::vault(&market)), 2 * USDC);
}

#[test]
fn the_oracles_lines_nest_under_its_cpi() {
    let (mut chain, market) = chain_with_market();
    let close_time = chain.market(&market).expect("market").close_time;
    // Never posted: the oracle refuses the proof with its own error, logged at depth 2.
    let (unposted, _) = single_stat_proof((close_time + 600) * 1_000, FIXTURE_ID, home_goals(2))
        .expect("a valid proof");
    chain.reach_batch(&unposted);
    let refused = chain
        .settle_stating(&market, unposted, StatedOutcome::Yes)
        .expect_err("no root posted");
    let oracle = txline_interface::DEVNET_PROGRAM_ID;
    let settle = invocation(&refused.logs, &settlement::ID, 1);
    assert_eq!(settle[0], "Program log: Instruction: Settle");
    let validate = invocation(&refused.logs, &oracle, 2);
    assert_eq!(validate[0], "Program log: Instruction: ValidateStat");
    assert!(
        validate
            .iter()
            .any(|line| line.starts_with("Program log: AnchorError ")
                && line.contains("Error Code: RootNotAvailable. Error Number: 6007.")),
        "{validate:#?}"
    );
    // The failed CPI aborts the settlement where it stood: it logs no error of its own.
    assert!(
        !settle
            .iter()
            .skip_while(|line| !line.ends_with("failed: custom program error: 0x1777"))
            .skip(1)
            .any(|line| line.starts_with("Program log: ")),
        "{settle:#?}"
    );

    // A settlement that holds: both programs' instruction lines, in order, both succeed.
    let (proof, root) = single_stat_proof((close_time + 1_200) * 1_000, FIXTURE_ID, home_goals(2))
        .expect("a valid proof");
    chain.post_root(root).expect("post the root");
    chain.reach_batch(&proof);
    let sent = chain.settle(&market, proof).expect("settles YES");
    let validate = invocation(&sent.logs, &oracle, 2);
    assert_eq!(validate[0], "Program log: Instruction: ValidateStat");
    assert!(
        validate
            .last()
            .is_some_and(|line| line.ends_with("success"))
    );
}

/// A program that logs through each of the syscalls a program logs with.
fn chatty<'a>(_: &'a Pubkey, _: &'a [AccountInfo<'a>], _: &'a [u8]) -> ProgramResult {
    use solana_sysvar::program_stubs;
    program_stubs::sol_log("hello from a native program");
    program_stubs::sol_log_64(1, 2, 3, 4, 255);
    program_stubs::sol_log_data(&[b"event".as_slice(), &[1, 2, 3]]);
    program_stubs::sol_log_compute_units();
    Ok(())
}

native_builtin!(Chatty, NativeEntry::Plain(chatty));

#[test]
fn the_logging_syscalls_write_into_the_transaction() {
    let mut chain = TestChain::new();
    let id = Pubkey::new_unique();
    chain.svm().add_builtin(id, Chatty::register);
    let payer = chain.new_wallet(0);
    let sent = chain
        .send(
            &[Instruction {
                program_id: id,
                accounts: vec![],
                data: vec![],
            }],
            &[&payer],
        )
        .expect("the program runs");
    let lines = invocation(&sent.logs, &id, 1);
    assert_eq!(lines[0], "Program log: hello from a native program");
    assert_eq!(lines[1], "Program log: 0x1, 0x2, 0x3, 0x4, 0xff");
    assert_eq!(lines[2], "Program data: ZXZlbnQ= AQID");
    assert!(
        lines[3].starts_with("Program consumption: ") && lines[3].ends_with(" units remaining"),
        "{}",
        lines[3]
    );
    assert_eq!(lines[4], format!("Program {id} success"));
}
