//! The timeline picker (`T` before a timeline is set up): the shipped timelines of
//! `fixtures/timelines/`, those saved in `<state-dir>/timelines/` (a fuzz's shrunk ones), and the
//! timeline a bundle left in `<state-dir>/bundle/timeline.toml`, named so. Enter sets the picked one up on the node (the runner refuses, with the runner's
//! words, a node whose clock is past its first step).

use std::path::{Path, PathBuf};

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::frame::show_picker;
use super::list_picker::ListPicker;
use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::effect::Request;
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use crate::dashboard::theme;
use crate::dashboard::timeline_news::TimelineOrder;

/// What a bundle leaves of its timeline in the state directory, and how the picker names it.
const BUNDLE_TIMELINE: &str = "bundle/timeline.toml";
const BUNDLE_NAME: &str = "the bundle's timeline";
/// Timelines saved in the state directory: a fuzz's shrunk ones.
const SAVED_TIMELINES: &str = "timelines";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimelineChoice {
    pub name: String,
    pub file: PathBuf,
    /// Where it is, when not among the shipped ones: the bundle's or the saved file's path.
    pub place: String,
}

#[derive(Clone, Debug)]
pub struct TimelinePicker {
    choices: Vec<TimelineChoice>,
    picker: ListPicker,
}

/// The timelines there are: the bundle's first when there is one, then those saved in
/// `<state-dir>/timelines/` (where `fulltime timeline fuzz` writes the one it shrank), then
/// `shipped`'s, each folder's `.toml` files by name.
pub fn choices(shipped: &Path, state_dir: &Path) -> Vec<TimelineChoice> {
    let bundle = state_dir.join(BUNDLE_TIMELINE);
    let name = |file: &Path| {
        file.file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_default()
    };
    let saved = toml_files(&state_dir.join(SAVED_TIMELINES))
        .into_iter()
        .map(|file| TimelineChoice {
            name: name(&file),
            place: file.display().to_string(),
            file,
        });
    let shipped = toml_files(shipped).into_iter().map(|file| TimelineChoice {
        name: name(&file),
        place: String::new(),
        file,
    });
    bundle
        .is_file()
        .then(|| TimelineChoice {
            name: BUNDLE_NAME.to_owned(),
            place: bundle.display().to_string(),
            file: bundle,
        })
        .into_iter()
        .chain(saved)
        .chain(shipped)
        .collect()
}

/// The `.toml` files of `dir`, sorted; none when it cannot be read.
fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension()
                .is_some_and(|extension| extension == "toml")
        })
        .collect();
    files.sort();
    files
}

/// Opens the picker, or says why not: timelines step back by `localnet`'s checkpoints.
pub fn open(context: &Context) -> Ask {
    if !context.session.on_localnet() {
        return Ask::Notice("Timelines play on localnet's chain (--url localnet)".to_owned());
    }
    let choices = choices(
        &fulltime_matches::timeline::timelines_dir(),
        &context.session.state_dir,
    );
    if choices.is_empty() {
        return Ask::Notice("No timeline in fixtures/timelines/".to_owned());
    }
    Ask::open(TimelinePicker {
        choices,
        picker: ListPicker::default(),
    })
}

impl Popup for TimelinePicker {
    fn mode(&self) -> Mode {
        Mode::Picker
    }

    fn update(&mut self, _context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Command(Command::Submit) => {
                let Some(choice) = self.choices.get(self.picker.selected) else {
                    return vec![Ask::Close];
                };
                vec![
                    Ask::Close,
                    Ask::Send {
                        what: format!("Timeline {}: set up", choice.name),
                        request: Request::Timeline(TimelineOrder::Open {
                            file: choice.file.clone(),
                            name: choice.name.clone(),
                        }),
                    },
                ]
            }
            Message::Command(command) => {
                self.picker.move_with(command, self.choices.len());
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn draw(&self, _context: &Context, frame: &mut Frame, area: Rect) {
        let width = self
            .choices
            .iter()
            .map(|choice| choice.name.chars().count())
            .max()
            .unwrap_or(0);
        let items = self
            .choices
            .iter()
            .enumerate()
            .map(|(index, choice)| {
                // The choice is marked in its text too, as the warp popup marks its own, not by
                // reverse video alone.
                let mark = if index == self.picker.selected {
                    "▸ "
                } else {
                    "  "
                };
                Line::from(vec![
                    Span::raw(mark),
                    Span::styled(format!("{:<width$}  ", choice.name), theme::header()),
                    Span::styled(choice.place.clone(), theme::dim()),
                ])
            })
            .collect();
        show_picker(
            frame,
            area,
            " Timelines ",
            "shipped, saved and a bundle's timelines: Enter sets one up on this node",
            items,
            self.picker.selected,
        );
    }
}

#[cfg(test)]
mod tests;
