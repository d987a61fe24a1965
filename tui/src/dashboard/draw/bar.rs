//! The bottom bar: the keys that work in the current mode, from the keys in force.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use crate::dashboard::keys::{Keymap, Mode};
use crate::dashboard::theme;

pub fn draw(keys: &Keymap, mode: Mode, frame: &mut Frame, area: Rect) {
    let mut spans = Vec::new();
    for bound in keys.bindings(mode) {
        if bound.binding.in_bar {
            spans.push(Span::styled(bound.label.as_str(), theme::key()));
            spans.push(Span::raw(format!(" {}  ", bound.binding.hint)));
        }
    }
    frame.render_widget(Line::from(spans), area);
}
