//! The settle picker: the fixture's records from TxLINE's API, then the proof files, each with
//! what it proves for the market.

use fulltime_client::market_status::MarketStatus;
use fulltime_client::proof_file::Expected;
use fulltime_client::settlement::SettlementError;
use fulltime_client::settlement::StatedOutcome;
use fulltime_client::settlement::batch_time::batch_time_fault;
use fulltime_client::settlement::state::Market;
use fulltime_client::side::Side;
use fulltime_client::txline::json::ScoreRecord;
use fulltime_client::txline_interface::time::FINAL_PERIOD;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::{Row, SettlePicker, fits};
use crate::dashboard::component::Context;
use crate::dashboard::popups::frame::show;
use crate::dashboard::remote::Remote;
use crate::dashboard::theme;
use fulltime_desk::output::catalog::fixture_label;
use fulltime_desk::output::labels::status_label;
use fulltime_desk::output::terms::describe_value;

pub fn draw(context: &Context, picker: &SettlePicker, frame: &mut Frame, area: Rect) {
    let Some((market, chain)) = context.market(picker.market) else {
        return;
    };
    let mut lines = heading(picker, market, chain.now);
    let rows = picker.rows();
    let room = usize::from(area.height.saturating_sub(7)).max(1);
    let name_width = context
        .proof_files
        .iter()
        .map(|proof_file| proof_file.name.len())
        .chain([20])
        .max()
        .unwrap_or(0)
        .min(44);
    let first = picker.selected / room * room;
    for (index, row) in rows.iter().enumerate().skip(first).take(room) {
        let Some((name, verdict)) = named_verdict(context, picker, market, chain.now, *row) else {
            continue;
        };
        let line = Line::from(vec![Span::raw(format!("{name:<name_width$} ")), verdict]);
        lines.push(if index == picker.selected {
            line.style(theme::selected())
        } else {
            line
        });
    }
    if rows.is_empty() {
        lines.push(Line::styled(
            "No proof files found (run from the repository, or pass --proofs DIR)",
            theme::dim(),
        ));
    }
    show(
        frame,
        area,
        format!(" Settle market {} ", picker.market),
        lines,
    );
}

/// Over the rows: the market's question, its state and what it asks, and what TxLINE's API
/// gave.
fn heading(picker: &SettlePicker, market: &Market, now: i64) -> Vec<Line<'static>> {
    vec![
        Line::raw(market.question.clone()),
        Line::styled(
            format!(
                "Now {}. {}: {}",
                status_label(MarketStatus::of(market, now), now),
                fixture_label(market.fixture_id),
                describe_value(market.fixture_id, market.stat_key, market.second_stat),
            ),
            theme::dim(),
        ),
        Line::styled(
            match &picker.records {
                Remote::Idle | Remote::Loading => "TxLINE: reading the fixture's records...".into(),
                Remote::Loaded(read) if read.records.is_empty() => {
                    format!("TxLINE at {}: no records of this fixture", read.api)
                }
                Remote::Loaded(read) => {
                    format!("TxLINE at {}: its records, then proof files", read.api)
                }
                Remote::Failed(reason) => format!("TxLINE: {reason}"),
            },
            theme::dim(),
        ),
    ]
}

/// A row's name and what it does for the market; none when what it stands for is gone.
fn named_verdict(
    context: &Context,
    picker: &SettlePicker,
    market: &Market,
    now: i64,
    row: Row,
) -> Option<(String, Span<'static>)> {
    match row {
        Row::Record(at) => {
            let record = picker
                .records
                .loaded()
                .and_then(|read| read.records.get(at))?;
            Some((
                format!("record {} {}", record.seq, record.action),
                record_verdict(record, market),
            ))
        }
        Row::File(at) => {
            let proof_file = context.proof_files.get(at)?;
            Some((
                proof_file.name.clone(),
                file_verdict(proof_file, market, now),
            ))
        }
    }
}

/// What a record settles the market to, from the values it lists: only the game_finalised
/// record's count. Whether its batch is published yet is known once its proof is fetched (the
/// batch is stamped with its first record's time, not this one's): the settle checks it then.
fn record_verdict(record: &ScoreRecord, market: &Market) -> Span<'static> {
    if record.period.is_some_and(|period| period != FINAL_PERIOD) {
        return Span::styled("not final: a record in play", theme::bad());
    }
    let first = record.stats.get(&market.stat_key).copied();
    let value = match market.second_stat {
        None => first,
        Some(second) => first
            .zip(record.stats.get(&second.stat_key).copied())
            .and_then(|(first, other)| second.op.apply(first, other)),
    };
    match value {
        Some(value) => {
            let side = Side::from(StatedOutcome::of_value(market.predicate, value));
            Span::styled(format!("settles {side} (value {value})"), theme::good())
        }
        None => Span::styled("does not list the market's stat", theme::dim()),
    }
}

/// What a proof file does for the market.
fn file_verdict(
    proof_file: &fulltime_client::proof_file::ProofFile,
    market: &Market,
    now: i64,
) -> Span<'static> {
    let proof = &proof_file.proof;
    let final_record = std::iter::once(&proof.stat)
        .chain(&proof.stat_b)
        .all(|proven| proven.stat.period == FINAL_PERIOD);
    if proof.fixture_summary.fixture_id != market.fixture_id {
        return Span::styled(
            format!("fixture {}", proof.fixture_summary.fixture_id),
            theme::dim(),
        );
    }
    if !fits(market, proof_file) {
        let (first, second) = proof.stat_keys();
        let second = second.map_or_else(String::new, |second| format!(" and {second}"));
        return Span::styled(format!("stat {first}{second}"), theme::dim());
    }
    if !final_record {
        return Span::styled("not final: not the game_finalised record", theme::bad());
    }
    match (
        &proof_file.expected,
        batch_time_fault(proof.ts, market.close_time, now),
    ) {
        (_, Some(SettlementError::ProofFromFuture)) => {
            Span::styled("not published yet (w warps)", theme::dim())
        }
        (_, Some(_)) => Span::styled("published before the close", theme::bad()),
        (Some(Expected::Error(error)), None) => {
            Span::styled(format!("fails: {}", error.name), theme::bad())
        }
        (Some(Expected::Outcome(_)) | None, None) => {
            let side = Side::from(proof_file.stated_outcome(market));
            Span::styled(format!("settles {side}"), theme::good())
        }
    }
}
