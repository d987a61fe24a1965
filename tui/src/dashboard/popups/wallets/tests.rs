//! A new wallet by key, and the wallet picker.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::message::{Done, Message};
use crate::dashboard::test_support::{WALLET, loaded, press, render};
use crate::dashboard::update::update;
use crate::dashboard::wallets::WalletChoice;
use fulltime_desk::actions::{Order, WalletOrder};

#[test]
fn a_new_wallet_by_key_and_acting_as_another_from_the_book() {
    let mut app = loaded();
    let starting = WalletChoice {
        name: "localnet's funded wallet".into(),
        address: WALLET.into(),
        path: ".localnet/wallet.json".into(),
    };
    app.wallets.push(starting.clone());
    app.acting = Some(starting.name.clone());
    // `+` makes the first free name in the book, funded.
    let effects = press(&mut app, &[KeyCode::Char('+')]);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Send(Request::Order { order: Order::NewWallet(WalletOrder { name, .. }), .. })] if name == "qa-1"
    ));
    let bob = WalletChoice {
        name: "qa-1".into(),
        address: "B0bB0bB0bB0bB0bB0bB0bB0bB0bB0bB0bB0bB0bB0b".into(),
        path: ".localnet/wallets/qa-1.json".into(),
    };
    update(&mut app, Message::WalletMade(bob.clone()));
    update(
        &mut app,
        Message::Finished(Ok(Done {
            signature: None,
            summary: "New wallet qa-1: 10 SOL and 100 USDC from localnet".into(),
            short_signature: String::new(),
            explorer: String::new(),
        })),
    );
    press(&mut app, &[KeyCode::Esc, KeyCode::Char('W')]);
    assert_snapshot!("wallets_80x24", render(&app, 80, 24));
    assert_snapshot!("wallets_120x40", render(&app, 120, 40));
    let effects = press(&mut app, &[KeyCode::Down, KeyCode::Enter]);
    assert!(matches!(effects.as_slice(), [Effect::SwitchWallet(choice)] if *choice == bob));
    // The runner switched: the pane, MINE and the next readings follow the new wallet.
    update(&mut app, Message::Switched(Ok(bob.clone())));
    assert_eq!(app.session.wallet.as_deref(), Ok(bob.address.as_str()));
    assert_eq!(app.acting.as_deref(), Some("qa-1"));
    let chain = app.chain.loaded().expect("loaded");
    assert!(chain.positions.is_empty() && chain.balances.is_none());
    assert_snapshot!("acting_as_qa_1_80x24", render(&app, 80, 24));
    assert_snapshot!("acting_as_qa_1_120x40", render(&app, 120, 40));
    // Picking the wallet acted as already changes nothing.
    press(
        &mut app,
        &[KeyCode::Char('W'), KeyCode::Down, KeyCode::Enter],
    );
    assert!(app.popup.is_none());
}
