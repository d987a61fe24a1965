//! The bottom bar: the keys that work in the current mode, from the key table.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::theme;
use crate::dashboard::app::App;
use crate::dashboard::keys::{Mode, bindings};

pub fn draw(app: &App, frame: &mut Frame, area: Rect) {
    let mut spans = Vec::new();
    for binding in bindings(Mode::of(app)).filter(|binding| binding.in_bar) {
        spans.push(Span::styled(binding.label, theme::key()));
        spans.push(Span::raw(format!(" {}  ", binding.hint)));
    }
    frame.render_widget(Line::from(spans), area);
}
