//! `fulltime settle`: the outcome stated, how long it stays provisional, the totals and what
//! comes next.

use std::fmt;

use fulltime_client::cluster::Endpoint;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::proof_file::ProofFile;
use fulltime_client::settlement::state::Market;
use fulltime_client::side::Side;
use serde::Serialize;
use solana_signature::Signature;

use super::{Summary, TransactionLink};
use crate::input::{format_span, format_time};
use crate::output::market::MarketView;

#[derive(Clone, Debug, Serialize)]
pub struct SettleReceipt {
    pub stated: Side,
    pub replaced: bool,
    /// The outcome of the settlement this one replaced.
    pub replaced_outcome: Option<Side>,
    pub market: MarketView,
    /// The proof the settlement rests on.
    pub proof: ProofUsed,
    #[serde(flatten)]
    pub transaction: TransactionLink,
    /// The winning side holds no stake: every stake is refundable instead.
    #[serde(skip)]
    pub nobody_won: bool,
}

/// Which proof settled: a proof file's name, the score record it proves, and the API it was
/// fetched from when it was (`settle --txline`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ProofUsed {
    pub name: String,
    pub seq: Option<u32>,
    pub action: Option<String>,
    pub fetched_from: Option<String>,
}

impl ProofUsed {
    pub fn of(proof_file: &ProofFile, fetched_from: Option<&str>) -> Self {
        Self {
            name: proof_file.name.clone(),
            seq: proof_file.record.as_ref().map(|record| record.seq),
            action: proof_file
                .record
                .as_ref()
                .map(|record| record.action.clone()),
            fetched_from: fetched_from.map(str::to_owned),
        }
    }
}

/// `record 1187 (game_finalised), fetched from TxLINE at URL`, or the proof file's name with
/// its record.
impl fmt::Display for ProofUsed {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let record = match (self.seq, &self.action) {
            (Some(seq), Some(action)) => Some(format!("record {seq} ({action})")),
            _ => None,
        };
        match (&self.fetched_from, record) {
            (Some(url), Some(record)) => {
                write!(formatter, "{record}, fetched from TxLINE at {url}")
            }
            (Some(url), None) => write!(formatter, "{}, fetched from TxLINE at {url}", self.name),
            (None, Some(record)) => write!(formatter, "{}, {record}", self.name),
            (None, None) => formatter.write_str(&self.name),
        }
    }
}

impl SettleReceipt {
    /// `market` as the settlement `signature` left it, settled with `proof`; `replaced`: the
    /// outcome of the settlement this one replaced, if any; `now`: the cluster clock after the
    /// settlement.
    pub fn new(
        endpoint: &Endpoint,
        signature: &Signature,
        market: &Market,
        proof: ProofUsed,
        replaced: Option<Side>,
        now: i64,
    ) -> Self {
        Self {
            stated: market.outcome,
            replaced: replaced.is_some(),
            replaced_outcome: replaced,
            market: MarketView::new(market, now),
            proof,
            transaction: TransactionLink::new(endpoint, signature),
            nobody_won: market.winning_total() == 0,
        }
    }
}

impl fmt::Display for SettleReceipt {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let id = self.market.id;
        let stated = self.stated;
        let standing = match self.market.status {
            MarketStatus::Provisional { final_at, .. } => format!(
                "provisional until {} (final in {})",
                format_time(final_at),
                format_span(final_at.saturating_sub(self.market.now))
            ),
            _ => "final".to_owned(),
        };
        match self.replaced_outcome {
            Some(previous) => writeln!(
                formatter,
                "Replaced the settlement of market {id}: {previous} -> {stated}, {standing}"
            )?,
            None => writeln!(
                formatter,
                "{}",
                SettleHeadline {
                    market_id: id,
                    state: format!("{stated}, {standing}"),
                }
            )?,
        }
        writeln!(formatter, "{}", self.transaction)?;
        writeln!(formatter, "Proof:     {}", self.proof)?;
        writeln!(formatter, "Market {id}:  {}", self.market.totals())?;
        let provisional = matches!(self.market.status, MarketStatus::Provisional { .. });
        match (provisional, self.nobody_won) {
            (true, false) => write!(
                formatter,
                "Until then a strictly later proof of the same stat can replace it; then winners \
                 claim with `fulltime claim {id}`."
            ),
            (true, true) => write!(
                formatter,
                "Until then a strictly later proof of the same stat can replace it; then, as \
                 nobody won, every stake is refundable with `fulltime refund {id}`."
            ),
            (false, true) => write!(
                formatter,
                "Nobody won: every stake is refundable with `fulltime refund {id}`."
            ),
            (false, false) => write!(formatter, "Winners claim with `fulltime claim {id}`."),
        }
    }
}

