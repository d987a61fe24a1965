//! The timeline picker: the shipped timelines, a bundle's first, and Enter setting one up.

use crossterm::event::KeyCode;
use insta::assert_snapshot;

use super::*;
use crate::dashboard::effect::Effect;
use crate::dashboard::test_support::{loaded, press, render};

#[test]
fn the_picker_lists_the_shipped_timelines_and_enter_sets_one_up() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('T')]);
    assert!(app.shows::<TimelinePicker>());
    assert_snapshot!("timeline_picker", render(&app, 80, 24));
    let effects = press(&mut app, &[KeyCode::Down, KeyCode::Enter]);
    let [Effect::Send(Request::Timeline(TimelineOrder::Open { file, name }))] = effects.as_slice()
    else {
        panic!("{effects:?}");
    };
    assert_eq!(name, "bad-market-terms");
    assert!(file.ends_with("fixtures/timelines/bad-market-terms.toml"));
}

/// The choice is marked `▸` in its text, as the warp popup marks its own, not by reverse
/// video alone.
#[test]
fn the_choice_is_marked_with_a_triangle_that_follows_it() {
    let mut app = loaded();
    press(&mut app, &[KeyCode::Char('T')]);
    let marked = |screen: &str| {
        screen
            .lines()
            .filter(|line| line.contains('▸'))
            .map(|line| line.to_owned())
            .collect::<Vec<_>>()
    };
    let screen = render(&app, 80, 24);
    let [first] = marked(&screen).try_into().expect("one line marked");
    assert!(first.contains("▸ abandoned-match"), "{screen}");
    press(&mut app, &[KeyCode::Down]);
    let screen = render(&app, 80, 24);
    let [second] = marked(&screen).try_into().expect("one line marked");
    assert!(second.contains("▸ bad-market-terms"), "{screen}");
}

#[test]
fn a_bundle_s_timeline_comes_first_named_so() {
    let state_dir = std::env::temp_dir().join(format!("fulltime-picker-{}", std::process::id()));
    std::fs::create_dir_all(state_dir.join("bundle")).expect("a bundle directory");
    std::fs::write(state_dir.join(BUNDLE_TIMELINE), "").expect("a timeline file");
    let listed = choices(&fulltime_matches::timeline::timelines_dir(), &state_dir);
    std::fs::remove_dir_all(&state_dir).expect("removed");
    assert_eq!(listed[0].name, "the bundle's timeline");
    assert_eq!(listed[0].file, state_dir.join("bundle/timeline.toml"));
    assert!(
        listed[1..]
            .iter()
            .any(|choice| choice.name == "pro-rata-payouts")
    );
}

#[test]
fn timelines_saved_in_the_state_directory_come_before_the_shipped_ones() {
    let state_dir =
        std::env::temp_dir().join(format!("fulltime-picker-saved-{}", std::process::id()));
    std::fs::create_dir_all(state_dir.join("timelines")).expect("a timelines directory");
    std::fs::write(state_dir.join("timelines/fuzz-1-10.toml"), "").expect("a timeline file");
    let listed = choices(&fulltime_matches::timeline::timelines_dir(), &state_dir);
    std::fs::remove_dir_all(&state_dir).expect("removed");
    assert_eq!(listed[0].name, "fuzz-1-10");
    assert_eq!(listed[0].file, state_dir.join("timelines/fuzz-1-10.toml"));
    assert_eq!(listed[0].place, listed[0].file.display().to_string());
    assert!(
        listed[1..]
            .iter()
            .any(|choice| choice.name == "pro-rata-payouts" && choice.place.is_empty())
    );
}

#[test]
fn only_localnet_plays_timelines() {
    let mut app = loaded();
    app.session.cluster = "devnet".to_owned();
    press(&mut app, &[KeyCode::Char('T')]);
    assert!(app.popup.is_none());
    assert_eq!(
        app.notice.as_deref(),
        Some("Timelines play on localnet's chain (--url localnet)")
    );
}
