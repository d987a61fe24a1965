//! Recording by keys: `R` starts it from the wallets the dashboard knows, the header counts the
//! steps the runner reports, and `R` again names the file, saves it and says how to replay it.

use std::path::PathBuf;

use crossterm::event::KeyCode;
use insta::assert_snapshot;
use solana_keypair::Address as Pubkey;

use super::{Recording, RecordingNews, SavePopup};
use crate::dashboard::effect::Effect;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::Message;
use crate::dashboard::test_support::{loaded, press, render, typed};
use crate::dashboard::update::update;
use crate::dashboard::wallets::WalletChoice;

fn choice(name: &str, address: Pubkey) -> WalletChoice {
    WalletChoice {
        name: name.into(),
        address: address.to_string(),
        path: PathBuf::new(),
    }
}

fn news(app: &mut crate::dashboard::App, news: RecordingNews) -> Vec<Effect> {
    update(app, Message::Recording(news))
}

#[test]
fn r_starts_recording_the_header_counts_the_steps_and_r_again_saves() {
    let mut app = loaded();
    let (desk, alice) = (Pubkey::new_unique(), Pubkey::new_unique());
    app.wallets = vec![choice("--keypair wallet", desk), choice("alice", alice)];
    assert!(!render(&app, 80, 24).contains("REC"));

    let effects = press(&mut app, &[KeyCode::Char('R')]);
    let [Effect::StartRecording { book, branch: None }] = effects.as_slice() else {
        panic!("expected the recording to start, got {effects:?}");
    };
    // The starting wallet is no name of the book: the recording calls it the desk.
    let named: Vec<(String, Pubkey)> = book
        .iter()
        .map(|(name, address)| (name.to_string(), *address))
        .collect();
    assert_eq!(named, [("desk".into(), desk), ("alice".into(), alice)]);
    assert_eq!(app.recording, Some(Recording::Starting));
    // A second R while the recorder reads the chain starts nothing.
    assert!(press(&mut app, &[KeyCode::Char('R')]).is_empty());

    news(&mut app, RecordingNews::Started(Ok(())));
    assert!(render(&app, 80, 24).contains("● REC 0 steps"));
    news(&mut app, RecordingNews::Recorded(Ok(2)));
    assert_snapshot!("recording_80x24", render(&app, 80, 24));
    assert_snapshot!("recording_120x40", render(&app, 120, 40));
    news(
        &mut app,
        RecordingNews::Recorded(Err("the action failed with `NodeDown`".into())),
    );
    assert!(render(&app, 120, 40).contains("Not recorded: the action failed with `NodeDown`"));
    assert!(render(&app, 120, 40).contains("● REC 2 steps"));

    // R again: the file's name, after the cluster clock, in the state directory's recordings.
    press(&mut app, &[KeyCode::Char('R')]);
    assert!(app.shows::<SavePopup>());
    assert_eq!(Mode::of(&app), Mode::Save);
    assert_snapshot!("save_naming", render(&app, 80, 24));
    // Esc goes on recording.
    press(&mut app, &[KeyCode::Esc]);
    assert!(app.popup.is_none());
    assert_eq!(app.recording, Some(Recording::On { steps: 2 }));

    press(&mut app, &[KeyCode::Char('R')]);
    press(&mut app, &[KeyCode::Backspace; 5]);
    typed(&mut app, "-bug.toml");
    let effects = press(&mut app, &[KeyCode::Enter]);
    let [Effect::SaveRecording(path)] = effects.as_slice() else {
        panic!("expected a save, got {effects:?}");
    };
    assert!(
        path.starts_with(".localnet/recordings"),
        "{}",
        path.display()
    );
    let name = path.file_name().and_then(|name| name.to_str());
    assert!(
        name.is_some_and(|name| name.starts_with("recording-") && name.ends_with("-bug.toml")),
        "{}",
        path.display()
    );
    news(
        &mut app,
        RecordingNews::Saved(Err("write x: denied".into())),
    );
    assert!(render(&app, 80, 24).contains("Not saved: write x: denied"));
    assert_eq!(app.recording, Some(Recording::On { steps: 2 }));

    let saved = PathBuf::from(".localnet/recordings/bug.toml");
    news(&mut app, RecordingNews::Saved(Ok(saved)));
    assert_eq!(app.recording, None);
    let screen = render(&app, 80, 24);
    assert!(
        screen.contains("fulltime timeline run .localnet/recordings/bug.toml"),
        "{screen}"
    );
    assert!(!screen.contains("● REC"));
    assert_snapshot!("saved", screen);
}

#[test]
fn a_recording_that_cannot_start_says_why_and_r_tries_again() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('R')]);
    news(&mut app, RecordingNews::Started(Err("node down".into())));
    assert_eq!(app.recording, None);
    assert!(render(&app, 80, 24).contains("Cannot record: node down"));
    let effects = press(&mut app, &[KeyCode::Char('R')]);
    assert!(matches!(
        effects.as_slice(),
        [Effect::StartRecording { .. }]
    ));
}
