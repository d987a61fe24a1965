//! The newest request's progress (its stages passed, current and to come), then its result
//! (the summary, signature and explorer link), until Esc.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::frame::show_fitted;
use crate::dashboard::activity::ActivityState;
use crate::dashboard::component::{Context, Popup};
use crate::dashboard::keys::Mode;
use crate::dashboard::message::{Done, Stage};
use crate::dashboard::theme::{self, spinner};

#[derive(Clone, Copy, Debug)]
pub struct Progress;

impl Popup for Progress {
    fn mode(&self) -> Mode {
        Mode::Popup
    }

    fn draw(&self, context: &Context, frame: &mut Frame, area: Rect) {
        draw(context, frame, area);
    }
}

/// `✓ signing  › sending  · confirming  · confirmed`: the stages passed, the current one and
/// those to come.
fn steps(current: Stage) -> Line<'static> {
    let reached = Stage::SENDING.iter().position(|&stage| stage == current);
    let mut spans = Vec::new();
    for (index, stage) in Stage::SENDING.iter().enumerate() {
        if index > 0 {
            spans.push(Span::raw("  "));
        }
        let span = match reached {
            Some(at) if index < at => Span::styled(format!("✓ {}", stage.step()), theme::good()),
            Some(at) if index == at => Span::styled(format!("› {}", stage.step()), theme::key()),
            _ => Span::styled(format!("· {}", stage.step()), theme::dim()),
        };
        spans.push(span);
    }
    Line::from(spans)
}

fn draw(context: &Context, frame: &mut Frame, area: Rect) {
    let Some(activity) = context.activity.first() else {
        return;
    };
    let lines = match &activity.state {
        ActivityState::Running(stage) => {
            let mut lines = vec![Line::raw(format!(
                "{} {}...",
                spinner(context.tick),
                stage.label()
            ))];
            if Stage::SENDING.contains(stage) {
                lines.push(steps(*stage));
            }
            lines
        }
        ActivityState::Done(Done {
            summary,
            short_signature,
            explorer,
            ..
        }) => {
            // A warp has no transaction to confirm.
            let word = if short_signature.is_empty() {
                "Done"
            } else {
                "Confirmed"
            };
            let mut lines = vec![Line::styled(format!("{word}: {summary}"), theme::good())];
            if !short_signature.is_empty() {
                lines.push(Line::from(vec![
                    Span::styled("Signature ", theme::header()),
                    Span::raw(short_signature.clone()),
                ]));
            }
            if !explorer.is_empty() {
                lines.push(Line::raw(explorer.clone()));
            }
            lines
        }
        ActivityState::Failed(failure) => {
            vec![Line::styled(failure.headline(), theme::bad())]
        }
    };
    show_fitted(frame, area, format!(" {} ", activity.what), lines);
}
