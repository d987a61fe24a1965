//! Markets as results: one market ([`MarketView`], `fulltime market`, and the market inside
//! every receipt) and the list ([`MarketList`], `fulltime markets`). JSON amounts are base
//! units (6 decimals).

use std::fmt;

use fulltime_client::amount::format_usdc;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::odds::Odds;
use fulltime_client::pda;
use fulltime_client::settlement::state::Market;
use fulltime_client::side::Side;
use fulltime_client::terminal_text::escaped;
use fulltime_client::view::TermsView;
use serde::Serialize;

use super::catalog::fixture_match;
use super::labels::{serialize_status_name, status_label};
use super::table::aligned;
use super::terms::{describe_period, describe_question, stat_name};
use crate::input::{format_span, format_time, format_time_millis};

/// One market at a cluster time. What only a settlement sets is `None` (JSON `null`) before it.
#[derive(Clone, Debug, Serialize)]
pub struct MarketView {
    pub id: u64,
    pub address: String,
    pub question: String,
    #[serde(serialize_with = "serialize_status_name")]
    pub status: MarketStatus,
    pub settled: bool,
    pub outcome: Option<Side>,
    pub refundable: bool,
    pub close_time: i64,
    pub close_time_utc: String,
    pub dispute_window: i64,
    pub dispute_ends_at: Option<i64>,
    pub dispute_ends_at_utc: Option<String>,
    pub proof_ts: Option<i64>,
    pub proof_ts_utc: Option<String>,
    /// The fixture, stat(s), period and predicate the market was created with.
    #[serde(flatten)]
    pub terms: TermsView,
    /// What must hold for YES, in words.
    #[serde(rename = "terms")]
    pub terms_in_words: String,
    /// The fixture's name where the match catalog knows it: `Arsenal v Chelsea`.
    pub fixture_name: Option<String>,
    /// The stat key as TxLINE's encoding names it, with the fixture's teams where known:
    /// `Arsenal first-half goals`.
    pub stat_name: String,
    /// The same for the second stat of a two-stat market.
    pub second_stat_name: Option<String>,
    pub total_yes: u64,
    pub total_no: u64,
    /// Each side's implied probability and payout per USDC at these totals.
    pub odds: Odds,
    pub creator: String,
    pub vault: String,
    /// The cluster clock the status was read at; the text counts the time left from it.
    #[serde(skip)]
    pub now: i64,
}

impl MarketView {
    pub fn new(market: &Market, now: i64) -> Self {
        let status = MarketStatus::of(market, now);
        let (outcome, refundable) = match status {
            MarketStatus::Open | MarketStatus::Closed => (None, false),
            MarketStatus::Provisional { outcome, .. } => (Some(outcome), false),
            MarketStatus::Resolved {
                outcome,
                refundable,
            } => (Some(outcome), refundable),
            MarketStatus::Expired => (None, true),
        };
        let settled = |value| market.settled.then_some(value);
        Self {
            id: market.id,
            address: pda::market(market.id).to_string(),
            question: market.question.clone(),
            status,
            settled: market.settled,
            outcome,
            refundable,
            close_time: market.close_time,
            close_time_utc: format_time(market.close_time),
            dispute_window: market.dispute_window,
            dispute_ends_at: settled(market.dispute_ends_at),
            dispute_ends_at_utc: market.settled.then(|| format_time(market.dispute_ends_at)),
            proof_ts: settled(market.settled_by.ts),
            proof_ts_utc: market
                .settled
                .then(|| format_time_millis(market.settled_by.ts)),
            terms: TermsView::from(market),
            terms_in_words: describe_question(market),
            fixture_name: fixture_match(market.fixture_id).map(|fixture| fixture.name()),
            stat_name: stat_name(market.stat_key, market.fixture_id),
            second_stat_name: market
                .second_stat
                .map(|second| stat_name(second.stat_key, market.fixture_id)),
            total_yes: market.total_yes,
            total_no: market.total_no,
            odds: Odds::of(market.total_yes, market.total_no),
            creator: market.creator.to_string(),
            vault: market.vault.to_string(),
            now,
        }
    }

    /// The status in a few words, at the view's clock.
    pub fn status_label(&self) -> String {
        status_label(self.status, self.now)
    }

    /// The whole of the terms on one line.
    pub fn terms_line(&self) -> String {
        let fixture = match &self.fixture_name {
            Some(name) => format!("{name} (fixture {})", self.terms.fixture_id),
            None => format!("fixture {}", self.terms.fixture_id),
        };
        format!(
            "{fixture}, {}; YES if {}",
            describe_period(self.terms.period),
            self.terms_in_words
        )
    }

