//! The save popup (`R` while recording): a file name, by default `recording-<clock>.toml` in
//! `<state-dir>/recordings/`, then where the file went and the command that replays it. Esc
//! closes it and the recording goes on.

use std::path::{Path, PathBuf};

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::effect::Effect;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use crate::dashboard::popups::frame::show_fitted;
use crate::dashboard::recording_news::RecordingNews;
use crate::dashboard::requests::snapshot_stamp;
use crate::dashboard::theme;

#[derive(Clone, Debug)]
pub struct SavePopup {
    /// Where a bare name goes.
    folder: PathBuf,
    /// As typed: a name in `folder`, or a path.
    name: String,
    state: SaveState,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum SaveState {
    Naming,
    Saving(PathBuf),
    Saved(PathBuf),
    /// Not written, and why; the name can be changed and tried again.
    Failed(String),
}

impl SavePopup {
    /// Named after the cluster clock `now`, as a snapshot is.
    pub fn new(state_dir: &Path, now: i64) -> Self {
        Self {
            folder: state_dir.join("recordings"),
            name: format!("recording-{}.toml", snapshot_stamp(now)),
            state: SaveState::Naming,
        }
    }

    fn path(&self) -> PathBuf {
        self.folder.join(self.name.trim())
    }

    fn submit(&mut self) -> Vec<Ask> {
        if self.name.trim().is_empty() {
            self.state = SaveState::Failed("Type a file name".to_owned());
            return Vec::new();
        }
        let path = self.path();
        self.state = SaveState::Saving(path.clone());
        vec![Ask::Run(Effect::SaveRecording(path))]
    }
}

impl Popup for SavePopup {
    fn mode(&self) -> Mode {
        match self.state {
            SaveState::Naming | SaveState::Failed(_) => Mode::Save,
            SaveState::Saving(_) | SaveState::Saved(_) => Mode::Popup,
        }
    }

    fn update(&mut self, _context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Type(c) if !c.is_control() => self.name.push(c),
            Message::Command(Command::Erase) => {
                self.name.pop();
            }
            Message::Command(Command::Submit) => return self.submit(),
            Message::Recording(RecordingNews::Saved(saved)) => {
                self.state = match saved {
                    Ok(path) => SaveState::Saved(path),
                    Err(why) => SaveState::Failed(why),
                };
            }
            _ => {}
        }
        Vec::new()
    }

    fn draw(&self, _context: &Context, frame: &mut Frame, area: Rect) {
        let lines = match &self.state {
            SaveState::Naming | SaveState::Failed(_) => {
                let mut lines = vec![
                    Line::from(vec![
                        Span::styled("File    ", theme::header()),
                        Span::raw(format!("{}▏", self.name)),
                    ]),
                    Line::styled(format!("in {}", self.folder.display()), theme::dim()),
                    Line::raw("Enter writes it and ends the recording; Esc goes on recording."),
                ];
                if let SaveState::Failed(why) = &self.state {
                    lines.push(Line::styled(format!("Not saved: {why}"), theme::bad()));
                }
                lines
            }
            SaveState::Saving(path) => vec![Line::raw(format!("Writing {}", path.display()))],
            SaveState::Saved(path) => vec![
                Line::styled(format!("Saved to {}", path.display()), theme::good()),
                Line::raw("Replay it with:"),
                Line::styled(
                    format!("fulltime timeline run {}", path.display()),
                    theme::header(),
                ),
            ],
        };
        show_fitted(frame, area, " Save the recording ".to_owned(), lines);
    }
}
