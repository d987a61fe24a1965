//! The timeline pane drawn: a box titled with the timeline, a header line (the step, the
//! invariants, the branch), then each step with its time, marked `✓` when it ran, `✗` when it
//! stopped at an unexpected result, `›` for the current one, and under a step that ran its
//! expectations, held or NOT HELD (red, with the step's name); on the bottom border, the
//! status line.

use fulltime_client::terminal_text::escaped;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::{Desk, StepView, TimelinePane, status};
use crate::dashboard::component::Context;
use crate::dashboard::theme;
use crate::dashboard::timeline_news::InvariantsState;
use fulltime_desk::input::format_time;
use fulltime_desk::output::timeline::StepRun;

/// The timeline pane over `area`: its header, the steps and what each did.
pub fn draw(pane: &TimelinePane, context: &Context, frame: &mut Frame, area: Rect) {
    let Some(desk) = &pane.desk else {
        return;
    };
    let mut block = Block::bordered().title(format!(" Timeline {} ", text(&desk.name)));
    if let Some(status) = status::line(pane.outcome.as_ref(), context, area.width) {
        block = block.title_bottom(status);
    }
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let mut lines = vec![Line::from(header_spans(desk, Words::Full))];
    if let Some(branch) = desk.branch {
        lines.push(Line::styled(
            format!(
                "BRANCH from step {}: {} done by hand; b steps back and drops it",
                text(desk.step_name(branch.from)),
                match branch.actions {
                    1 => "1 request".to_owned(),
                    many => format!("{many} requests"),
                }
            ),
            theme::key(),
        ));
    }
    let fixed = lines.len();
    let (rows, selected_row) = step_rows(desk);
    // The selected step stays in view, halfway down once the rows scroll.
    let room = usize::from(inner.height).saturating_sub(fixed).max(1);
    let first = selected_row
        .saturating_sub(room / 2)
        .min(rows.len().saturating_sub(room));
    lines.extend(rows.into_iter().skip(first).take(room));
    frame.render_widget(Paragraph::new(lines), inner);
}

/// How much the header says of the invariants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Words {
    /// With the first broken invariant, or why they were not read: the pane's header.
    Full,
    /// Whether they hold, no more: the title line when narrow (the pane says the rest).
    Short,
}

/// `step 3/6 settle · invariants held`, as the pane's header and the dashboard's title say it.
pub fn header_spans(desk: &Desk, words: Words) -> Vec<Span<'static>> {
    let step = match desk.current() {
        Some(index) => format!(
            "step {}/{} {}",
            index + 1,
            desk.steps.len(),
            text(desk.step_name(Some(index)))
        ),
        None => format!("no step run of {}", desk.steps.len()),
    };
    let invariants = match (&desk.invariants, words) {
        (InvariantsState::Unread, _) => Span::styled("invariants not read yet", theme::dim()),
        (InvariantsState::Held, _) => Span::styled("invariants held", theme::good()),
        (InvariantsState::Broken(first), Words::Full) => {
            Span::styled(format!("INVARIANT BROKEN: {}", text(first)), theme::bad())
        }
        (InvariantsState::Broken(_), Words::Short) => {
            Span::styled("INVARIANT BROKEN", theme::bad())
        }
        (InvariantsState::NotRead(why), Words::Full) => {
            Span::styled(format!("invariants {}", text(why)), theme::dim())
        }
        (InvariantsState::NotRead(_), Words::Short) => {
            Span::styled("invariants not read", theme::dim())
        }
    };
    let mut spans = vec![Span::raw(format!("{step} · ")), invariants];
    if let Some(branch) = desk.branch {
        spans.push(Span::styled(
            format!(" · branch from {}", text(desk.step_name(branch.from))),
            theme::key(),
        ));
    }
    spans
}

/// A step name longer than this is cut, with an ellipsis: the time after it matters more.
const MAX_NAME_WIDTH: usize = 36;

/// `name`, cut to [`MAX_NAME_WIDTH`] characters.
fn cut(name: &str) -> String {
    if name.chars().count() <= MAX_NAME_WIDTH {
        return name.to_owned();
    }
    let kept: String = name.chars().take(MAX_NAME_WIDTH - 1).collect();
    format!("{kept}…")
}