    /// `YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC`.
    pub fn totals(&self) -> String {
        let mut text = format!(
            "YES {}, NO {}",
            format_usdc(self.total_yes),
            format_usdc(self.total_no)
        );
        if let Some(pool) = self.total_yes.checked_add(self.total_no) {
            text.push_str(&format!(", pool {}", format_usdc(pool)));
        }
        text
    }

    /// `YES 72.7%, pays 1.37 per USDC; NO 27.3%, pays 3.66 per USDC`.
    pub fn odds_line(&self) -> String {
        let side = |name: &str, odds: &fulltime_client::odds::SideOdds| match odds.payout_per_usdc {
            Some(_) => format!(
                "{name} {}, pays {} per USDC",
                odds.percent_text(),
                odds.decimal_text()
            ),
            None => format!("{name} {}, nothing staked", odds.percent_text()),
        };
        format!(
            "{}; {}",
            side("YES", &self.odds.yes),
            side("NO", &self.odds.no)
        )
    }

    /// The window, and once settled when it ends (or ended).
    fn dispute(&self) -> String {
        let window = format_span(self.dispute_window);
        match (&self.dispute_ends_at_utc, self.status) {
            (None, _) => format!("{window} window from settlement"),
            (Some(ends), MarketStatus::Provisional { .. }) => {
                format!("{window} window, final at {ends}")
            }
            (Some(ends), _) => format!("{window} window, final since {ends}"),
        }
    }
}

/// Every field, one per line.
impl fmt::Display for MarketView {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let close = &self.close_time_utc;
        let when = match self.status {
            MarketStatus::Open => format!("closes {close}"),
            _ => format!("closed {close}"),
        };
        writeln!(formatter, "Market {}: {}", self.id, escaped(&self.question))?;
        writeln!(formatter, "Status:   {}; {when}", self.status_label())?;
        writeln!(formatter, "Terms:    {}", self.terms_line())?;
        writeln!(formatter, "Dispute:  {}", self.dispute())?;
        // The batch of the proof the settlement rests on: its `ts` as the oracle writes it
        // (unix milliseconds) and as a time.
        if let (Some(ts), Some(time)) = (self.proof_ts, &self.proof_ts_utc) {
            writeln!(formatter, "Proof:    batch ts {ts} ({time})")?;
        }
        writeln!(formatter, "Totals:   {}", self.totals())?;
        writeln!(formatter, "Odds:     {}", self.odds_line())?;
        writeln!(formatter, "Address:  {}", self.address)?;
        writeln!(formatter, "Vault:    {}", self.vault)?;
        write!(formatter, "Creator:  {}", self.creator)
    }
}

/// Every market, read at one cluster time.
#[derive(Clone, Debug, Serialize)]
pub struct MarketList {
    pub cluster_time: i64,
    pub markets: Vec<MarketView>,
}

impl MarketList {
    pub fn new(markets: &[Market], now: i64) -> Self {
        Self {
            cluster_time: now,
            markets: markets
                .iter()
                .map(|market| MarketView::new(market, now))
                .collect(),
        }
    }
}

/// One row per market under a header; columns as wide as their widest cell.
impl fmt::Display for MarketList {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.markets.is_empty() {
            return formatter
                .write_str("No markets yet. Create one with `fulltime create-market`.");
        }
        let header = [
            "ID",
            "STATUS",
            "CLOSES",
            "DISPUTE",
            "YES",
            "NO",
            "YES/NO %",
            "PAYS YES/NO",
            "QUESTION",
        ];
        let rows: Vec<[String; 9]> = self
            .markets
            .iter()
            .map(|market| {
                [
                    market.id.to_string(),
                    market.status_label(),
                    market.close_time_utc.clone(),
                    format_span(market.dispute_window),
                    format_usdc(market.total_yes),
                    format_usdc(market.total_no),
                    format!(
                        "{} / {}",
                        market.odds.yes.percent_text(),
                        market.odds.no.percent_text()
                    ),
                    format!(
                        "{} / {}",
                        market.odds.yes.decimal_text(),
                        market.odds.no.decimal_text()
                    ),
                    escaped(&market.question).into_owned(),
                ]
            })
            .collect();
        formatter.write_str(&aligned(header, &rows))
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::output::OutputFormat;
    use crate::samples::{
        FINAL_AT, HOSTILE_QUESTION, NOW, PROOF_TS, json_of, sample_market, settled_market,
    };

