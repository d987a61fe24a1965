//! The timeline pane's status line, on its bottom border: its last request running, gone
//! through, stopped at an unexpected result or failed, or why a key did nothing. A step's end
//! is said here rather than in a popup, so that the next Space runs the next step.

use fulltime_client::terminal_text::escaped;
use ratatui::text::{Line, Span};

use super::Desk;

use crate::dashboard::activity::{Activity, ActivityState};
use crate::dashboard::component::Context;
use crate::dashboard::effect::Request;
use crate::dashboard::theme::{self, spinner};
use crate::dashboard::timeline_news::TimelineOrder;

/// How the pane's last request went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Running: the activity panel's newest line says what, and at which stage.
    Running,
    /// Gone through: the runner's words.
    Went(String),
    /// Gone through, but the step run last stopped at an unexpected result or an expectation
    /// that did not hold (the pane lists it in red).
    Stopped(String),
    /// Failed: the failure popup says it in full, this in a line.
    Failed(String),
}

impl Outcome {
    /// The end of the timeline's `request`, from its line in the activity panel; `desk` is the
    /// pane's after the runner's news of it.
    pub fn of(request: &Request, ended: &Activity, desk: Option<&Desk>) -> Self {
        match &ended.state {
            ActivityState::Running(_) => Self::Running,
            ActivityState::Failed(failure) => {
                Self::Failed(format!("{} failed: {}", ended.what, failure.headline()))
            }
            ActivityState::Done(done) if ran_steps(request) && stopped(desk) => {
                Self::Stopped(done.summary.clone())
            }
            ActivityState::Done(done) => Self::Went(done.summary.clone()),
        }
    }
}

fn ran_steps(request: &Request) -> bool {
    matches!(
        request,
        Request::Timeline(TimelineOrder::Next | TimelineOrder::RunTo(_))
    )
}

/// Whether the step run last has an unexpected result.
fn stopped(desk: Option<&Desk>) -> bool {
    desk.and_then(|desk| desk.steps.get(desk.current()?))
        .is_some_and(|step| step.failure.is_some())
}

/// The status line on a border `width` columns wide: a notice first (it answers the key just
/// pressed), else the last request. Words that do not fit end in `…`, so that a cut line shows it
/// is cut (the pane's rows and the activity panel say the rest).
pub fn line(outcome: Option<&Outcome>, context: &Context, width: u16) -> Option<Line<'static>> {
    if let Some(notice) = context.notice {
        return Some(Line::styled(fitted(notice, width), theme::bad()));
    }
    let (words, style) = match outcome? {
        Outcome::Running => {
            let activity = context.activity.first()?;
            let ActivityState::Running(stage) = activity.state else {
                return None;
            };
            let words = format!(
                "{} {}: {}...",
                spinner(context.tick),
                activity.what,
                stage.label()
            );
            (words, theme::key())
        }
        Outcome::Went(words) => (format!("✓ {words}"), theme::good()),
        Outcome::Stopped(words) | Outcome::Failed(words) => (format!("✗ {words}"), theme::bad()),
    };
    Some(Line::from(Span::styled(fitted(&words, width), style)))
}

/// ` words ` escaped, within a border `width` columns wide (its two corners left free), cut with
/// `…` where it does not fit.
fn fitted(words: &str, width: u16) -> String {
    let words = escaped(words);
    // The corners, and a space either side of the words.
    let room = usize::from(width).saturating_sub(4);
    if words.chars().count() <= room {
        return format!(" {words} ");
    }
    let kept: String = words.chars().take(room.saturating_sub(1)).collect();
    format!(" {kept}… ")
}

#[cfg(test)]
mod tests {
    use super::fitted;

    #[test]
    fn words_that_fit_are_whole_and_longer_ones_end_in_an_ellipsis() {
        assert_eq!(fitted("✓ Step 1 ran", 80), " ✓ Step 1 ran ");
        let long = "✗ Step 4: w3 claims from m0: expected success, happened NotResolved (settlement \
                    program error 6002)";
        let shown = fitted(long, 80);
        assert_eq!(shown.chars().count(), 78, "{shown}");
        assert!(shown.ends_with("… "), "{shown}");
        assert!(long.starts_with(shown.trim_start().trim_end_matches("… ")));
        assert_eq!(fitted("anything", 3), " … ");
    }
}
