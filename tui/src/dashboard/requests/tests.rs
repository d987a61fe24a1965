//! The requests a key sends at once: the faucet, a snapshot, a bundle.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use crate::dashboard::app::App;
use crate::dashboard::effect::{Effect, Request};
use crate::dashboard::message::{Done, Message, Stage};
use crate::dashboard::session_view::SessionView;
use crate::dashboard::test_support::{chain, loaded, press, render, session};
use crate::dashboard::update::update;
use fulltime_desk::actions::Order;

#[test]
fn a_faucet_grant_shows_its_signature() {
    let mut app = loaded();
    let effects = press(&mut app, &[KeyCode::Char('f')]);
    assert!(matches!(
        effects.as_slice(),
        [Effect::Send(Request::Order {
            order: Order::Faucet { .. },
            ..
        })]
    ));
    assert_snapshot!("faucet_running", render(&app, 80, 24));
    update(
        &mut app,
        Message::Finished(Ok(Done {
            signature: None,
            summary: "Minted 1000 USDC to the wallet".into(),
            short_signature: "5VER..kQUW".into(),
            explorer: "https://explorer.solana.com/tx/5VER?cluster=devnet".into(),
        })),
    );
    assert_snapshot!("faucet_done", render(&app, 80, 24));
}

#[test]
fn shift_s_saves_a_snapshot_named_after_the_chain_clock() {
    let mut app = loaded();
    let effects = press(&mut app, &[KeyCode::Char('S')]);
    // The chain clock of `chain()`: 2026-05-16T16:09:18Z.
    let name = "dashboard-20260516-160918";
    assert!(
        matches!(
            effects.as_slice(),
            [Effect::Send(Request::Order { order: Order::Snapshot { name: sent }, .. })] if sent == name
        ),
        "{effects:?}"
    );
    assert_snapshot!("snapshot_running", render(&app, 80, 24));
    update(&mut app, Message::Stage(Stage::Requesting));
    update(
        &mut app,
        Message::Finished(Ok(Done {
            signature: None,
            summary: format!(
                "Snapshot {name} saved: .localnet/snapshots/{name}.snapshot (23 accounts, chain \
                 clock 2026-05-16T16:09:18Z)"
            ),
            short_signature: String::new(),
            explorer: String::new(),
        })),
    );
    assert_snapshot!("snapshot_done", render(&app, 80, 24));
}

#[test]
fn snapshots_and_bundles_are_of_localnet_only() {
    for (key, notice) in [
        ('S', "Snapshots are of localnet's chain (--url localnet)"),
        ('B', "Bundles are of localnet's chain (--url localnet)"),
    ] {
        let mut app = App::new(
            SessionView {
                cluster: "devnet".into(),
                ..session()
            },
            Vec::new(),
        );
        update(&mut app, Message::Chain(Ok(chain())));
        assert!(press(&mut app, &[KeyCode::Char(key)]).is_empty());
        assert_eq!(app.notice.as_deref(), Some(notice));
    }
}

#[test]
fn shift_b_saves_a_bundle_named_after_the_chain_clock() {
    let mut app = loaded();
    let effects = press(&mut app, &[KeyCode::Char('B')]);
    assert!(
        matches!(
            effects.as_slice(),
            [Effect::Send(Request::Bundle { name })] if name == "dashboard-20260516-160918"
        ),
        "{effects:?}"
    );
    // Saving a bundle is no hand action: an open timeline does not branch for it.
    assert!(!Request::Bundle { name: "x".into() }.by_hand());
}
