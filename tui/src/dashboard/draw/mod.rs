//! `draw(app, frame)`: the whole screen from the state alone, with no I/O, so it is tested on
//! ratatui's `TestBackend`.

mod activity;
mod bar;
mod detail;
mod help;
mod list;
mod logs;
mod popup;
mod theme;
mod wallet;

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};

use super::app::App;

/// The wallet and activity column at the bottom right.
const SIDE_WIDTH: u16 = 40;

pub fn draw(app: &App, frame: &mut Frame) {
    let area = frame.area();
    if app.logs.open {
        // Laid out as `logs::CHROME_ROWS` counts: the title line, the box, the hint bar.
        let [header, logs_area, bar_area] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(1),
        ])
        .areas(area);
        header_line(app, frame, header);
        logs::draw(app, frame, logs_area);
        bar::draw(app, frame, bar_area);
        popup::draw(app, frame, area);
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
    header_line(app, frame, header);
    list::draw(app, frame, list_area);
    let side = SIDE_WIDTH.min(lower_area.width * 2 / 5);
    let [detail_area, side_area] =
        Layout::horizontal([Constraint::Min(20), Constraint::Length(side)]).areas(lower_area);
    detail::draw(app, frame, detail_area);
    let [wallet_area, activity_area] =
        Layout::vertical([Constraint::Length(8), Constraint::Min(2)]).areas(side_area);
    wallet::draw(app, frame, wallet_area);
    activity::draw(app, frame, activity_area);
    bar::draw(app, frame, bar_area);
    popup::draw(app, frame, area);
}

/// The title, and while the node is unreachable a banner in its place.
fn header_line(app: &App, frame: &mut Frame, area: Rect) {
    let line = match &app.node_down {
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
        None => Line::from_iter(
            [
                Span::styled(" Fulltime ", theme::title()),
                Span::raw(format!(" {}", app.session.cluster)),
            ]
            .into_iter()
            .chain(
                app.session
                    .chain
                    .as_ref()
                    .map(|chain| Span::raw(format!(" · {chain}"))),
            ),
        ),
    };
    frame.render_widget(line, area);
}

/// A spinner frame for in-flight work; it moves with `Action::Tick`.
fn spinner(tick: u64) -> &'static str {
    const FRAMES: [&str; 4] = ["|", "/", "-", "\\"];
    FRAMES[usize::try_from(tick % 4).unwrap_or(0)]
}
