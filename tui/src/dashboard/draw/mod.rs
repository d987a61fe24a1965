//! `draw(app, frame)`: the whole screen from the state alone, with no I/O, so it is tested on
//! ratatui's `TestBackend`. It lays the screen out (the header, the panes, the hint bar) and has
//! each component draw itself in its place, the popup over all.

mod bar;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};

use super::app::App;
use super::component::{Context, Pane};
use super::keys::Mode;
use super::panes::timeline::{Words, header_spans};
use super::panes::{activity, detail, wallet};
use super::recording;
use super::theme;

/// The wallet and activity column at the bottom right.
const SIDE_WIDTH: u16 = 40;

pub fn draw(app: &App, frame: &mut Frame) {
    let area = frame.area();
    let context = app.context();
    let mode = Mode::of(app);
    if app.logs.open {
        // Laid out as the log view's `CHROME_ROWS` counts: the title line, the box, the hint bar.
        let [header, logs_area, bar_area] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1),
        ])
        .areas(area);
        header_line(app, &context, frame, header);
        app.logs.draw(&context, frame, logs_area);
        bar::draw(&app.keys, mode, frame, bar_area);
        popup(app, &context, frame, area);
        return;
    }
    // Half for the list, half for the market and the wallet; the market needs 12 rows.
    let lower = (area.height.saturating_sub(2) / 2).max(12);
    let [header, list_area, lower_area, bar_area] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(3),
        Constraint::Length(lower),
        Constraint::Length(1),
    ])
    .areas(area);
    header_line(app, &context, frame, header);
    app.shown_pane().draw(&context, frame, list_area);
    let side = SIDE_WIDTH.min(lower_area.width * 2 / 5);
    let [detail_area, side_area] =
        Layout::horizontal([Constraint::Min(20), Constraint::Length(side)]).areas(lower_area);
    detail::draw(&context, app.history.as_ref(), frame, detail_area);
    let [wallet_area, activity_area] =
        Layout::vertical([Constraint::Length(8), Constraint::Min(2)]).areas(side_area);
    wallet::draw(&context, frame, wallet_area);
    activity::draw(&context, frame, activity_area);
    bar::draw(&app.keys, mode, frame, bar_area);
    popup(app, &context, frame, area);
}

fn popup(app: &App, context: &Context, frame: &mut Frame, area: Rect) {
    if let Some(popup) = &app.popup {
        popup.draw(context, frame, area);
    }
}

/// The title (with the timeline set up, where it is), and while the node is unreachable a
/// banner in its place; at the right, whether it records.
fn header_line(app: &App, context: &Context, frame: &mut Frame, area: Rect) {
    // The recording's badge keeps the right end, whatever the title's length.
    let badge = context.recording.map(recording::badge);
    let width = badge.as_ref().map_or(0, |badge| badge.width());
    let [title_area, badge_area] = Layout::horizontal([
        Constraint::Min(0),
        Constraint::Length(u16::try_from(width).unwrap_or(u16::MAX)),
    ])
    .areas(area);
    let line = match context.node_down {
        Some(failure) => Line::from(vec![
            Span::styled(
                if failure.unreachable {
                    " NODE UNREACHABLE "
                } else {
                    " CANNOT READ THE CHAIN "
                },
                theme::banner(),
            ),
            Span::raw(format!(
                " showing the last reading; retrying. {}",
                failure.reason
            )),
        ]),
        None => title(app, context, usize::from(title_area.width)),
    };
    frame.render_widget(line, title_area);
    if let Some(badge) = badge {
        frame.render_widget(badge, badge_area);
    }
}

/// What the title leaves out, in turn, until it fits `width`: the chain's description, why the
/// invariants do not hold (the pane says it), the cluster (a timeline plays on localnet only,
/// and the wallet panel names it), then the word `timeline:`. Drawn cut if even that is wider.
fn title(app: &App, context: &Context, width: usize) -> Line<'static> {
    let mut line = title_of(app, context, 0);
    for left_out in 1..=TITLE_CUTS {
        if line.width() <= width {
            break;
        }
        line = title_of(app, context, left_out);
    }
    line
}

/// How many parts [`title`] may leave out.
const TITLE_CUTS: usize = 4;

/// ` Fulltime  localnet · new chain, made ... · timeline: step 3/6 settle · invariants held`,
/// less the first `left_out` of the parts [`title`] names.
fn title_of(app: &App, context: &Context, left_out: usize) -> Line<'static> {
    let session = &context.session;
    let desk = app.timeline.desk.as_ref();
    let mut spans = vec![Span::styled(" Fulltime ", theme::title())];
    if left_out < 3 || desk.is_none() {
        spans.push(Span::raw(format!(" {}", session.cluster)));
    }
    if let Some(chain) = session.chain.as_ref().filter(|_| left_out < 1) {
        spans.push(Span::raw(format!(" · {chain}")));
    }
    if let Some(desk) = desk {
        spans.push(Span::raw(if left_out < 4 {
            " · timeline: "
        } else {
            " · "
        }));
        let words = if left_out < 2 {
            Words::Full
        } else {
            Words::Short
        };
        spans.extend(header_spans(desk, words));
    }
    Line::from(spans)
}

#[cfg(test)]
mod tests;
