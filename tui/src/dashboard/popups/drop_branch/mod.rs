//! Asked before stepping back drops a branch (`b` in the timeline pane after something was done
//! by hand): what the branch holds and from which step; Enter steps back, Esc keeps it.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::frame::show_fitted;
use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Command, Message};
use crate::dashboard::panes::timeline::{Desk, step_back};
use crate::dashboard::theme;

#[derive(Clone, Debug)]
pub struct DropBranch {
    desk: Box<Desk>,
}

/// The confirmation when `desk` has a branch; `None` when there is none to drop.
pub fn open(desk: &Desk) -> Option<Ask> {
    desk.branch?;
    Some(Ask::open(DropBranch {
        desk: Box::new(desk.clone()),
    }))
}

impl Popup for DropBranch {
    fn mode(&self) -> Mode {
        Mode::Confirm
    }

    fn update(&mut self, _context: &Context, message: Message) -> Vec<Ask> {
        match message {
            Message::Command(Command::Submit) => vec![Ask::Close, step_back(&self.desk)],
            _ => Vec::new(),
        }
    }

    fn draw(&self, _context: &Context, frame: &mut Frame, area: Rect) {
        let Some(branch) = self.desk.branch else {
            return;
        };
        let actions = match branch.actions {
            1 => "1 request".to_owned(),
            many => format!("{many} requests"),
        };
        let lines = vec![
            Line::raw(format!(
                "The chain holds a branch from step {}: {actions} done by hand.",
                self.desk.step_name(branch.from)
            )),
            Line::raw(format!(
                "Stepping back to before step {} drops it.",
                self.desk.step_name(self.desk.current())
            )),
            Line::raw(""),
            Line::styled("Enter: step back / Esc: keep the branch", theme::key()),
        ];
        show_fitted(frame, area, " Drop the branch? ".to_owned(), lines);
    }
}