/// `Settled market 3: provisional YES, final in 1m`: the market's status, first or replaced.
impl Summary for SettleReceipt {
    fn summary(&self) -> String {
        SettleHeadline {
            market_id: self.market.id,
            state: self.market.status_label(),
        }
        .to_string()
    }

    fn transaction(&self) -> Option<&TransactionLink> {
        Some(&self.transaction)
    }
}

/// `Settled market 3: <state>`: the outcome and how long it stays provisional on the command
/// line, the market's status in the dashboard.
struct SettleHeadline {
    market_id: u64,
    state: String,
}

impl fmt::Display for SettleHeadline {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "Settled market {}: {}",
            self.market_id, self.state
        )
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;
    use crate::output::receipt::tests::{devnet, signature};
    use crate::samples::{FINAL_AT, PROOF_TS, json_of, settled_market};

    /// The receipt of settling `settled_market(side)` with `total_yes` staked on YES, as text
    /// and JSON.
    fn receipt(side: Side, total_yes: u64, replaced: Option<Side>, now: i64) -> (String, Value) {
        let mut market = settled_market(side);
        market.total_yes = total_yes;
        let proof = ProofUsed {
            name: "arsenal-home-goals-over-1".into(),
            seq: Some(1187),
            action: Some("game_finalised".into()),
            fetched_from: None,
        };
        let receipt = SettleReceipt::new(&devnet(), &signature(), &market, proof, replaced, now);
        (receipt.to_string(), json_of(&receipt))
    }

    #[test]
    fn a_first_settlement_is_provisional_until_its_window_ends() {
        let (text, json) = receipt(Side::Yes, 4_000_000, None, FINAL_AT - 3_600);
        assert_eq!(
            text,
            format!(
                "Settled market 3: YES, provisional until 2026-05-16T16:10:00Z (final in 1h)\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 Proof:     arsenal-home-goals-over-1, record 1187 (game_finalised)\n\
                 Market 3:  YES 4 USDC, NO 1.5 USDC, pool 5.5 USDC\n\
                 Until then a strictly later proof of the same stat can replace it; then \
                 winners claim with `fulltime claim 3`.",
                signature()
            )
        );
        assert_eq!(json["stated"], "yes");
        assert_eq!(json["replaced"], false);
        assert_eq!(json["replaced_outcome"], Value::Null);
        assert_eq!(json["market"]["status"], "provisional");
        assert_eq!(json["market"]["dispute_ends_at"], FINAL_AT);
        assert_eq!(json["market"]["proof_ts"], PROOF_TS);
        assert_eq!(
            json["proof"],
            json!({"name": "arsenal-home-goals-over-1", "seq": 1187, "action": "game_finalised",
                   "fetched_from": null})
        );
    }

    #[test]
    fn a_proof_fetched_from_tx_line_says_its_record_and_host() {
        let fetched = ProofUsed {
            name: "txline-18502311-1187-stat-1".into(),
            seq: Some(1187),
            action: Some("game_finalised".into()),
            fetched_from: Some("http://127.0.0.1:8090".into()),
        };
        assert_eq!(
            fetched.to_string(),
            "record 1187 (game_finalised), fetched from TxLINE at http://127.0.0.1:8090"
        );
    }

    #[test]
    fn a_replacement_says_which_outcome_it_replaced() {
        let (text, json) = receipt(Side::No, 4_000_000, Some(Side::Yes), FINAL_AT - 42);
        assert_eq!(
            text.lines().next(),
            Some(
                "Replaced the settlement of market 3: YES -> NO, provisional until \
                 2026-05-16T16:10:00Z (final in 42s)"
            )
        );
        assert_eq!(
            (&json["stated"], &json["replaced"]),
            (&json!("no"), &json!(true))
        );
        assert_eq!(json["replaced_outcome"], "yes");
    }

    #[test]
    fn an_empty_winning_side_points_to_refunds() {
        let (text, _) = receipt(Side::Yes, 0, None, FINAL_AT - 60);
        assert!(
            text.ends_with(
                "then, as nobody won, every stake is refundable with `fulltime refund 3`."
            ),
            "{text}"
        );
        let (text, json) = receipt(Side::Yes, 0, None, FINAL_AT);
        assert_eq!(text.lines().next(), Some("Settled market 3: YES, final"));
        assert!(
            text.ends_with("Nobody won: every stake is refundable with `fulltime refund 3`."),
            "{text}"
        );
        assert_eq!(json["market"]["refundable"], true);
    }
}
