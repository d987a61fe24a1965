//! The selected market in full: question, state, terms with the stat's name, predicate in
//! words, close time, odds, vault, the YES/NO split as a gauge, and the wallet's position with
//! what it pays.

use fulltime_client::amount::format_usdc;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::odds::{Odds, SideOdds};
use fulltime_client::rpc::{DepositHistory, Pools};
use fulltime_client::settlement::state::Market;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Gauge, Paragraph, Sparkline, Wrap};

use super::theme;
use crate::dashboard::app::App;
use crate::dashboard::chain::Chain;
use crate::dashboard::history::PoolHistory;
use crate::dashboard::position::{position_value, yes_percent};
use crate::dashboard::remote::Remote;
use crate::input::{format_span, format_time};
use crate::output::labels::status_label;
use crate::output::position::position_summary;
use crate::output::terms::{describe_period, describe_question};

pub fn draw(app: &App, frame: &mut Frame, area: Rect) {
    let (Some(market), Some(chain)) = (app.selected_market(), app.chain.loaded()) else {
        let block = Block::bordered().title(" Market ");
        frame.render_widget(
            Paragraph::new("No market selected")
                .style(theme::dim())
                .block(block),
            area,
        );
        return;
    };
    let block = Block::bordered().title(format!(" Market {} ", market.id));
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let history_rows = if app.history.is_some() { 3 } else { 0 };
    let [text_area, history_area, gauge_area, position_area] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(history_rows),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(inner);
    if let Some(history) = &app.history {
        pool_history(frame, history_area, history);
    }
    frame.render_widget(
        Paragraph::new(lines(market, chain)).wrap(Wrap { trim: false }),
        text_area,
    );
    split_gauge(frame, gauge_area, market);
    frame.render_widget(position_line(market, chain), position_area);
}

fn field(label: &'static str, value: String) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{label:<8}"), theme::header()),
        Span::raw(value),
    ])
}

fn lines(market: &Market, chain: &Chain) -> Vec<Line<'static>> {
    let now = chain.now;
    let status = MarketStatus::of(market, now);
    let close = match status {
        MarketStatus::Open => format!(
            "{} (in {})",
            format_time(market.close_time),
            format_span(market.close_time.saturating_sub(now))
        ),
        _ => format!("{} (closed)", format_time(market.close_time)),
    };
    let terms = format!(
        "fixture {}, {}",
        market.fixture_id,
        describe_period(market.period)
    );
    vec![
        Line::styled(market.question.clone(), theme::header()),
        field("State", status_label(status, now)),
        field("Terms", terms),
        field("YES if", describe_question(market)),
        field("Closes", close),
        field(
            "Dispute",
            format!(
                "{} window after settlement",
                format_span(market.dispute_window)
            ),
        ),
        field("Odds", odds_line(market)),
        field("Vault", market.vault.to_string()),
    ]
}

/// `YES 72.7% pays 1.37, NO 27.3% pays 3.66` per USDC staked, at the pools as they stand.
fn odds_line(market: &Market) -> String {
    let odds = Odds::of(market.total_yes, market.total_no);
    let side = |name: &str, odds: &SideOdds| match odds.payout_per_usdc {
        Some(_) => format!(
            "{name} {} pays {}",
            odds.percent_text(),
            odds.decimal_text()
        ),
        None => format!("{name} -"),
    };
    format!(
        "{}, {} per USDC",
        side("YES", &odds.yes),
        side("NO", &odds.no)
    )
}

/// Each side's pool over the market's newest deposits, newest on the right, on one scale; a
/// transaction that could not be read is a `×` in both.
fn pool_history(frame: &mut Frame, area: Rect, history: &PoolHistory) {
    let [title, yes, no] = Layout::vertical([Constraint::Length(1); 3]).areas(area);
    let history = match &history.reading {
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
            Layout::horizontal([Constraint::Length(LABEL_WIDTH), Constraint::Fill(1)]).areas(row);
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

/// YES share of the pool as a bar, in whole percent (integer math on the pools).
fn split_gauge(frame: &mut Frame, area: Rect, market: &Market) {
    let label = format!(
        "YES {} | NO {}",
        format_usdc(market.total_yes),
        format_usdc(market.total_no)
    );
    match yes_percent(market) {
        Some(percent) => frame.render_widget(
            Gauge::default()
                .percent(percent)
                .label(format!("{percent}% {label}"))
                .gauge_style(theme::yes())
                .use_unicode(true),
            area,
        ),
        None => frame.render_widget(
            Line::styled(format!("Empty pool: {label}"), theme::dim()),
            area,
        ),
    }
}

fn position_line(market: &Market, chain: &Chain) -> Line<'static> {
    match chain.position(market.id) {
        Some(position) => Line::from(vec![
            Span::styled("You     ", theme::header()),
            Span::raw(format!(
                "{}: {}",
                position_summary(position),
                position_value(market, position, MarketStatus::of(market, chain.now))
            )),
        ]),
        None => Line::styled("You     no position (d deposits)", theme::dim()),
    }
}
