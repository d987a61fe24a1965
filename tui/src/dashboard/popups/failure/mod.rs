//! The failure popup: the error's name, code, program, meaning and action, the command line's
//! own words, and whether anything left the machine.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::frame::show_fitted;
use crate::dashboard::component::{Ask, Context, Popup};
use crate::dashboard::failure::FailureView;
use crate::dashboard::keys::Mode;
use crate::dashboard::theme;
use fulltime_desk::actions::Refusal;
use fulltime_desk::error::Error;

#[derive(Clone, Debug)]
pub struct FailurePopup {
    failure: FailureView,
}

impl FailurePopup {
    pub fn new(failure: FailureView) -> Self {
        Self { failure }
    }

    /// An action's refusal before sending, in the command line's words: `doing` sent nothing.
    pub fn refused(doing: &str, refusal: Refusal) -> Ask {
        Ask::open(Self::new(FailureView::new(doing, &Error::from(refusal))))
    }
}

impl Popup for FailurePopup {
    fn mode(&self) -> Mode {
        Mode::Popup
    }

    fn draw(&self, _context: &Context, frame: &mut Frame, area: Rect) {
        draw(&self.failure, frame, area);
    }
}

fn draw(failure: &FailureView, frame: &mut Frame, area: Rect) {
    let title = if failure.nothing_sent {
        format!(" {} refused: nothing was sent ", failure.doing)
    } else {
        format!(" {} failed ", failure.doing)
    };
    let mut lines = vec![
        Line::styled(failure.headline(), theme::bad()),
        Line::raw(failure.report.message.clone()),
        Line::from(vec![
            Span::styled("Action: ", theme::header()),
            Span::raw(failure.report.action.clone()),
        ]),
    ];
    if failure.nothing_sent {
        lines.push(Line::styled(
            "The client refused it before sending: no transaction left this machine.",
            theme::dim(),
        ));
    }
    lines.extend(
        failure
            .report
            .notes
            .iter()
            .map(|note| Line::styled(note.clone(), theme::dim())),
    );
    show_fitted(frame, area, title, lines);
}

#[cfg(test)]
mod tests;
