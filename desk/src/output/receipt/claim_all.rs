//! `fulltime claim --all` (and the dashboard's claim-all key): every payable position paid out,
//! with what each paid, the transactions, and what is still waiting, until when, or lost.

use std::fmt;

use fulltime_client::amount::format_usdc;
use fulltime_client::cluster::Endpoint;
use fulltime_client::market_status::MarketStatus;
use fulltime_client::payable::Owed;
use fulltime_client::rpc::PaidOut;
use fulltime_client::side::Side;
use serde::Serialize;

use super::{Summary, TransactionLink, UsdcChange};
use crate::input::format_time;
use crate::output::labels::{serialize_status_name, status_label};

/// One position paid out.
#[derive(Clone, Debug, Serialize)]
pub struct PaidPosition {
    pub market_id: u64,
    /// `claim` or `refund`.
    pub kind: &'static str,
    /// What the program's rule pays (the share of the pool, or the stake).
    pub amount: u64,
    pub signature: String,
}

/// One position that cannot be paid yet.
#[derive(Clone, Debug, Serialize)]
pub struct WaitingPosition {
    pub market_id: u64,
    #[serde(serialize_with = "serialize_status_name")]
    pub status: MarketStatus,
    /// When that may change (unix seconds), with its `_utc` twin.
    pub until: i64,
    pub until_utc: String,
    #[serde(skip)]
    pub now: i64,
}

/// A position of a market resolved for the other side.
#[derive(Clone, Debug, Serialize)]
pub struct LostPosition {
    pub market_id: u64,
    pub outcome: Side,
}

#[derive(Clone, Debug, Serialize)]
pub struct ClaimAllReceipt {
    /// The sum of `paid`'s amounts.
    pub total_paid: u64,
    pub paid: Vec<PaidPosition>,
    pub transactions: Vec<TransactionLink>,
    pub usdc: UsdcChange,
    pub waiting: Vec<WaitingPosition>,
    pub lost: Vec<LostPosition>,
}

impl ClaimAllReceipt {
    /// The receipt of what landed; a run that stopped early is the caller's to report.
    pub fn new(endpoint: &Endpoint, paid_out: &PaidOut) -> Self {
        let signature_of = |market_id: u64| {
            paid_out
                .batches
                .iter()
                .find(|batch| batch.market_ids.contains(&market_id))
                .map(|batch| batch.signature)
        };
        let mut receipt = Self {
            total_paid: 0,
            paid: Vec::new(),
            transactions: paid_out
                .batches
                .iter()
                .map(|batch| TransactionLink::new(endpoint, &batch.signature))
                .collect(),
            usdc: paid_out.usdc.into(),
            waiting: Vec::new(),
            lost: Vec::new(),
        };
        for owed in &paid_out.positions {
            let market_id = owed.market.id;
            match owed.owed {
                Owed::Claim { payout: amount } | Owed::Refund { stake: amount } => {
                    let Some(signature) = signature_of(market_id) else {
                        continue;
                    };
                    let kind = match owed.owed {
                        Owed::Claim { .. } => "claim",
                        _ => "refund",
                    };
                    receipt.total_paid = receipt.total_paid.saturating_add(amount);
                    receipt.paid.push(PaidPosition {
                        market_id,
                        kind,
                        amount,
                        signature: signature.to_string(),
                    });
                }
                Owed::Waiting { status, until } => receipt.waiting.push(WaitingPosition {
                    market_id,
                    status,
                    until,
                    until_utc: format_time(until),
                    now: paid_out.now,
                }),
                Owed::Lost { outcome } => receipt.lost.push(LostPosition { market_id, outcome }),
                Owed::Paid => {}
            }
        }
        receipt
    }
}

impl ClaimAllReceipt {
    /// `Paid 6.5 USDC in 1 transaction: claimed 3 USDC from market 5, ...`, or that nothing was
    /// payable: the text's first line, the dashboard's activity line, and what a run that
    /// stopped early says it paid.
    pub fn headline(&self) -> String {
        if self.paid.is_empty() {
            return "Nothing to claim or refund now.".to_owned();
        }
        let count = self.transactions.len();
        let plural = if count == 1 { "" } else { "s" };
        let each: Vec<String> = self
            .paid
            .iter()
            .map(|paid| {
                let verb = if paid.kind == "claim" {
                    "claimed"
                } else {
                    "refunded"
                };
                format!(
                    "{verb} {} from market {}",
                    format_usdc(paid.amount),
                    paid.market_id
                )
            })
            .collect();
        format!(
            "Paid {} in {count} transaction{plural}: {}",
            format_usdc(self.total_paid),
            each.join(", ")
        )
    }
}