/// Every step's line and its expectations' lines; the row of the selected step.
fn step_rows(desk: &Desk) -> (Vec<Line<'static>>, usize) {
    let mut rows = Vec::new();
    let mut selected_row = 0;
    // The names' column is as wide as the longest name, within bounds, so that the times line up.
    let name_width = desk
        .steps
        .iter()
        .map(|step| step.heading.name.chars().count())
        .max()
        .unwrap_or(0)
        .clamp(12, MAX_NAME_WIDTH);
    for (index, step) in desk.steps.iter().enumerate() {
        if index == desk.selected {
            selected_row = rows.len();
        }
        rows.push(step_line(desk, index, step, name_width));
        if let Some(run) = &step.run {
            rows.extend(outcome_lines(step, run));
        }
    }
    (rows, selected_row)
}

/// The step's line: its mark, number, name and time, `next` when it runs next.
fn step_line(desk: &Desk, index: usize, step: &StepView, name_width: usize) -> Line<'static> {
    let (mark, style) = match (&step.run, &step.failure) {
        (Some(_), Some(_)) => ("✗", theme::bad()),
        (Some(_), None) => ("✓", theme::good()),
        // Played before the chain came here, in the bundle it was opened from.
        (None, _) if index < desk.played_before => ("✓", theme::dim()),
        (None, _) => ("·", theme::dim()),
    };
    let current = if desk.current() == Some(index) {
        "›"
    } else {
        " "
    };
    let at = step.run.as_ref().map_or(step.heading.at, |run| run.at);
    let mut line = Line::from(vec![
        Span::styled(format!("{current}{mark} "), style),
        Span::raw(format!("{:>2} ", index + 1)),
        Span::styled(
            format!("{:<name_width$} ", text(&cut(&step.heading.name))),
            theme::header(),
        ),
        Span::styled(format_time(at), theme::dim()),
    ]);
    if index == desk.next {
        line.push_span(Span::styled("  next", theme::key()));
    }
    if index == desk.selected {
        line = line.style(theme::selected());
    }
    line
}

/// Under a step that ran: each expectation, held or NOT HELD, then the unexpected result of an
/// action, if one stopped it.
fn outcome_lines(step: &StepView, run: &StepRun) -> Vec<Line<'static>> {
    let mut rows = Vec::new();
    for expectation in &run.expectations {
        rows.push(if expectation.held {
            Line::from(vec![
                Span::styled("      held      ", theme::good()),
                Span::raw(text(&format!(
                    "{} {}",
                    expectation.what, expectation.expected
                ))),
            ])
        } else {
            Line::styled(
                text(&format!(
                    "      NOT HELD  in step {}: {} {}, found {}",
                    step.heading.name, expectation.what, expectation.expected, expectation.found
                )),
                theme::bad(),
            )
        });
    }
    if let Some(failure) = step
        .failure
        .as_ref()
        .filter(|failure| failure.action.is_some())
    {
        rows.push(Line::styled(
            text(&format!(
                "      UNEXPECTED in step {}: {}: expected {}, happened {}",
                step.heading.name,
                failure.action.as_deref().unwrap_or_default(),
                failure.expected,
                failure.happened
            )),
            theme::bad(),
        ));
    }
    rows
}

/// A timeline's words (a bundle's file may come from anyone) with no character that steers the
/// terminal.
pub(super) fn text(words: &str) -> String {
    escaped(words).into_owned()
}

#[cfg(test)]
mod tests {
    use super::{MAX_NAME_WIDTH, cut};

    #[test]
    fn a_long_step_name_is_cut_to_the_column_with_an_ellipsis() {
        assert_eq!(cut("stakes"), "stakes");
        let long = "settle what closed after the result, and then some more";
        let shown = cut(long);
        assert_eq!(shown.chars().count(), MAX_NAME_WIDTH);
        assert!(shown.ends_with('…'), "{shown}");
        assert!(long.starts_with(shown.trim_end_matches('…')));
    }
}
