//! The market list: id, question, state (with a provisional settlement's time left), time to
//! close, pools, odds and the wallet's side and stake; flat, or under a heading per fixture. Only
//! the rows on screen are built, so a list of thousands of markets draws as fast as a short one.

use fulltime_client::amount::format_usdc;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::odds::Odds;
use fulltime_client::settlement::state::Market;
use ratatui::Frame;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Cell, Paragraph, Row, Table};

use super::MarketList;
use super::order::{Grouping, ListRow, OddsDisplay};
use crate::dashboard::chain::Chain;
use crate::dashboard::component::Context;
use crate::dashboard::remote::Remote;
use crate::dashboard::theme::{self, spinner};
use fulltime_desk::input::format_span_short;
use fulltime_desk::output::catalog::fixture_name;
use fulltime_desk::output::labels::status_label;

/// Below this width the odds and time-to-close columns give way to the question.
const WIDE: u16 = 110;

pub fn draw(pane: &MarketList, context: &Context, frame: &mut Frame, area: Rect) {
    let listed = pane.listed();
    let block = Block::bordered().title(title(pane, context.notice, listed.len()));
    let chain = match context.chain {
        Remote::Loaded(chain) => chain,
        Remote::Idle | Remote::Loading => {
            let text = format!("{} Reading the markets...", spinner(context.tick));
            frame.render_widget(Paragraph::new(text).block(block), area);
            return;
        }
        Remote::Failed(error) => {
            draw_failed(error, block, frame, area);
            return;
        }
    };
    if listed.is_empty() {
        let text = pane.nothing_listed(chain);
        frame.render_widget(Paragraph::new(text).block(block), area);
        return;
    }
    let inner_height = usize::from(area.height.saturating_sub(3)).max(1);
    let selected = pane.selected.and_then(|id| pane.row_of(id)).unwrap_or(0);
    // Whole pages: the list only jumps when the selection leaves the page.
    let first = selected / inner_height * inner_height;
    let wide = area.width >= WIDE;
    let page = pane.page(chain, first, inner_height);
    let state_width = state_width(&page, pane.grouping, wide);
    let table_rows = page.into_iter().map(|(index, row)| match row {
        PageRow::Fixture(fixture_id, markets) => fixture_heading(fixture_id, markets, state_width),
        PageRow::Market(market, status, label) => {
            let row = market_row(market, status, label, chain, wide, pane.odds);
            if index == selected {
                row.style(theme::selected())
            } else {
                row
            }
        }
    });
    let table = Table::new(table_rows, widths(wide, id_width(listed), state_width))
        .header(header(wide, pane.odds).style(theme::header()))
        .block(block)
        .column_spacing(1);
    frame.render_widget(table, area);
}

impl MarketList {
    /// Why no market is listed: none on the chain, none of the wallet's, or none the filter
    /// matches.
    fn nothing_listed(&self, chain: &Chain) -> &'static str {
        if chain.markets.is_empty() {
            "No markets yet. Create one with `fulltime create-market`."
        } else if self.mine_only {
            "The wallet has no position here. Press m to list all markets."
        } else {
            "No market matches the filter. Esc clears it."
        }
    }

    /// The `height` rows from the `first`, by their index in the list. Only the rows on screen
    /// are looked up and formatted, each state once.
    fn page<'a>(&self, chain: &'a Chain, first: usize, height: usize) -> Vec<(usize, PageRow<'a>)> {
        (first..first.saturating_add(height))
            .map_while(|index| Some((index, self.row(index)?)))
            .filter_map(|(index, row)| match row {
                ListRow::Fixture {
                    fixture_id,
                    markets,
                } => Some((index, PageRow::Fixture(fixture_id, markets))),
                ListRow::Market(id) => {
                    let market = chain.market(id)?;
                    let status = MarketStatus::of(market, chain.now);
                    let label = status_label(status, chain.now);
                    Some((index, PageRow::Market(market, status, label)))
                }
            })
            .collect()
    }
}

/// The cluster could not be read: why, and that it is tried again.
fn draw_failed(error: &str, block: Block<'_>, frame: &mut Frame, area: Rect) {
    let text = vec![
        Line::styled("Cannot read the cluster", theme::bad()),
        Line::raw(error.to_owned()),
        Line::styled("Retrying every second.", theme::dim()),
    ];
    frame.render_widget(
        Paragraph::new(text)
            .block(block)
            .wrap(ratatui::widgets::Wrap { trim: true }),
        area,
    );
}

/// Digits of the largest id, counted without formatting every id on every frame.
fn id_width(listed: &[u64]) -> usize {
    let largest = listed.iter().copied().max().unwrap_or(0);
    usize::try_from(largest.checked_ilog10().unwrap_or(0) + 1)
        .unwrap_or(20)
        .max(2)
}