/// The headline, then the transactions, the balance, what waits and what was lost.
impl fmt::Display for ClaimAllReceipt {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.headline())?;
        if !self.paid.is_empty() {
            for transaction in &self.transactions {
                write!(formatter, "\n{transaction}")?;
            }
            write!(formatter, "\nUSDC:      {}", self.usdc)?;
        }
        for waiting in &self.waiting {
            write!(
                formatter,
                "\nWaiting:   market {}, {}",
                waiting.market_id,
                waiting_words(waiting)
            )?;
        }
        for lost in &self.lost {
            write!(
                formatter,
                "\nLost:      market {}, resolved {}",
                lost.market_id, lost.outcome
            )?;
        }
        Ok(())
    }
}

/// The headline, and the first transaction.
impl Summary for ClaimAllReceipt {
    fn summary(&self) -> String {
        self.headline()
    }

    fn transaction(&self) -> Option<&TransactionLink> {
        self.transactions.first()
    }
}

/// `open until 2026-05-16T15:10:00Z`, `provisional YES, final in 42s (2026-...)`, ...
fn waiting_words(waiting: &WaitingPosition) -> String {
    let until = &waiting.until_utc;
    match waiting.status {
        MarketStatus::Open => format!("open until {until}, then settled"),
        MarketStatus::Closed => {
            format!("closed, waiting for a settlement; refundable from {until} if none")
        }
        status => format!("{} (at {until})", status_label(status, waiting.now)),
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::cluster::Cluster;
    use fulltime_client::rpc::{BalanceChange, OwedPosition, PaidBatch};
    use fulltime_testkit::sample;
    use solana_signature::Signature;

    use super::*;
    use crate::samples::{FINAL_AT, NOW, json_of, sample_market, settled_market};

    fn endpoint() -> Endpoint {
        Endpoint::resolve(Cluster::Devnet, std::path::Path::new(".")).expect("devnet")
    }

    fn owed(
        market: fulltime_client::settlement::state::Market,
        side: Side,
        now: i64,
    ) -> OwedPosition {
        let position = sample::position(&market, side, 1_000_000);
        OwedPosition {
            owed: Owed::of(&market, &position, now),
            market,
            position,
        }
    }

    #[test]
    fn says_what_was_paid_what_waits_and_what_was_lost() {
        let mut won = settled_market(Side::Yes);
        won.id = 3;
        let mut lost = settled_market(Side::No);
        lost.id = 4;
        let mut open = sample_market();
        open.id = 9;
        let now = FINAL_AT;
        let signature = Signature::from([7; 64]);
        let paid_out = PaidOut {
            positions: vec![
                owed(won, Side::Yes, now),
                owed(lost, Side::Yes, now),
                owed(open, Side::No, NOW),
            ],
            batches: vec![PaidBatch {
                signature,
                market_ids: vec![3],
            }],
            stopped: None,
            usdc: BalanceChange {
                before: 10_000_000,
                after: 11_375_000,
            },
            now,
        };
        let receipt = ClaimAllReceipt::new(&endpoint(), &paid_out);
        let text = receipt.to_string();
        // 1 of YES's 4 USDC in a 5.5 USDC pool pays 1.375 USDC.
        assert!(
            text.starts_with(
                "Paid 1.375 USDC in 1 transaction: claimed 1.375 USDC from market 3\nSignature: "
            ),
            "{text}"
        );
        assert!(
            text.contains("\nUSDC:      10 USDC -> 11.375 USDC"),
            "{text}"
        );
        assert!(
            text.contains("\nWaiting:   market 9, open until 2026-05-16T15:10:00Z, then settled"),
            "{text}"
        );
        assert!(
            text.ends_with("\nLost:      market 4, resolved NO"),
            "{text}"
        );

        let json = json_of(&receipt);
        assert_eq!(json["total_paid"], 1_375_000);
        assert_eq!(json["paid"][0]["kind"], "claim");
        assert_eq!(json["paid"][0]["signature"], signature.to_string());
        assert_eq!(json["waiting"][0]["status"], "open");
        assert_eq!(json["lost"][0]["outcome"], "no");
    }

    #[test]
    fn nothing_payable_says_so() {
        let receipt = ClaimAllReceipt::new(
            &endpoint(),
            &PaidOut {
                positions: Vec::new(),
                batches: Vec::new(),
                stopped: None,
                usdc: BalanceChange {
                    before: 5,
                    after: 5,
                },
                now: NOW,
            },
        );
        assert_eq!(receipt.to_string(), "Nothing to claim or refund now.");
    }
}
