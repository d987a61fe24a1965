//! Recent activity: the wallet's requests from this session, newest first, with their short
//! signatures.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use super::{spinner, theme};
use crate::dashboard::app::{ActivityState, App};

pub fn draw(app: &App, frame: &mut Frame, area: Rect) {
    let lines: Vec<Line> = if app.activity.is_empty() {
        vec![Line::styled("Nothing sent yet", theme::dim())]
    } else {
        app.activity
            .iter()
            .map(|activity| match &activity.state {
                ActivityState::Running(stage) => Line::from(vec![
                    Span::raw(format!("{} ", spinner(app.tick))),
                    Span::raw(format!("{}: {}", activity.what, stage.label())),
                ]),
                ActivityState::Done(done) => Line::from(vec![
                    Span::styled("ok ", theme::good()),
                    Span::styled(format!("{} ", done.short_signature), theme::key()),
                    Span::raw(done.summary.clone()),
                ]),
                ActivityState::Failed(failure) => Line::from(vec![
                    Span::styled("failed ", theme::bad()),
                    Span::raw(format!("{}: {}", activity.what, failure.headline())),
                ]),
            })
            .collect()
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" Activity ")),
        area,
    );
}
