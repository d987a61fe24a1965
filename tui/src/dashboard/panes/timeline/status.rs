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

/// The status line: a notice first (it answers the key just pressed), else the last request.
pub fn line(outcome: Option<&Outcome>, context: &Context) -> Option<Line<'static>> {
    if let Some(notice) = context.notice {
        return Some(Line::styled(format!(" {} ", escaped(notice)), theme::bad()));
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
    Some(Line::from(Span::styled(
        format!(" {} ", escaped(&words)),
        style,
    )))
}
