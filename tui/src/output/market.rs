//! Markets and positions, as text and as JSON. JSON amounts are base units (6 decimals).

use fulltime_client::amount::format_usdc;
use fulltime_client::fixture::{FixturePredicate, FixtureSecondStat, Outcome};
use fulltime_client::market_status::MarketStatus;
use fulltime_client::pda;
use fulltime_client::settlement::constants::{OUTCOME_NO, OUTCOME_YES};
use fulltime_client::settlement::state::{Market, Position};
use serde_json::{Value, json};

use super::terms::{describe_question, terms_line};
use crate::input::{format_span, format_time, format_time_millis};

/// `YES`, `NO`, or the raw byte of an outcome the program would never store.
pub fn outcome_label(outcome: u8) -> String {
    match outcome {
        OUTCOME_YES => "YES".to_owned(),
        OUTCOME_NO => "NO".to_owned(),
        other => format!("outcome {other}"),
    }
}

pub fn outcome_json(outcome: u8) -> Value {
    match outcome {
        OUTCOME_YES => json!("yes"),
        OUTCOME_NO => json!("no"),
        other => json!(other),
    }
}

fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Yes => "YES",
        Outcome::No => "NO",
    }
}

/// The status in a few words; a provisional settlement with the time left until it is final,
/// counted from the cluster clock `now`.
pub fn status_label(status: MarketStatus, now: i64) -> String {
    match status {
        MarketStatus::Open => "open".to_owned(),
        MarketStatus::Closed => "closed".to_owned(),
        MarketStatus::Provisional { outcome, final_at } => format!(
            "provisional {}, final in {}",
            outcome_word(outcome),
            format_span(final_at.saturating_sub(now))
        ),
        MarketStatus::Resolved {
            outcome,
            refundable: false,
        } => format!("resolved {}", outcome_word(outcome)),
        MarketStatus::Resolved {
            outcome,
            refundable: true,
        } => format!("resolved {}, no winners: refundable", outcome_word(outcome)),
        MarketStatus::Expired => "expired: refundable".to_owned(),
    }
}

/// `YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC`.
pub fn totals(market: &Market) -> String {
    let mut text = format!(
        "YES {}, NO {}",
        format_usdc(market.total_yes),
        format_usdc(market.total_no)
    );
    if let Some(pool) = market.total_yes.checked_add(market.total_no) {
        text.push_str(&format!(", pool {}", format_usdc(pool)));
    }
    text
}

/// The window, and once settled when it ends (or ended).
fn dispute(market: &Market, now: i64) -> String {
    let window = format_span(market.dispute_window);
    if !market.settled {
        return format!("{window} window from settlement");
    }
    let ends = format_time(market.dispute_ends_at);
    if market.is_final(now) {
        format!("{window} window, final since {ends}")
    } else {
        format!("{window} window, final at {ends}")
    }
}

/// The batch of the proof a settlement rests on: its `ts` as the oracle writes it (unix
/// milliseconds) and as a time.
fn settled_proof(market: &Market) -> String {
    let ts = market.settled_by.ts;
    format!("batch ts {ts} ({})", format_time_millis(ts))
}

/// Every field of one market, one per line.
pub fn market_details(market: &Market, now: i64) -> String {
    let status = MarketStatus::of(market, now);
    let close = format_time(market.close_time);
    let when = match status {
        MarketStatus::Open => format!("closes {close}"),
        _ => format!("closed {close}"),
    };
    let mut lines = vec![
        format!("Market {}: {}", market.id, market.question),
        format!("Status:   {}; {when}", status_label(status, now)),
        format!("Terms:    {}", terms_line(market)),
        format!("Dispute:  {}", dispute(market, now)),
    ];
    if market.settled {
        lines.push(format!("Proof:    {}", settled_proof(market)));
    }
    lines.extend([
        format!("Totals:   {}", totals(market)),
        format!("Address:  {}", pda::market(market.id)),
        format!("Vault:    {}", market.vault),
        format!("Creator:  {}", market.creator),
    ]);
    lines.join("\n")
}

