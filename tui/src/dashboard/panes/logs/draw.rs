//! The log view: the node's or the faucet's log file from the state directory, the last lines
//! (following the end) or where it was scrolled to, transaction lines in bold and errors in the
//! error style. Long lines are cut, ←/→ moves sideways.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

use super::Logs;
use super::file::{LogFile, LogStatus};
use crate::dashboard::component::Context;
use crate::dashboard::log_source::LogSource;
use crate::dashboard::theme::{self, spinner};

/// The log view over `area`, its spinner turning with the context's tick.
pub fn draw(pane: &Logs, context: &Context, frame: &mut Frame, area: Rect) {
    let file = pane.shown_file();
    let mut title = vec![Span::raw(" Logs ")];
    for source in LogSource::ALL {
        title.push(if source == pane.shown {
            Span::styled(format!("[{}]", source.label()), theme::selected())
        } else {
            Span::raw(format!(" {} ", source.label()))
        });
    }
    title.push(Span::styled(format!(" {} ", file.path), theme::dim()));
    let mut block = Block::bordered().title(Line::from(title));
    // Whether it follows, at the bottom: a long path in the top title cannot hide it.
    if file.status == LogStatus::Present {
        let (mode, style) = if file.following() {
            (" following ", theme::good())
        } else {
            (" scrolled: End follows ", theme::key())
        };
        block = block.title_bottom(Line::styled(mode, style));
    }
    let height = usize::from(area.height.saturating_sub(2));
    let text = match &file.status {
        LogStatus::Waiting => vec![Line::raw(format!(
            "{} Looking for {}",
            spinner(context.tick),
            file.path
        ))],
        LogStatus::Missing => vec![Line::raw(format!(
            "No log at {} — `just dev` writes the node's and the faucet's logs there",
            file.path
        ))],
        LogStatus::Unreadable(why) => vec![Line::styled(
            format!("Cannot read {}: {why}", file.path),
            theme::bad(),
        )],
        LogStatus::Present if file.lines.is_empty() => vec![Line::styled(
            "Nothing written yet; new lines show here as they come.",
            theme::dim(),
        )],
        LogStatus::Present => {
            let top = file.top_index(height);
            let shown = file.lines.len().min(top + height) - top;
            block = block.title_bottom(
                Line::styled(
                    format!(" {}-{} of {} ", top + 1, top + shown, file.lines.len()),
                    theme::dim(),
                )
                .right_aligned(),
            );
            frame.render_widget(
                Paragraph::new(lines(file, top, height))
                    .scroll((0, file.shift))
                    .block(block),
                area,
            );
            return;
        }
    };
    frame.render_widget(
        Paragraph::new(text).wrap(Wrap { trim: false }).block(block),
        area,
    );
}

/// The `height` lines from `top`, styled.
fn lines(file: &LogFile, top: usize, height: usize) -> Vec<Line<'_>> {
    file.lines
        .range(top..file.lines.len().min(top + height))
        .map(|line| Line::styled(line.as_str(), style(line)))
        .collect()
}

/// Transactions (`14:03:07.123 5VER..kQUW ok`) in bold, failures in the error style.
fn style(line: &str) -> Style {
    let mut style = Style::new();
    if is_transaction(line) {
        style = style.patch(theme::header());
    }
    if mentions_failure(line) {
        style = style.patch(theme::bad());
    }
    style
}

/// A line that starts at the margin and names a short signature (`5VER..kQUW`): the first line of
/// a transaction's block in `localnet --log-transactions`; its program logs are indented.
fn is_transaction(line: &str) -> bool {
    let short_signature = |word: &str| {
        let bytes = word.as_bytes();
        bytes.len() == 10
            && &bytes[4..6] == b".."
            && bytes[..4]
                .iter()
                .chain(&bytes[6..])
                .all(u8::is_ascii_alphanumeric)
    };
    !line.starts_with(char::is_whitespace) && line.split_whitespace().any(short_signature)
}

fn mentions_failure(line: &str) -> bool {
    ["error", "failed"].iter().any(|word| {
        line.as_bytes()
            .windows(word.len())
            .any(|window| window.eq_ignore_ascii_case(word.as_bytes()))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn transactions_are_bold_and_failures_in_the_error_style() {
        let bold = theme::header();
        let failure = theme::bad();
        assert_eq!(
            style("14:03:07.123 5VER..kQUW ok"),
            Style::new().patch(bold)
        );
        assert_eq!(
            style("14:03:08.000 5VER..kQUW failed: custom program error: 0x1787"),
            Style::new().patch(bold).patch(failure)
        );
        assert_eq!(style("    Program log: Instruction: Deposit"), Style::new());
        assert_eq!(
            style("    Program Fu11 failed: custom program error: 0x1"),
            Style::new().patch(failure)
        );
        assert_eq!(
            style("2026-11-20T01:09:40.913005Z ERROR fulltime_faucet::error: mint failed"),
            Style::new().patch(failure)
        );
        // Indented, or no short signature: not a transaction's first line.
        assert_eq!(style("    see 5VER..kQUW"), Style::new());
        assert_eq!(
            style("ready in 2315 ms: rpc http://127.0.0.1:8899"),
            Style::new()
        );
    }
}
