//! The activity panel: the wallet's requests from this session, newest first, each running
//! with its stage, done with its short signature and summary, or failed with its error.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::dashboard::activity::ActivityState;
use crate::dashboard::component::Context;
use crate::dashboard::theme::{self, spinner};

pub fn draw(context: &Context, frame: &mut Frame, area: Rect) {
    let lines: Vec<Line> = if context.activity.is_empty() {
        vec![Line::styled("Nothing sent yet", theme::dim())]
    } else {
        context
            .activity
            .iter()
            .map(|activity| match &activity.state {
                ActivityState::Running(stage) => Line::from(vec![
                    Span::raw(format!("{} ", spinner(context.tick))),
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
