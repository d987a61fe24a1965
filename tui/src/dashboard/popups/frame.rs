//! How popups are framed: a box in the middle of the screen, as tall as its text wrapped at
//! words or as a picker's page.

use ratatui::Frame;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Wrap};

use crate::dashboard::theme;

/// A box of at most `width` x `height` in the middle of `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [cell] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    cell
}

/// Width of the popups that size themselves to their text.
const POPUP_WIDTH: u16 = 76;

/// Shows `lines` in a box as tall as they are once wrapped at words (a long message's last line
/// is not cut off), in the middle of `area`.
pub fn show_fitted(frame: &mut Frame, area: Rect, title: String, lines: Vec<Line<'static>>) {
    let width = POPUP_WIDTH.min(area.width);
    let rows = wrapped(lines.clone()).line_count(width.saturating_sub(2).max(1));
    let height = u16::try_from(rows + 2).unwrap_or(u16::MAX);
    show(frame, centered(area, width, height), title, lines);
}

/// `lines` wrapped at words, as every popup wraps them.
fn wrapped(lines: Vec<Line<'static>>) -> Paragraph<'static> {
    Paragraph::new(lines).wrap(Wrap { trim: false })
}

/// A picker: `heading`, then `items` with the selected one highlighted, a page of them at a time
/// so that the selection stays in view, in a box as tall as that.
pub fn show_picker(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    heading: &str,
    items: Vec<Line<'static>>,
    selected: usize,
) {
    // Two rows of border and one of heading.
    let room = usize::from(area.height.saturating_sub(3)).max(1);
    let first = selected / room * room;
    let mut lines = vec![Line::styled(heading.to_owned(), theme::dim())];
    lines.extend(
        items
            .into_iter()
            .enumerate()
            .skip(first)
            .take(room)
            .map(|(index, line)| {
                if index == selected {
                    line.style(theme::selected())
                } else {
                    line
                }
            }),
    );
    let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    show(
        frame,
        centered(area, POPUP_WIDTH, height),
        title.to_owned(),
        lines,
    );
}

pub fn show(frame: &mut Frame, area: Rect, title: String, lines: Vec<Line<'static>>) {
    frame.render_widget(Clear, area);
    frame.render_widget(wrapped(lines).block(Block::bordered().title(title)), area);
}
