//! The bottom bar: the keys that work in the current mode, from the keys in force.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::theme;
use crate::dashboard::app::App;
use crate::dashboard::keys::Mode;

pub fn draw(app: &App, frame: &mut Frame, area: Rect) {
    let mut spans = Vec::new();
    for bound in app.keys.bindings(Mode::of(app)) {
        if bound.binding.in_bar {
            spans.push(Span::styled(bound.label.as_str(), theme::key()));
            spans.push(Span::raw(format!(" {}  ", bound.binding.hint)));
        }
    }
    frame.render_widget(Line::from(spans), area);
}
