//! The selected market in full: question, state, terms with the stat's name, predicate in
//! words, close time, odds, vault, the YES/NO split as a gauge, and the wallet's position with
//! what it pays.

use fulltime_client::amount::format_usdc;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::odds::{Odds, SideOdds};
use fulltime_client::settlement::state::Market;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Gauge, Paragraph, Wrap};

use super::history::{self, PoolHistory};
use crate::dashboard::chain::Chain;
use crate::dashboard::component::Context;
use crate::dashboard::position::{position_value, yes_percent};
use crate::dashboard::theme;
use fulltime_desk::input::{format_span, format_time};
use fulltime_desk::output::labels::status_label;
use fulltime_desk::output::position::position_summary;
use fulltime_desk::output::terms::{describe_period, describe_question};

/// The selected market, with `history` when it is shown.
pub fn draw(context: &Context, history: Option<&PoolHistory>, frame: &mut Frame, area: Rect) {
    let (Some(market), Some(chain)) = (context.selected_market(), context.loaded()) else {
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
    let history_rows = if history.is_some() { history::ROWS } else { 0 };
    let [text_area, history_area, gauge_area, position_area] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(history_rows),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(inner);
    if let Some(history) = history {
        history.draw(frame, history_area);
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

#[cfg(test)]
mod tests;
