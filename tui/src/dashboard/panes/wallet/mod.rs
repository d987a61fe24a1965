//! The wallet pane: address, SOL and test USDC, cluster and node health.

use fulltime_client::amount::{format_sol, format_usdc};
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};

use crate::dashboard::chain::Link;
use crate::dashboard::component::Context;
use crate::dashboard::remote::Remote;
use crate::dashboard::theme::{self, spinner};
use fulltime_desk::input::format_time;

/// ` Wallet ` or ` Wallet bob ` when it is a wallet of the book (W switches).
fn title(context: &Context) -> String {
    match context.acting {
        Some(name) if context.wallets.len() > 1 => format!(" Wallet {name} "),
        _ => " Wallet ".to_owned(),
    }
}

fn field(label: &'static str, value: Span<'static>) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{label:<8}"), theme::header()),
        value,
    ])
}

pub fn draw(context: &Context, frame: &mut Frame, area: Rect) {
    let session = context.session;
    // The whole address when it fits, else its ends, as signatures are shortened.
    let room = usize::from(area.width.saturating_sub(10));
    let address = match &session.wallet {
        Ok(address) if address.len() > room && address.len() > 10 => Span::raw(format!(
            "{}..{}",
            address.get(..4).unwrap_or_default(),
            address.get(address.len() - 4..).unwrap_or_default()
        )),
        Ok(address) => Span::raw(address.clone()),
        Err(why) => Span::styled(format!("none: {why}"), theme::bad()),
    };
    let balances = context.loaded().and_then(|chain| chain.balances);
    let (sol, usdc) = match (balances, context.chain) {
        (Some(balances), _) => (
            Span::raw(format_sol(balances.lamports)),
            match balances.usdc {
                Some(usdc) => Span::raw(format_usdc(usdc)),
                None => Span::styled("none yet (f asks the faucet)", theme::dim()),
            },
        ),
        (None, Remote::Loading | Remote::Idle) => {
            let waiting = || Span::styled(spinner(context.tick), theme::dim());
            (waiting(), waiting())
        }
        (None, _) => (Span::raw("-"), Span::raw("-")),
    };
    let cluster = match &session.rpc_url {
        Ok(url) if *url != session.cluster && session.cluster.len() + url.len() < room => {
            format!("{} {url}", session.cluster)
        }
        _ => session.cluster.clone(),
    };
    let node = node_health(context, room);
    let clock = context
        .loaded()
        .map_or_else(|| Span::raw("-"), |chain| Span::raw(format_time(chain.now)));
    let lines = vec![
        field("Address", address),
        field("SOL", sol),
        field("USDC", usdc),
        field("Cluster", Span::raw(cluster)),
        field("Node", node),
        field("Clock", clock),
    ];
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title(context))),
        area,
    );
}

/// How readings arrive (`live` by push, `polling`, `reconnecting in 2s`) and what went wrong; the
/// last read's time too when it fits in `room` columns.
fn node_health(context: &Context, room: usize) -> Span<'static> {
    let with_time = |how: &str, round_trip_ms: u64| {
        let timed = format!("{how}, read in {round_trip_ms} ms");
        if timed.len() <= room {
            timed
        } else {
            how.to_owned()
        }
    };
    match (context.chain, context.node_down, context.link) {
        (_, down, Link::Reconnecting { in_secs }) => Span::styled(
            format!("reconnecting in {in_secs}s"),
            if down.is_some() {
                theme::bad()
            } else {
                theme::dim()
            },
        ),
        (_, Some(failure), _) if failure.unreachable => Span::styled("unreachable", theme::bad()),
        (_, Some(_), _) | (Remote::Failed(_), _, _) => Span::styled("read failed", theme::bad()),
        (Remote::Loaded(chain), None, Link::Live) => {
            Span::styled(with_time("live", chain.round_trip_ms), theme::good())
        }
        (Remote::Loaded(chain), None, Link::Polling) => {
            Span::raw(with_time("polling", chain.round_trip_ms))
        }
        _ => Span::styled("connecting", theme::dim()),
    }
}

#[cfg(test)]
mod tests;
