//! The `?` overlay: every key of every mode, from the keys in force (the key handling's own),
//! scrolled with the moving keys where the terminal is too short for it.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph};

use super::frame::centered;
use crate::dashboard::component::{Ask, Context, Popup, movement};
use crate::dashboard::keys::{Binding, Keymap, Mode};
use crate::dashboard::message::{Command, Message};
use crate::dashboard::theme;

#[derive(Clone, Copy, Debug, Default)]
pub struct Help {
    /// Lines scrolled past.
    scroll: u16,
}

/// How far the help scrolls at most; it draws no further than its last line anyway.
const MAX_SCROLL: i64 = 200;

impl Popup for Help {
    fn mode(&self) -> Mode {
        Mode::Popup
    }

    fn update(&mut self, _context: &Context, message: Message) -> Vec<Ask> {
        let Message::Command(command) = message else {
            return Vec::new();
        };
        if let Some(delta) = movement(command) {
            let scrolled = i64::from(self.scroll)
                .saturating_add(delta)
                .clamp(0, MAX_SCROLL);
            self.scroll = u16::try_from(scrolled).unwrap_or(0);
        }
        Vec::new()
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        draw(context.keys, self.scroll, frame, centered(area, 110, 36));
    }
}

/// Forms with keys of their own, after the keys every form and popup shares.
const FORMS: [(Mode, &str); 5] = [
    (Mode::Deposit, "Deposit form"),
    (Mode::Warp, "Warp the clock"),
    (Mode::Create, "New market"),
    (Mode::Inspect, "Transaction inspector"),
    (Mode::Timeline, "Timeline pane (T shows it)"),
];

/// The list's keys that work on localnet only (surfpool's cheat codes).
const LOCALNET: [Command; 3] = [Command::Warp, Command::Snapshot, Command::Bundle];

/// `scroll`: lines scrolled past, where the area is shorter than the keys (at 80x24).
fn draw(keymap: &Keymap, scroll: u16, frame: &mut Frame, area: Rect) {
    let inner = Block::bordered().inner(area);
    // The list's keys on the left, the forms' on the right.
    let [left, right] =
        Layout::horizontal([Constraint::Percentage(55), Constraint::Percentage(45)]).areas(inner);
    let mut list = vec![Line::styled("Market list", theme::header())];
    // The log view's key is told with the view's own keys, on the right, and localnet's own
    // keys under their heading there.
    list.extend(keys(keymap, |binding| {
        binding.modes.contains(&Mode::List)
            && binding.command != Command::Logs
            && !LOCALNET.contains(&binding.command)
    }));
    let list_rows = list.len();
    let mut forms = vec![Line::styled("Forms, pickers and popups", theme::header())];
    forms.extend(keys(keymap, |binding| {
        !binding.modes.contains(&Mode::List) && binding.modes.len() > 1
    }));
    for (mode, title) in FORMS {
        forms.push(Line::styled(title, theme::header()));
        forms.extend(keys(keymap, |binding| binding.modes == [mode]));
    }
    forms.push(Line::styled("Localnet only", theme::header()));
    forms.extend(keys(keymap, |binding| {
        binding.modes.contains(&Mode::List) && LOCALNET.contains(&binding.command)
    }));
    forms.push(Line::styled(
        "Log view (scrolls like the list)",
        theme::header(),
    ));
    forms.extend(keys(keymap, |binding| {
        binding.command == Command::Logs || binding.modes == [Mode::Logs]
    }));
    // Both columns scroll together, no further than the longer one's end.
    let rows = u16::try_from(list_rows.max(forms.len())).unwrap_or(u16::MAX);
    let overflow = rows.saturating_sub(inner.height);
    let scroll = scroll.min(overflow);
    let title = if overflow > 0 {
        " Keys (Esc closes, ↑/↓ scroll) "
    } else {
        " Keys (Esc closes) "
    };
    frame.render_widget(Clear, area);
    frame.render_widget(Block::bordered().title(title), area);
    frame.render_widget(Paragraph::new(list).scroll((scroll, 0)), left);
    frame.render_widget(Paragraph::new(forms).scroll((scroll, 0)), right);
}

/// One line per binding that `select` picks, in table order.
fn keys(keymap: &Keymap, select: impl Fn(&Binding) -> bool) -> Vec<Line<'static>> {
    keymap
        .all()
        .iter()
        .filter(|bound| select(bound.binding))
        .map(|bound| {
            Line::from(vec![
                Span::styled(format!(" {:<7}", bound.label), theme::key()),
                Span::raw(bound.binding.help),
            ])
        })
        .collect()
}

#[cfg(test)]
mod tests;