/// The state column is as wide as the longest state on the page, within bounds.
fn state_width(page: &[(usize, PageRow<'_>)], grouping: Grouping, wide: bool) -> usize {
    page.iter()
        .filter_map(|(_, row)| match row {
            PageRow::Market(_, _, label) => Some(label.len()),
            PageRow::Fixture(..) => None,
        })
        .max()
        .unwrap_or(0)
        // Room for "provisional YES, final in 42s" even at 80 columns: the time left matters
        // more than the question, which the detail pane shows whole.
        .clamp(
            // A fixture's heading says `12 markets` over the states.
            match grouping {
                Grouping::Flat => 6,
                Grouping::ByFixture => 10,
            },
            if wide { 34 } else { 30 },
        )
}

/// A line of the page, looked up.
enum PageRow<'a> {
    Fixture(i64, usize),
    Market(&'a Market, MarketStatus, String),
}

/// `Arsenal v Chelsea` over the questions, `3 markets  fixture 18502311` over the states; where
/// the state column is too narrow for both, the fixture id goes after the name
/// (`Arsenal v Chelsea · fixture 18502311`), so that a heading is never cut to `3 markets  fi`.
fn fixture_heading(fixture_id: i64, markets: usize, state_width: usize) -> Row<'static> {
    let plural = if markets == 1 { "" } else { "s" };
    let count = format!("{markets} market{plural}");
    let fixture = format!("fixture {fixture_id}");
    let mut name = vec![Span::styled(fixture_name(fixture_id), theme::header())];
    let over_states = if count.len() + 2 + fixture.len() <= state_width {
        format!("{count}  {fixture}")
    } else {
        name.push(Span::styled(format!(" · {fixture}"), theme::dim()));
        count
    };
    Row::new(vec![
        Cell::from(""),
        Cell::from(Line::from(name)),
        Cell::from(Span::styled(over_states, theme::dim())),
    ])
}

fn title(list: &MarketList, notice: Option<&str>, count: usize) -> Line<'static> {
    let which = if list.mine_only { "mine" } else { "all" };
    let grouped = match list.grouping {
        Grouping::Flat => "",
        Grouping::ByFixture => " by fixture,",
    };
    let mut spans = vec![Span::raw(format!(
        " Markets ({which}, {count}){grouped} sorted by {} ",
        list.sort.label()
    ))];
    if list.filtering || !list.filter.is_empty() {
        let cursor = if list.filtering { "_" } else { "" };
        spans.push(Span::styled(
            format!(" /{}{cursor} ", list.filter),
            theme::key(),
        ));
    }
    if let Some(notice) = notice {
        spans.push(Span::styled(format!(" {notice} "), theme::bad()));
    }
    Line::from(spans)
}

fn widths(wide: bool, id_width: usize, state_width: usize) -> Vec<Constraint> {
    let length = |width: usize| Constraint::Length(u16::try_from(width).unwrap_or(u16::MAX));
    let mut widths = vec![length(id_width), Constraint::Fill(1), length(state_width)];
    if wide {
        widths.push(Constraint::Length(10));
    }
    widths.extend([Constraint::Length(7), Constraint::Length(7)]);
    if wide {
        widths.push(Constraint::Length(13));
    }
    widths.push(Constraint::Length(12));
    widths
}

fn header(wide: bool, odds: OddsDisplay) -> Row<'static> {
    let mut cells = vec!["ID", "QUESTION", "STATE"];
    if wide {
        cells.push("CLOSES IN");
    }
    cells.extend(["YES", "NO"]);
    if wide {
        cells.push(match odds {
            OddsDisplay::Percent => "YES/NO %",
            OddsDisplay::Decimal => "PAYS YES/NO",
        });
    }
    cells.push("MINE");
    Row::new(cells)
}

/// `2.5`: the unit is in the column header.
fn usdc(amount: u64) -> String {
    format_usdc(amount).trim_end_matches(" USDC").to_owned()
}

fn market_row<'a>(
    market: &'a Market,
    status: MarketStatus,
    label: String,
    chain: &Chain,
    wide: bool,
    odds: OddsDisplay,
) -> Row<'a> {
    let mut cells = vec![
        Cell::from(market.id.to_string()),
        Cell::from(market.question.as_str()),
        Cell::from(Span::styled(label, state_style(status))),
    ];
    if wide {
        let closes = if status == MarketStatus::Open {
            format_span_short(market.close_time.saturating_sub(chain.now))
        } else {
            "closed".to_owned()
        };
        cells.push(Cell::from(closes));
    }
    cells.extend([
        Cell::from(usdc(market.total_yes)),
        Cell::from(usdc(market.total_no)),
    ]);
    if wide {
        cells.push(Cell::from(odds_cell(market, odds)));
    }
    let mine = chain
        .position(market.id)
        .map_or_else(String::new, |position| {
            let paid = if position.claimed { " paid" } else { "" };
            format!("{} {}{paid}", position.outcome, usdc(position.amount))
        });
    cells.push(Cell::from(mine));
    Row::new(cells)
}

/// `72.7/27.3%` or `1.37/3.66`.
fn odds_cell(market: &Market, display: OddsDisplay) -> String {
    let odds = Odds::of(market.total_yes, market.total_no);
    match display {
        OddsDisplay::Percent => format!(
            "{}/{}",
            odds.yes.percent_text().trim_end_matches('%'),
            odds.no.percent_text()
        ),
        OddsDisplay::Decimal => format!("{}/{}", odds.yes.decimal_text(), odds.no.decimal_text()),
    }
}

fn state_style(status: MarketStatus) -> ratatui::style::Style {
    match status {
        MarketStatus::Open => theme::good(),
        MarketStatus::Closed | MarketStatus::Provisional { .. } => ratatui::style::Style::new(),
        MarketStatus::Resolved { .. } | MarketStatus::Expired => theme::dim(),
    }
}
