//! Markets and positions, as text and as JSON. JSON amounts are base units (6 decimals).

use fulltime_client::amount::format_usdc;
use fulltime_client::fixture::{FixturePredicate, Outcome};
use fulltime_client::market_status::MarketStatus;
use fulltime_client::pda;
use fulltime_client::settlement::constants::{OUTCOME_NO, OUTCOME_YES};
use fulltime_client::settlement::state::{Market, Position};
use serde_json::{Value, json};

use crate::input::{describe_predicate, format_time};

/// `YES`, `NO`, or the raw byte of an outcome the program would never store.
pub fn outcome_label(outcome: u8) -> String {
    match outcome {
        OUTCOME_YES => "YES".to_owned(),
        OUTCOME_NO => "NO".to_owned(),
        other => format!("outcome {other}"),
    }
}

fn outcome_json(outcome: u8) -> Value {
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

pub fn status_label(status: MarketStatus) -> String {
    match status {
        MarketStatus::Open => "open".to_owned(),
        MarketStatus::Closed => "closed".to_owned(),
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

fn terms(market: &Market) -> String {
    format!(
        "fixture {}, stat {}, period {}; YES if {}",
        market.fixture_id,
        market.stat_key,
        market.period,
        describe_predicate(&FixturePredicate::from(market.predicate))
    )
}

/// Every field of one market, one per line.
pub fn market_details(market: &Market, now: i64) -> String {
    let status = MarketStatus::of(market, now);
    let close = format_time(market.close_time);
    let when = match status {
        MarketStatus::Open => format!("closes {close}"),
        _ => format!("closed {close}"),
    };
    [
        format!("Market {}: {}", market.id, market.question),
        format!("Status:   {}, {when}", status_label(status)),
        format!("Terms:    {}", terms(market)),
        format!("Totals:   {}", totals(market)),
        format!("Address:  {}", pda::market(market.id)),
        format!("Vault:    {}", market.vault),
        format!("Creator:  {}", market.creator),
    ]
    .join("\n")
}

/// One row per market under a header; columns as wide as their widest cell.
pub fn markets_table(markets: &[Market], now: i64) -> String {
    if markets.is_empty() {
        return "No markets yet. Create one with `fulltime create-market`.".to_owned();
    }
    let header = ["ID", "STATUS", "CLOSES", "YES", "NO", "QUESTION"].map(str::to_owned);
    let rows: Vec<[String; 6]> = markets
        .iter()
        .map(|market| {
            [
                market.id.to_string(),
                status_label(MarketStatus::of(market, now)),
                format_time(market.close_time),
                format_usdc(market.total_yes),
                format_usdc(market.total_no),
                market.question.clone(),
            ]
        })
        .collect();
    let mut widths = [0; 6];
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

pub fn market_json(market: &Market, now: i64) -> Value {
    let status = MarketStatus::of(market, now);
    let (status_name, outcome, refundable) = match status {
        MarketStatus::Open => ("open", Value::Null, false),
        MarketStatus::Closed => ("closed", Value::Null, false),
        MarketStatus::Resolved {
            outcome,
            refundable,
        } => ("resolved", json!(outcome), refundable),
        MarketStatus::Expired => ("expired", Value::Null, true),
    };
    json!({
        "id": market.id,
        "address": pda::market(market.id).to_string(),
        "question": market.question,
        "status": status_name,
        "outcome": outcome,
        "refundable": refundable,
        "close_time": market.close_time,
        "close_time_utc": format_time(market.close_time),
        "fixture_id": market.fixture_id,
        "stat_key": market.stat_key,
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

    pub const NOW: i64 = 1_795_132_800; // 2026-11-20T00:00:00Z

    pub fn sample_market() -> Market {
        Market {
            resolved: false,
            outcome: 0,
            id: 3,
            creator: Pubkey::new_unique(),
            vault: Default::default(),
            close_time: NOW + 600,
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
            question: "Will Arsenal score more than 1 goal against Chelsea?".into(),
        }
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
                 Status:   open, closes 2026-11-20T00:10:00Z\n\
                 Terms:    fixture 18502311, stat 1, period 100; YES if stat > 1\n\
                 Totals:   YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC\n\
                 Address:  {address}\n\
                 Vault:    11111111111111111111111111111111\n\
                 Creator:  {}",
                market.creator
            )
        );
    }

    #[test]
    fn the_table_aligns_its_columns() {
        let mut resolved = sample_market();
        resolved.id = 12;
        resolved.resolved = true;
        resolved.outcome = OUTCOME_YES;
        resolved.total_no = 0;
        resolved.question = "Short?".into();
        assert_eq!(
            markets_table(&[sample_market(), resolved], NOW),
            "ID  STATUS        CLOSES                YES     NO        QUESTION\n\
             3   open          2026-11-20T00:10:00Z  4 USDC  1.5 USDC  Will Arsenal score more than 1 goal against Chelsea?\n\
             12  resolved YES  2026-11-20T00:10:00Z  4 USDC  0 USDC    Short?"
        );
        assert_eq!(
            markets_table(&[], NOW),
            "No markets yet. Create one with `fulltime create-market`."
        );
    }

    #[test]
    fn statuses_read_plainly() {
        let mut market = sample_market();
        assert_eq!(status_label(MarketStatus::of(&market, NOW + 600)), "closed");
        market.resolved = true;
        market.outcome = OUTCOME_YES;
        market.total_yes = 0;
        assert_eq!(
            status_label(MarketStatus::of(&market, NOW)),
            "resolved YES, no winners: refundable"
        );
        assert_eq!(status_label(MarketStatus::Expired), "expired: refundable");
    }

    #[test]
    fn market_json_has_base_units_and_the_status() {
        let market = sample_market();
        let value = market_json(&market, NOW);
        assert_eq!(value["status"], "open");
        assert_eq!(value["outcome"], Value::Null);
        assert_eq!(value["refundable"], false);
        assert_eq!(value["total_yes"], 4_000_000);
        assert_eq!(value["close_time_utc"], "2026-11-20T00:10:00Z");
        assert_eq!(
            value["predicate"],
            json!({"comparison": "gt", "threshold": 1})
        );
        assert_eq!(value["address"], pda::market(3).to_string());

        let mut resolved = market;
        resolved.resolved = true;
        resolved.outcome = OUTCOME_NO;
        let value = market_json(&resolved, NOW);
        assert_eq!(
            (&value["status"], &value["outcome"], &value["refundable"]),
            (&json!("resolved"), &json!("no"), &json!(false))
        );
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
