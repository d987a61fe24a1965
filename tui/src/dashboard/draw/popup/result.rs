//! A request's progress and result (signature and explorer link), and the failure popup with
//! the error's name, code, program, meaning and action.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::show_fitted;
use crate::dashboard::action::{Done, Stage};
use crate::dashboard::app::{ActivityState, App};
use crate::dashboard::draw::{spinner, theme};
use crate::dashboard::failure::FailureView;

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

pub fn progress(app: &App, frame: &mut Frame, area: Rect) {
    let Some(activity) = app.activity.first() else {
        return;
    };
    let lines = match &activity.state {
        ActivityState::Running(stage) => {
            let mut lines = vec![Line::raw(format!(
                "{} {}...",
                spinner(app.tick),
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

pub fn failure(failure: &FailureView, frame: &mut Frame, area: Rect) {
    let title = if failure.nothing_sent {
        format!(" {} refused: nothing was sent ", failure.doing)
    } else {
        format!(" {} failed ", failure.doing)
    };
    let mut lines = vec![
        Line::styled(failure.headline(), theme::bad()),
        Line::raw(failure.report.message.clone()),
        Line::from(vec![
            Span::styled("Action: ", theme::header()),
            Span::raw(failure.report.action.clone()),
        ]),
    ];
    if failure.nothing_sent {
        lines.push(Line::styled(
            "The client refused it before sending: no transaction left this machine.",
            theme::dim(),
        ));
    }
    lines.extend(
        failure
            .report
            .notes
            .iter()
            .map(|note| Line::styled(note.clone(), theme::dim())),
    );
    show_fitted(frame, area, title, lines);
}
