//! The activity picker (`a`): the requests sent this session, newest first, each with how it
//! went; Enter inspects the picked one.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::frame::show_picker;
use super::inspector::Inspector;
use super::list_picker::ListPicker;
use crate::dashboard::activity::ActivityState;
use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use crate::dashboard::theme;

#[derive(Clone, Copy, Debug, Default)]
pub struct ActivityPicker {
    picker: ListPicker,
}

/// Opens the picker over the requests sent this session, or says there are none.
pub fn open(context: &Context) -> Ask {
    if context.activity.is_empty() {
        return Ask::Notice("Nothing sent yet: the activity panel is empty".to_owned());
    }
    Ask::open(ActivityPicker::default())
}

impl Popup for ActivityPicker {
    fn mode(&self) -> Mode {
        Mode::Picker
    }

    fn update(&mut self, context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Command(Command::Submit) => context
                .activity
                .get(self.picker.selected)
                .map(Inspector::open)
                .unwrap_or_default(),
            Message::Command(command) => {
                self.picker.move_with(command, context.activity.len());
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        let items = context
            .activity
            .iter()
            .map(|activity| {
                let state = match &activity.state {
                    ActivityState::Running(stage) => Span::raw(format!("{}...", stage.step())),
                    ActivityState::Done(done) if done.short_signature.is_empty() => {
                        Span::styled("done", theme::good())
                    }
                    ActivityState::Done(done) => {
                        Span::styled(done.short_signature.clone(), theme::good())
                    }
                    ActivityState::Failed(failure) => {
                        Span::styled(failure.report.error.clone(), theme::bad())
                    }
                };
                Line::from(vec![state, Span::raw(format!("  {}", activity.what))])
            })
            .collect();
        show_picker(
            frame,
            area,
            " Activity ",
            "Sent this session, newest first; Enter inspects:",
            items,
            self.picker.selected,
        );
    }
}

#[cfg(test)]
mod tests;