/// One row per market under a header; columns as wide as their widest cell.
pub fn markets_table(markets: &[Market], now: i64) -> String {
    if markets.is_empty() {
        return "No markets yet. Create one with `fulltime create-market`.".to_owned();
    }
    let header = ["ID", "STATUS", "CLOSES", "DISPUTE", "YES", "NO", "QUESTION"].map(str::to_owned);
    let rows: Vec<[String; 7]> = markets
        .iter()
        .map(|market| {
            [
                market.id.to_string(),
                status_label(MarketStatus::of(market, now), now),
                format_time(market.close_time),
                format_span(market.dispute_window),
                format_usdc(market.total_yes),
                format_usdc(market.total_no),
                market.question.clone(),
            ]
        })
        .collect();
    let mut widths = [0; 7];
    for row in std::iter::once(&header).chain(&rows) {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    std::iter::once(&header)
        .chain(&rows)
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(widths)
                .map(|(cell, width)| format!("{cell:<width$}"))
                .collect();
            cells.join("  ").trim_end().to_owned()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// When a proof's batch was published against the market's close and the clock: what a
/// ProofBeforeClose or ProofFromFuture refusal is about.
pub fn batch_time_note(ts_ms: i64, market: &Market, now: i64) -> String {
    format!(
        "batch {}, market closed {}, clock {}",
        format_time_millis(ts_ms),
        format_time(market.close_time),
        format_time(now)
    )
}

pub fn market_json(market: &Market, now: i64) -> Value {
    let status = MarketStatus::of(market, now);
    let (status_name, outcome, refundable) = match status {
        MarketStatus::Open => ("open", Value::Null, false),
        MarketStatus::Closed => ("closed", Value::Null, false),
        MarketStatus::Provisional { outcome, .. } => ("provisional", json!(outcome), false),
        MarketStatus::Resolved {
            outcome,
            refundable,
        } => ("resolved", json!(outcome), refundable),
        MarketStatus::Expired => ("expired", Value::Null, true),
    };
    // What only a settlement sets is null before it.
    let settled = |value: Value| if market.settled { value } else { Value::Null };
    json!({
        "id": market.id,
        "address": pda::market(market.id).to_string(),
        "question": market.question,
        "status": status_name,
        "settled": market.settled,
        "outcome": outcome,
        "refundable": refundable,
        "close_time": market.close_time,
        "close_time_utc": format_time(market.close_time),
        "dispute_window": market.dispute_window,
        "dispute_ends_at": settled(json!(market.dispute_ends_at)),
        "dispute_ends_at_utc": settled(json!(format_time(market.dispute_ends_at))),
        "proof_ts": settled(json!(market.settled_by.ts)),
        "proof_ts_utc": settled(json!(format_time_millis(market.settled_by.ts))),
        "fixture_id": market.fixture_id,
        "stat_key": market.stat_key,
        "second_stat": market.second_stat.map(FixtureSecondStat::from),
        "terms": describe_question(market),
        "period": market.period,
        "predicate": FixturePredicate::from(market.predicate),
        "total_yes": market.total_yes,
        "total_no": market.total_no,
        "creator": market.creator.to_string(),
        "vault": market.vault.to_string(),
    })
}

/// `YES 3 USDC` plus `, claimed` once paid out.
pub fn position_summary(position: &Position) -> String {
    let claimed = if position.claimed { ", claimed" } else { "" };
    format!(
        "{} {}{claimed}",
        outcome_label(position.outcome),
        format_usdc(position.amount)
    )
}

/// A position; `market_id` when known (the position itself stores the market's address).
pub fn position_json(position: &Position, market_id: Option<u64>) -> Value {
    json!({
        "market_id": market_id,
        "market": position.market.to_string(),
        "owner": position.owner.to_string(),
        "outcome": outcome_json(position.outcome),
        "amount": position.amount,
        "claimed": position.claimed,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use anchor_lang::prelude::Pubkey;
    use fulltime_client::settlement::state::Market;
    use fulltime_client::txline_interface::{Comparison, TraderPredicate};
    use fulltime_client::validate;

    use super::*;

    pub const NOW: i64 = 1_778_943_600; // 2026-05-16T15:00:00Z
    /// When `settled_market` becomes final: its close time plus its hour of dispute window.
    pub const FINAL_AT: i64 = NOW + 600 + 3_600; // 2026-05-16T16:10:00Z
    /// The batch of the arsenal proof fixture.
    pub const PROOF_TS: i64 = 1_778_946_672_000; // 2026-05-16T15:51:12Z

    pub fn sample_market() -> Market {
        Market {
            settled: false,
            outcome: 0,
            id: 3,
            creator: Pubkey::new_unique(),
            vault: Default::default(),
            close_time: NOW + 600,
            dispute_window: 3_600,
            dispute_ends_at: 0,
            settled_by: Default::default(),
            fixture_id: 18_502_311,
            stat_key: 1,
            period: 100,
            predicate: TraderPredicate {
                threshold: 1,
                comparison: Comparison::GreaterThan,
            },
            total_yes: 4_000_000,
            total_no: 1_500_000,
            bump: 255,
            second_stat: None,
            question: "Will Arsenal score more than 1 goal against Chelsea?".into(),
        }
    }

    /// `sample_market()` settled as `outcome` at its close time: provisional until `FINAL_AT`.
    pub fn settled_market(outcome: u8) -> Market {
        let mut market = sample_market();
        market.settled = true;
        market.outcome = outcome;
        market.dispute_ends_at = FINAL_AT;
        market.settled_by.ts = PROOF_TS;
        market
    }

    pub fn sample_position(market: &Market) -> Position {
        Position {
            owner: Default::default(),
            market: pda::market(market.id),
            outcome: OUTCOME_YES,
            amount: 3_000_000,
            claimed: false,
            bump: 254,
        }
    }

    #[test]
    fn details_show_every_field() {
        let market = sample_market();
        let address = pda::market(3);
        assert_eq!(
            market_details(&market, NOW),
            format!(
                "Market 3: Will Arsenal score more than 1 goal against Chelsea?\n\
                 Status:   open; closes 2026-05-16T15:10:00Z\n\
                 Terms:    fixture 18502311, full time (period 100); YES if home goals (stat 1) > 1\n\
                 Dispute:  1h window from settlement\n\
                 Totals:   YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC\n\
                 Address:  {address}\n\
                 Vault:    11111111111111111111111111111111\n\
                 Creator:  {}",
                market.creator
            )
        );
    }

    #[test]
    fn details_of_a_settlement_show_when_it_is_final_and_its_proof() {
        let market = settled_market(OUTCOME_YES);
        let address = pda::market(3);
        assert_eq!(
            market_details(&market, FINAL_AT - 42),
            format!(
                "Market 3: Will Arsenal score more than 1 goal against Chelsea?\n\
                 Status:   provisional YES, final in 42s; closed 2026-05-16T15:10:00Z\n\
                 Terms:    fixture 18502311, full time (period 100); YES if home goals (stat 1) > 1\n\
                 Dispute:  1h window, final at 2026-05-16T16:10:00Z\n\
                 Proof:    batch ts 1778946672000 (2026-05-16T15:51:12Z)\n\
                 Totals:   YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC\n\
                 Address:  {address}\n\
                 Vault:    11111111111111111111111111111111\n\
                 Creator:  {}",
                market.creator
            )
        );
        let details = market_details(&market, FINAL_AT);
        let lines: Vec<&str> = details.lines().skip(1).take(4).collect();
        assert_eq!(
            lines,
            [
                "Status:   resolved YES; closed 2026-05-16T15:10:00Z",
                "Terms:    fixture 18502311, full time (period 100); YES if home goals (stat 1) > 1",
                "Dispute:  1h window, final since 2026-05-16T16:10:00Z",
                "Proof:    batch ts 1778946672000 (2026-05-16T15:51:12Z)",
            ]
        );
    }

    #[test]
    fn the_table_aligns_its_columns() {
        let mut provisional = settled_market(OUTCOME_NO);
        provisional.id = 7;
        provisional.question = "Provisional?".into();
        let mut resolved = settled_market(OUTCOME_YES);
        resolved.id = 12;
        resolved.total_no = 0;
        resolved.dispute_window = 60;
        resolved.dispute_ends_at = NOW - 1;
        resolved.question = "Short?".into();
        assert_eq!(
            markets_table(&[sample_market(), provisional, resolved], NOW),
            "ID  STATUS                           CLOSES                DISPUTE  YES     NO        QUESTION\n\
             3   open                             2026-05-16T15:10:00Z  1h       4 USDC  1.5 USDC  Will Arsenal score more than 1 goal against Chelsea?\n\
             7   provisional NO, final in 1h 10m  2026-05-16T15:10:00Z  1h       4 USDC  1.5 USDC  Provisional?\n\
             12  resolved YES                     2026-05-16T15:10:00Z  1m       4 USDC  0 USDC    Short?"
        );
        assert_eq!(
            markets_table(&[], NOW),
            "No markets yet. Create one with `fulltime create-market`."
        );
    }

    #[test]
    fn statuses_read_plainly() {
        let mut market = sample_market();
        assert_eq!(
            status_label(MarketStatus::of(&market, NOW + 600), NOW + 600),
            "closed"
        );
        market.settled = true;
        market.outcome = OUTCOME_YES;
        market.total_yes = 0;
        assert_eq!(
            status_label(MarketStatus::of(&market, NOW), NOW),
            "resolved YES, no winners: refundable"
        );
        assert_eq!(
            status_label(MarketStatus::Expired, NOW),
            "expired: refundable"
        );
        let provisional = MarketStatus::of(&settled_market(OUTCOME_NO), FINAL_AT - 90);
        assert_eq!(
            status_label(provisional, FINAL_AT - 90),
            "provisional NO, final in 1m 30s"
        );
    }

    #[test]
    fn market_json_has_base_units_and_the_status() {
        let market = sample_market();
        let value = market_json(&market, NOW);
        assert_eq!(value["status"], "open");
        assert_eq!(value["settled"], false);
        assert_eq!(value["outcome"], Value::Null);
        assert_eq!(value["refundable"], false);
        assert_eq!(value["total_yes"], 4_000_000);
        assert_eq!(value["close_time_utc"], "2026-05-16T15:10:00Z");
        assert_eq!(
            value["predicate"],
            json!({"comparison": "gt", "threshold": 1})
        );
        assert_eq!(value["address"], pda::market(3).to_string());
        assert_eq!(value["dispute_window"], 3_600);
        for unset in [
            "dispute_ends_at",
            "dispute_ends_at_utc",
            "proof_ts",
            "proof_ts_utc",
        ] {
            assert_eq!(value[unset], Value::Null, "{unset}");
        }

        let mut resolved = market;
        resolved.settled = true;
        resolved.outcome = OUTCOME_NO;
        let value = market_json(&resolved, NOW);
        assert_eq!(
            (&value["status"], &value["outcome"], &value["refundable"]),
            (&json!("resolved"), &json!("no"), &json!(false))
        );
    }

    #[test]
    fn market_json_of_a_provisional_settlement_says_when_it_is_final() {
        let market = settled_market(OUTCOME_YES);
        let value = market_json(&market, FINAL_AT - 1);
        assert_eq!(
            (&value["status"], &value["outcome"], &value["refundable"]),
            (&json!("provisional"), &json!("yes"), &json!(false))
        );
        assert_eq!(value["settled"], true, "settled, and not yet resolved");
        assert_eq!(value["dispute_ends_at"], FINAL_AT);
        assert_eq!(value["dispute_ends_at_utc"], "2026-05-16T16:10:00Z");
        assert_eq!(value["proof_ts"], PROOF_TS);
        assert_eq!(value["proof_ts_utc"], "2026-05-16T15:51:12Z");
        assert_eq!(market_json(&market, FINAL_AT)["status"], "resolved");
    }

    #[test]
    fn positions_show_side_amount_and_claim() {
        let market = sample_market();
        let mut position = sample_position(&market);
        assert_eq!(position_summary(&position), "YES 3 USDC");
        position.claimed = true;
        assert_eq!(position_summary(&position), "YES 3 USDC, claimed");
        let value = position_json(&position, Some(3));
        assert_eq!(value["outcome"], "yes");
        assert_eq!(value["amount"], 3_000_000);
        assert_eq!(value["market_id"], 3);
        assert_eq!(outcome_label(7), "outcome 7");
        // The labels are the ones the parser accepts.
        assert_eq!(validate::parse_outcome(&outcome_label(OUTCOME_NO)), Ok(0));
    }
}
