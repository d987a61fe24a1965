//! The failure popup: program errors, the faucet's refusals, a bad key config at start.

mod refusal_words;

use crossterm::event::KeyCode;
use fulltime_client::errors::ProgramFailure;
use fulltime_client::faucet::FaucetError;
use fulltime_client::rpc::ClientError;
use fulltime_client::settlement::SettlementError;
use fulltime_client::validate::settlement_failure;
use insta::assert_snapshot;

use crate::dashboard::failure::FailureView;
use crate::dashboard::keys;
use crate::dashboard::message::Message;
use crate::dashboard::popups::deposit::DepositForm;
use crate::dashboard::popups::failure::FailurePopup;
use crate::dashboard::test_support::{loaded, press, render, typed};
use crate::dashboard::update::update;
use fulltime_desk::error::Error;

#[test]
fn failures_show_name_code_program_meaning_and_action() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('d')]);
    typed(&mut app, "1");
    press(&mut app, &[KeyCode::Enter]);
    let failure: ProgramFailure = settlement_failure(SettlementError::MarketClosed);
    let error = Error::from(ClientError::Program {
        failure: Box::new(failure),
        logs: Vec::new(),
    });
    update(
        &mut app,
        Message::Finished(Err(FailureView::new("Deposit", &error))),
    );
    assert_snapshot!("program_error", render(&app, 80, 24));

    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('f')]);
    let refused = Error::from(FaucetError::Refused {
        status: 429,
        error: "cooldown".into(),
        message: "this wallet asked 3 s ago; wait 27 s".into(),
        retry_after_secs: Some(27),
    });
    update(
        &mut app,
        Message::Finished(Err(FailureView::new("Faucet", &refused))),
    );
    assert_snapshot!("faucet_429", render(&app, 80, 24));
    for (status, name, message) in [
        (
            503,
            "minting_disabled",
            "this faucet has no mint authority configured",
        ),
        (500, "internal", "the mint transaction failed; try again"),
    ] {
        let mut app = loaded();
        press(&mut app, &[KeyCode::Char('f')]);
        let refused = Error::from(FaucetError::Refused {
            status,
            error: name.into(),
            message: message.into(),
            retry_after_secs: None,
        });
        update(
            &mut app,
            Message::Finished(Err(FailureView::new("Faucet", &refused))),
        );
        assert_snapshot!(format!("faucet_{status}"), render(&app, 80, 24));
    }
    press(&mut app, &[KeyCode::Esc]);
    assert_snapshot!("faucet_429_in_activity", render(&app, 80, 24));
}

#[test]
fn a_bad_key_config_is_shown_at_start_and_the_default_keys_stay() {
    let dir = std::env::temp_dir().join(format!("fulltime-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("keys.toml");
    let text = "deposit = \"D\"\nsettle = \"Ctrl-s\"\n";
    std::fs::write(&path, text).expect("write");
    let failure = keys::in_force(Some(&path)).expect_err("a bad file");
    std::fs::remove_dir_all(&dir).expect("clean up");
    assert!(
        failure
            .to_string()
            .starts_with(&format!("key config {}, line 2: ", path.display())),
        "{failure}"
    );
    // Drawn with a path of the same length on every machine.
    let error = keys::parse_file(text, std::path::Path::new("keys.toml"));
    let mut app = loaded();
    app.popup = Some(Box::new(FailurePopup::new(keys::failure(
        error.expect_err("a bad file"),
    ))));
    assert_snapshot!("bad_key_config_80x24", render(&app, 80, 24));
    assert_snapshot!("bad_key_config_120x40", render(&app, 120, 40));
    press(&mut app, &[KeyCode::Esc, KeyCode::Char('d')]);
    assert!(app.shows::<DepositForm>(), "the default d deposits");
}
