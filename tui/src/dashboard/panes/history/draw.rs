//! The pool history's lines in the detail pane: each side's pool as a sparkline over the
//! market's newest deposits, and how much of its history they are.

use fulltime_client::amount::format_usdc;
use fulltime_client::rpc::{DepositHistory, Pools};
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::Line;
use ratatui::widgets::Sparkline;

use super::PoolHistory;
use crate::dashboard::remote::Remote;
use crate::dashboard::theme;

/// Each side's pool over the market's newest deposits, newest on the right, on one scale; a
/// transaction that could not be read is a `×` in both.
impl PoolHistory {
    pub fn draw(&self, frame: &mut Frame, area: Rect) {
        let [title, yes, no] = Layout::vertical([Constraint::Length(1); 3]).areas(area);
        let history = match &self.reading {
            Remote::Idle | Remote::Loading => {
                frame.render_widget(
                    Line::styled("Pool history: reading...", theme::dim()),
                    title,
                );
                return;
            }
            Remote::Failed(reason) => {
                frame.render_widget(
                    Line::styled(format!("Pool history: {reason}"), theme::bad()),
                    title,
                );
                return;
            }
            Remote::Loaded(history) => history,
        };
        frame.render_widget(
            Line::styled(history_title(history, title.width), theme::header()),
            title,
        );
        let points = &history.points;
        let width = usize::from(area.width.saturating_sub(LABEL_WIDTH));
        let shown = &points[points.len().saturating_sub(width)..];
        let top = shown
            .iter()
            .filter_map(|point| point.pools)
            .map(|pools| pools.yes.max(pools.no))
            .max()
            .unwrap_or(0)
            .max(1);
        let last = points.iter().rev().find_map(|point| point.pools);
        let yes_pool: fn(Pools) -> u64 = |pools| pools.yes;
        let no_pool: fn(Pools) -> u64 = |pools| pools.no;
        for (row, name, pool, style) in [
            (yes, "YES", yes_pool, theme::yes()),
            (no, "NO", no_pool, theme::no()),
        ] {
            let side: Vec<Option<u64>> = shown.iter().map(|point| point.pools.map(pool)).collect();
            let [label, line] =
                Layout::horizontal([Constraint::Length(LABEL_WIDTH), Constraint::Fill(1)])
                    .areas(row);
            frame.render_widget(
                Line::styled(
                    format!("{name:<4}{:>9}", usdc_short(last.map_or(0, pool))),
                    style,
                ),
                label,
            );
            frame.render_widget(
                Sparkline::default()
                    .data(&side)
                    .max(top)
                    .style(style)
                    .absent_value_symbol(UNREAD)
                    .absent_value_style(theme::bad()),
                line,
            );
        }
    }
}

/// `Pool history: 1000 deposits, read 1000 of 5001 tx, 2 unread (×) (p hides)`: how much of
/// the market's history the points are; the heading and the key's reminder only where they fit
/// `width`, as the counts matter more.
fn history_title(history: &DepositHistory, width: u16) -> String {
    let deposits = history
        .points
        .iter()
        .filter(|point| point.pools.is_some())
        .count();
    let plural = if deposits == 1 { "" } else { "s" };
    let unread = match history.unread {
        0 => String::new(),
        unread => format!(", {unread} unread ({UNREAD})"),
    };
    let counts = format!(
        "{deposits} deposit{plural}, read {} of {} tx{unread}",
        history.read, history.count
    );
    [
        format!("Pool history: {counts} (p hides)"),
        format!("Pool history: {counts}"),
    ]
    .into_iter()
    .find(|title| title.chars().count() <= usize::from(width))
    .unwrap_or(counts)
}

/// Where a transaction could not be read.
const UNREAD: &str = "×";

/// Room for `YES  1234.5 ` before a sparkline.
const LABEL_WIDTH: u16 = 14;

/// `2.5` for a pool, the unit being in the detail's other lines.
fn usdc_short(amount: u64) -> String {
    format_usdc(amount).trim_end_matches(" USDC").to_owned()
}
