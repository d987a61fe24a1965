//! Recording at the desk (`R`): every hand action made while recording (deposit, settle, claim,
//! refund, claim all, faucet, warp, `+`, `n`/`N`; done or refused) becomes a step of a timeline
//! file that `fulltime timeline run` replays. The recorder (`fulltime_desk::timeline::record`) lives with
//! the effect runner (`desk.rs`), which feeds it each request as its result arrives; the app
//! keeps only what the header shows (`● REC 3 steps`). `R` again opens the save popup
//! (`save.rs`).

mod desk;
mod save;

use fulltime_files::wallet_book::WalletName;
use ratatui::text::Span;
use solana_keypair::Address as Pubkey;

pub use desk::RecorderSlot;
pub use save::SavePopup;

use super::app::App;
use super::component::{Ask, still_running};
use super::effect::Effect;
use super::message::Message;
use super::recording_news::{Recording, RecordingNews};
use super::theme;
use super::wallets::WalletChoice;

/// The name a wallet that is not the book's (the one the dashboard started as) has in a
/// recording: the desk, as timelines call the node's funded wallet.
const DESK: &str = "desk";

/// `R`: start recording, or open the save popup of the recording under way.
pub fn key(app: &mut App) -> Ask {
    match app.recording {
        None if app.busy() => Ask::Notice(still_running()),
        None => {
            app.recording = Some(Recording::Starting);
            Ask::Run(Effect::StartRecording {
                book: book(&app.wallets),
                branch: None,
            })
        }
        Some(Recording::Starting) => Ask::Notice("The recording is still starting".to_owned()),
        Some(Recording::On { .. }) => {
            let now = app.chain.loaded().map_or(0, |chain| chain.now);
            Ask::open(SavePopup::new(&app.session.state_dir, now))
        }
    }
}

/// Keeps the runner's news; a save's end is also for the save popup, when it is open.
pub fn answer(app: &mut App, news: RecordingNews) -> Option<Message> {
    match &news {
        RecordingNews::Started(Ok(())) => {
            app.recording = Some(Recording::On { steps: 0 });
            app.notice = Some("Recording; R again saves".to_owned());
        }
        RecordingNews::Started(Err(why)) => {
            app.recording = None;
            app.notice = Some(format!("Cannot record: {why}"));
        }
        RecordingNews::Recorded(Ok(steps)) => {
            app.recording = Some(Recording::On { steps: *steps });
        }
        RecordingNews::Recorded(Err(why)) => app.notice = Some(format!("Not recorded: {why}")),
        RecordingNews::Saved(saved) => {
            if saved.is_ok() {
                app.recording = None;
            }
            if app.shows::<SavePopup>() {
                return Some(Message::Recording(news));
            }
            app.notice = Some(match saved {
                Ok(path) => format!("Recording saved to {}", path.display()),
                Err(why) => format!("Recording not saved: {why}"),
            });
        }
    }
    None
}

/// `● REC 3 steps`, for the header.
pub fn badge(recording: Recording) -> Span<'static> {
    let text = match recording {
        Recording::Starting => " ● REC starting ".to_owned(),
        Recording::On { steps: 1 } => " ● REC 1 step ".to_owned(),
        Recording::On { steps } => format!(" ● REC {steps} steps "),
    };
    Span::styled(text, theme::banner())
}

/// The wallets a recording knows by name: the book's, and the one the dashboard started as
/// under the first free of `desk`, `desk-2`, ...
fn book(wallets: &[WalletChoice]) -> Vec<(WalletName, Pubkey)> {
    wallets
        .iter()
        .filter_map(|wallet| {
            let address = wallet.address.parse().ok()?;
            let name = match wallet.name.parse() {
                Ok(name) => name,
                Err(_) => desk_name(wallets)?,
            };
            Some((name, address))
        })
        .collect()
}

fn desk_name(wallets: &[WalletChoice]) -> Option<WalletName> {
    (1..)
        .map(|number| match number {
            1 => DESK.to_owned(),
            _ => format!("{DESK}-{number}"),
        })
        .find(|name| wallets.iter().all(|wallet| wallet.name != *name))
        .and_then(|name| name.parse().ok())
}

#[cfg(test)]
mod tests;