    #[test]
    fn details_show_every_field() {
        let market = sample_market();
        let address = pda::market(3);
        assert_eq!(
            MarketView::new(&market, NOW).to_string(),
            format!(
                "Market 3: Will Arsenal score more than 1 goal against Chelsea?\n\
                 Status:   open; closes 2026-05-16T15:10:00Z\n\
                 Terms:    Arsenal v Chelsea (fixture 18502311), the game_finalised record (period 100); YES if Arsenal goals (stat 1) > 1\n\
                 Dispute:  1h window from settlement\n\
                 Totals:   YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC\n\
                 Odds:     YES 72.7%, pays 1.37 per USDC; NO 27.3%, pays 3.66 per USDC\n\
                 Address:  {address}\n\
                 Vault:    11111111111111111111111111111111\n\
                 Creator:  {}",
                market.creator
            )
        );
    }

    #[test]
    fn details_of_a_settlement_show_when_it_is_final_and_its_proof() {
        let market = settled_market(Side::Yes);
        let address = pda::market(3);
        assert_eq!(
            MarketView::new(&market, FINAL_AT - 42).to_string(),
            format!(
                "Market 3: Will Arsenal score more than 1 goal against Chelsea?\n\
                 Status:   provisional YES, final in 42s; closed 2026-05-16T15:10:00Z\n\
                 Terms:    Arsenal v Chelsea (fixture 18502311), the game_finalised record (period 100); YES if Arsenal goals (stat 1) > 1\n\
                 Dispute:  1h window, final at 2026-05-16T16:10:00Z\n\
                 Proof:    batch ts 1778946672000 (2026-05-16T15:51:12Z)\n\
                 Totals:   YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC\n\
                 Odds:     YES 72.7%, pays 1.37 per USDC; NO 27.3%, pays 3.66 per USDC\n\
                 Address:  {address}\n\
                 Vault:    11111111111111111111111111111111\n\
                 Creator:  {}",
                market.creator
            )
        );
        let details = MarketView::new(&market, FINAL_AT).to_string();
        let lines: Vec<&str> = details.lines().skip(1).take(4).collect();
        assert_eq!(
            lines,
            [
                "Status:   resolved YES; closed 2026-05-16T15:10:00Z",
                "Terms:    Arsenal v Chelsea (fixture 18502311), the game_finalised record (period 100); YES if Arsenal goals (stat 1) > 1",
                "Dispute:  1h window, final since 2026-05-16T16:10:00Z",
                "Proof:    batch ts 1778946672000 (2026-05-16T15:51:12Z)",
            ]
        );
    }

    #[test]
    fn the_table_aligns_its_columns() {
        let mut provisional = settled_market(Side::No);
        provisional.id = 7;
        provisional.question = "Provisional?".into();
        let mut resolved = settled_market(Side::Yes);
        resolved.id = 12;
        resolved.total_no = 0;
        resolved.dispute_window = 60;
        resolved.dispute_ends_at = NOW - 1;
        resolved.question = "Short?".into();
        assert_eq!(
            MarketList::new(&[sample_market(), provisional, resolved], NOW).to_string(),
            "ID  STATUS                           CLOSES                DISPUTE  YES     NO        YES/NO %       PAYS YES/NO  QUESTION\n\
             3   open                             2026-05-16T15:10:00Z  1h       4 USDC  1.5 USDC  72.7% / 27.3%  1.37 / 3.66  Will Arsenal score more than 1 goal against Chelsea?\n\
             7   provisional NO, final in 1h 10m  2026-05-16T15:10:00Z  1h       4 USDC  1.5 USDC  72.7% / 27.3%  1.37 / 3.66  Provisional?\n\
             12  resolved YES                     2026-05-16T15:10:00Z  1m       4 USDC  0 USDC    100.0% / 0.0%  1.00 / -     Short?"
        );
        assert_eq!(
            MarketList::new(&[], NOW).to_string(),
            "No markets yet. Create one with `fulltime create-market`."
        );
    }

