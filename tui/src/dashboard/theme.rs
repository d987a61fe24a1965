//! The few styles the dashboard uses, and its spinner. Selection and emphasis also use bold and
//! reverse video, which stay visible when NO_COLOR strips the colours.

use ratatui::style::{Color, Modifier, Style};

pub fn title() -> Style {
    Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
}

pub fn banner() -> Style {
    Style::new()
        .fg(Color::White)
        .bg(Color::Red)
        .add_modifier(Modifier::BOLD)
}

pub fn selected() -> Style {
    Style::new().add_modifier(Modifier::REVERSED)
}

pub fn header() -> Style {
    Style::new().add_modifier(Modifier::BOLD)
}

pub fn dim() -> Style {
    Style::new().fg(Color::DarkGray)
}

pub fn good() -> Style {
    Style::new().fg(Color::Green)
}

pub fn bad() -> Style {
    Style::new().fg(Color::Red)
}

pub fn key() -> Style {
    Style::new().fg(Color::Cyan).add_modifier(Modifier::BOLD)
}

pub fn yes() -> Style {
    Style::new().fg(Color::Green)
}

pub fn no() -> Style {
    Style::new().fg(Color::Magenta)
}

/// A spinner frame for in-flight work; it moves with `Message::Tick`.
pub fn spinner(tick: u64) -> &'static str {
    const FRAMES: [&str; 4] = ["|", "/", "-", "\\"];
    FRAMES[usize::try_from(tick % 4).unwrap_or(0)]
}
