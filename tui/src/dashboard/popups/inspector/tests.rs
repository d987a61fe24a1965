//! The transaction inspector: a landed transaction read back and labelled, and a failure.

use anchor_lang::prelude::Pubkey;
use crossterm::event::KeyCode;
use fulltime_client::rpc::ClientError;
use fulltime_client::settlement::SettlementError;
use fulltime_client::validate::settlement_failure;
use insta::assert_snapshot;

use crate::dashboard::effect::Effect;
use crate::dashboard::failure::FailureView;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Done, Message};
use crate::dashboard::test_support::{chain, loaded, press, render, typed};
use crate::dashboard::update::update;
use fulltime_desk::error::Error;

/// A deposit of `wallet` on market 0, as the node would hand it back.
fn deposit_detail(
    signature: solana_signature::Signature,
    wallet: Pubkey,
    vault: Pubkey,
) -> fulltime_client::rpc::TransactionDetail {
    use fulltime_client::pda;
    use fulltime_client::rpc::{AccountUse, InstructionDetail, TransactionDetail};
    let market = pda::market(0);
    let account = |address, role, writable, signer| AccountUse {
        address,
        role: Some(role),
        writable,
        signer,
    };
    TransactionDetail {
        signature,
        slot: 4_242,
        block_time: None,
        fee: 5_000,
        instructions: vec![InstructionDetail {
            program: fulltime_client::settlement::ID,
            name: Some("Deposit"),
            data: Vec::new(),
            accounts: vec![
                account(wallet, "depositor", true, true),
                account(pda::config(), "config", false, false),
                account(market, "market", true, false),
                account(pda::position(&market, &wallet), "position", true, false),
                account(vault, "vault", true, false),
                account(
                    Pubkey::new_from_array([7; 32]),
                    "depositor_token",
                    true,
                    false,
                ),
                account(anchor_spl::token::ID, "token_program", false, false),
                account(
                    anchor_lang::system_program::ID,
                    "system_program",
                    false,
                    false,
                ),
            ],
        }],
        logs: vec![
            format!("Program {} invoke [1]", fulltime_client::settlement::ID),
            "Program log: Instruction: Deposit".into(),
            format!("Program {} success", fulltime_client::settlement::ID),
        ],
        error: None,
    }
}

#[test]
fn the_inspector_labels_a_transactions_accounts_shows_its_logs_and_copies_its_signature() {
    let wallet = Pubkey::new_from_array([3; 32]);
    let vault = Pubkey::new_from_array([9; 32]);
    let mut app = loaded();
    app.session.wallet = Ok(wallet.to_string());
    let mut chain = chain();
    chain.markets[0].vault = vault;
    update(&mut app, Message::Chain(Ok(chain)));
    // Nothing sent yet: nothing to pick.
    press(&mut app, &[KeyCode::Char('a')]);
    assert!(app.popup.is_none());
    assert_eq!(
        app.notice.as_deref(),
        Some("Nothing sent yet: the activity panel is empty")
    );

    press(&mut app, &[KeyCode::Char('d')]);
    typed(&mut app, "2.5");
    press(&mut app, &[KeyCode::Enter]);
    let signature = solana_signature::Signature::from([5; 64]);
    update(
        &mut app,
        Message::Finished(Ok(Done {
            signature: Some(signature),
            summary: "Deposited 2.5 USDC on YES in market 0".into(),
            short_signature: "5VER..kQUW".into(),
            explorer: "https://explorer.solana.com/tx/5VER".into(),
        })),
    );
    press(&mut app, &[KeyCode::Esc, KeyCode::Char('a')]);
    assert_eq!(Mode::of(&app), Mode::Picker);
    assert_snapshot!("activity_picker_80x24", render(&app, 80, 24));
    assert_snapshot!("activity_picker_120x40", render(&app, 120, 40));
    let effects = press(&mut app, &[KeyCode::Enter]);
    assert!(matches!(effects.as_slice(), [Effect::Inspect(read)] if *read == signature));
    assert_eq!(Mode::of(&app), Mode::Inspect);
    assert_snapshot!("inspector_reading_80x24", render(&app, 80, 24));
    assert_snapshot!("inspector_reading_120x40", render(&app, 120, 40));
    update(
        &mut app,
        Message::Inspected {
            signature,
            detail: Ok(deposit_detail(signature, wallet, vault)),
        },
    );
    let shown = render(&app, 120, 40);
    for label in [
        "this wallet",
        "settlement config",
        "market 0",
        "position in market 0",
        "market 0's vault",
        "test USDC account",
        "token program",
        "Program log: Instruction: Deposit",
    ] {
        assert!(shown.contains(label), "{label}:\n{shown}");
    }
    assert_snapshot!("inspector_120x40", shown);
    assert_snapshot!("inspector_80x24", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Char('y')]);
    assert!(matches!(effects.as_slice(), [Effect::Copy(text)] if *text == signature.to_string()));
    assert!(render(&app, 120, 40).contains("Signature copied to the clipboard"));
    press(&mut app, &[KeyCode::Esc]);
    assert!(app.popup.is_none());
}

#[test]
fn the_inspector_shows_a_failures_name_action_and_logs() {
    // Market 3 resolved NO; the wallet's position there is on YES.
    let mut app = loaded();
    press(
        &mut app,
        &[
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Down,
            KeyCode::Char('c'),
        ],
    );
    press(&mut app, &[KeyCode::Enter]);
    let error = Error::from(ClientError::Program {
        failure: Box::new(settlement_failure(SettlementError::NotAWinner)),
        logs: vec![
            "Program log: Instruction: Claim".into(),
            "Program log: AnchorError occurred. Error Code: NotAWinner. Error Number: 6015.".into(),
        ],
    });
    update(
        &mut app,
        Message::Finished(Err(FailureView::new("Claim", &error))),
    );
    press(
        &mut app,
        &[KeyCode::Esc, KeyCode::Char('a'), KeyCode::Enter],
    );
    let shown = render(&app, 120, 40);
    assert!(shown.contains("NotAWinner"), "{shown}");
    assert!(shown.contains("AnchorError occurred"), "{shown}");
    assert_snapshot!("inspector_failure_120x40", shown);
    assert_snapshot!("inspector_failure_80x24", render(&app, 80, 24));
    // Nothing to copy without a transaction.
    assert!(press(&mut app, &[KeyCode::Char('y')]).is_empty());
}
