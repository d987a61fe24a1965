//! `fulltime create-market`: the new market and its terms.

use std::fmt;

use fulltime_client::cluster::Endpoint;
use fulltime_client::settlement::state::Market;
use fulltime_client::terminal_text::escaped;
use serde::Serialize;
use solana_signature::Signature;

use super::{Summary, TransactionLink};
use crate::input::format_span;
use crate::output::market::MarketView;

#[derive(Clone, Debug, Serialize)]
pub struct CreateReceipt {
    pub market: MarketView,
    #[serde(flatten)]
    pub transaction: TransactionLink,
}

impl CreateReceipt {
    /// `market` as `signature` created it; `now`: the cluster clock its status is read at.
    pub fn new(endpoint: &Endpoint, signature: &Signature, market: &Market, now: i64) -> Self {
        Self {
            market: MarketView::new(market, now),
            transaction: TransactionLink::new(endpoint, signature),
        }
    }

    fn headline(&self) -> CreateHeadline<'_> {
        CreateHeadline {
            id: self.market.id,
            question: &self.market.question,
        }
    }
}

impl fmt::Display for CreateReceipt {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        let market = &self.market;
        writeln!(formatter, "{}", self.headline())?;
        writeln!(formatter, "{}", self.transaction)?;
        writeln!(formatter, "Closes:    {}", market.close_time_utc)?;
        writeln!(formatter, "Terms:     {}", market.terms_line())?;
        write!(
            formatter,
            "Dispute:   {} window: a settlement is provisional this long",
            format_span(market.dispute_window)
        )
    }
}

impl Summary for CreateReceipt {
    fn summary(&self) -> String {
        self.headline().to_string()
    }

    fn transaction(&self) -> Option<&TransactionLink> {
        Some(&self.transaction)
    }
}

/// `Created market 3: Will Arsenal score?`
struct CreateHeadline<'a> {
    id: u64,
    question: &'a str,
}

impl fmt::Display for CreateHeadline<'_> {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "Created market {}: {}",
            self.id,
            escaped(self.question)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::receipt::tests::{devnet, signature};
    use crate::samples::{HOSTILE_QUESTION, NOW, json_of, sample_market};

    #[test]
    fn shows_the_new_market_and_its_terms() {
        let receipt = CreateReceipt::new(&devnet(), &signature(), &sample_market(), NOW);
        assert_eq!(
            receipt.to_string(),
            format!(
                "Created market 3: Will Arsenal score more than 1 goal against Chelsea?\n\
                 Signature: 5VER..kQUW  https://explorer.solana.com/tx/{}?cluster=devnet\n\
                 Closes:    2026-05-16T15:10:00Z\n\
                 Terms:     Arsenal v Chelsea (fixture 18502311), the game_finalised record (period 100); YES if Arsenal goals (stat 1) > 1\n\
                 Dispute:   1h window: a settlement is provisional this long",
                signature()
            )
        );
        let json = json_of(&receipt);
        assert_eq!(json["signature"], signature().to_string());
        assert_eq!(json["market"]["id"], 3);
        assert_eq!(json["market"]["status"], "open");
        assert_eq!(json["market"]["dispute_window"], 3_600);
    }

    #[test]
    fn a_question_that_steers_the_terminal_is_printed_escaped() {
        let mut market = sample_market();
        market.question = HOSTILE_QUESTION.into();
        let receipt = CreateReceipt::new(&devnet(), &signature(), &market, NOW);
        assert_eq!(
            receipt.to_string().lines().next(),
            Some(
                "Created market 3: Will it rain?\\u{1b}[2J\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}\\nStatus:   \
                 resolved YES"
            )
        );
        assert_eq!(json_of(&receipt)["market"]["question"], HOSTILE_QUESTION);
    }
}