    #[test]
    fn a_question_that_steers_the_terminal_is_printed_escaped() {
        let mut market = sample_market();
        market.question = HOSTILE_QUESTION.into();
        let escaped =
            "Will it rain?\\u{1b}[2J\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}\\nStatus:   resolved YES";

        let details = MarketView::new(&market, NOW).to_string();
        assert_eq!(
            details.lines().take(2).collect::<Vec<_>>(),
            [
                format!("Market 3: {escaped}").as_str(),
                "Status:   open; closes 2026-05-16T15:10:00Z"
            ]
        );
        assert_eq!(
            MarketList::new(&[market.clone()], NOW).to_string(),
            format!(
                "ID  STATUS  CLOSES                DISPUTE  YES     NO        YES/NO %       PAYS YES/NO  QUESTION\n\
                 3   open    2026-05-16T15:10:00Z  1h       4 USDC  1.5 USDC  72.7% / 27.3%  1.37 / 3.66  {escaped}"
            )
        );
        for text in [details, MarketList::new(&[market.clone()], NOW).to_string()] {
            assert!(!text.contains(['\u{1b}', '\u{7}']), "{text}");
        }

        // The JSON keeps the question exactly; serde escapes it for the terminal.
        let json = OutputFormat::Json.formatted_string(&MarketView::new(&market, NOW));
        assert!(
            json.contains(r#""question": "Will it rain?\u001b[2J\u001b]52;c;cm0gLXJmIH4=\u0007\nStatus:   resolved YES""#),
            "{json}"
        );
        assert_eq!(
            json_of(&MarketList::new(&[market], NOW))["markets"][0]["question"],
            HOSTILE_QUESTION
        );
    }

    #[test]
    fn the_list_json_has_the_clock_and_every_market() {
        let settled = settled_market(Side::Yes);
        let list = MarketList::new(&[sample_market(), settled.clone()], NOW);
        let value = json_of(&list);
        assert_eq!(value["cluster_time"], NOW);
        assert_eq!(value["markets"][0]["status"], "open");
        assert_eq!(
            value["markets"][1],
            json_of(&MarketView::new(&settled, NOW))
        );
        assert_eq!(json_of(&MarketList::new(&[], NOW))["markets"], json!([]));
    }

    #[test]
    fn market_json_has_base_units_and_the_status() {
        let market = sample_market();
        let value = json_of(&MarketView::new(&market, NOW));
        assert_eq!(value["status"], "open");
        assert_eq!(value["settled"], false);
        assert_eq!(value["outcome"], Value::Null);
        assert_eq!(value["refundable"], false);
        assert_eq!(value["total_yes"], 4_000_000);
        assert_eq!(
            value["odds"]["yes"],
            json!({
                "implied": {"numerator": 4_000_000, "denominator": 5_500_000},
                "payout_per_usdc": 1_375_000,
            })
        );
        assert_eq!(value["odds"]["no"]["payout_per_usdc"], 3_666_666);
        assert_eq!(value["close_time_utc"], "2026-05-16T15:10:00Z");
        assert_eq!(
            value["predicate"],
            json!({"comparison": "gt", "threshold": 1})
        );
        assert_eq!(value["address"], pda::market(3).to_string());
        assert_eq!(value["dispute_window"], 3_600);
        // The stat named as TxLINE names it, with the fixture's teams.
        assert_eq!(value["fixture_name"], "Arsenal v Chelsea");
        assert_eq!(value["stat_name"], "Arsenal goals");
        assert_eq!(value["second_stat_name"], Value::Null);
        assert_eq!(value["terms"], "Arsenal goals (stat 1) > 1");
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
        resolved.outcome = Side::No;
        let value = json_of(&MarketView::new(&resolved, NOW));
        assert_eq!(
            (&value["status"], &value["outcome"], &value["refundable"]),
            (&json!("resolved"), &json!("no"), &json!(false))
        );
    }

    #[test]
    fn market_json_of_a_provisional_settlement_says_when_it_is_final() {
        let market = settled_market(Side::Yes);
        let value = json_of(&MarketView::new(&market, FINAL_AT - 1));
        assert_eq!(
            (&value["status"], &value["outcome"], &value["refundable"]),
            (&json!("provisional"), &json!("yes"), &json!(false))
        );
        assert_eq!(value["settled"], true, "settled, and not yet resolved");
        assert_eq!(value["dispute_ends_at"], FINAL_AT);
        assert_eq!(value["dispute_ends_at_utc"], "2026-05-16T16:10:00Z");
        assert_eq!(value["proof_ts"], PROOF_TS);
        assert_eq!(value["proof_ts_utc"], "2026-05-16T15:51:12Z");
        assert_eq!(
            json_of(&MarketView::new(&market, FINAL_AT))["status"],
            "resolved"
        );
    }
}
