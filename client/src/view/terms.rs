//! What a market asks: the fixture, stat (or two stats combined) and period a proof must be of,
//! and the predicate the value must meet for YES, as `create_market` bound them.

use serde::{Deserialize, Serialize};
use settlement::state::{Market, SecondStat};
use txline_interface::BinaryExpression;

use super::PredicateView;

/// The market's terms in JSON, beside its question and times (which the market's own view
/// shows, with their UTC text).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TermsView {
    pub fixture_id: i64,
    pub stat_key: u32,
    /// `null` for a one-stat market.
    pub second_stat: Option<SecondStatView>,
    pub period: i32,
    pub predicate: PredicateView,
}

/// A two-stat market's second stat: `{"stat_key": 2, "op": "add"}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SecondStatView {
    pub stat_key: u32,
    pub op: OpView,
}

/// `add` or `subtract`: how the second stat combines with the first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum OpView {
    Add,
    Subtract,
}

impl From<&Market> for TermsView {
    fn from(market: &Market) -> Self {
        Self {
            fixture_id: market.fixture_id,
            stat_key: market.stat_key,
            second_stat: market.second_stat.map(SecondStatView::from),
            period: market.period,
            predicate: market.predicate.into(),
        }
    }
}

impl From<SecondStat> for SecondStatView {
    fn from(second: SecondStat) -> Self {
        Self {
            stat_key: second.stat_key,
            op: second.op.into(),
        }
    }
}

impl From<BinaryExpression> for OpView {
    fn from(op: BinaryExpression) -> Self {
        match op {
            BinaryExpression::Add => Self::Add,
            BinaryExpression::Subtract => Self::Subtract,
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::sample;

    #[test]
    fn terms_show_the_stats_period_and_predicate() {
        let mut market = sample::market(1_000);
        let value = serde_json::to_value(TermsView::from(&market)).expect("serializes");
        assert_eq!(
            value,
            json!({
                "fixture_id": 18_502_311,
                "stat_key": 1,
                "second_stat": null,
                "period": 100,
                "predicate": {"comparison": "gt", "threshold": 1},
            })
        );
        for (op, word) in [
            (BinaryExpression::Add, "add"),
            (BinaryExpression::Subtract, "subtract"),
        ] {
            market.second_stat = Some(SecondStat { stat_key: 2, op });
            let view = TermsView::from(&market);
            let value = serde_json::to_value(view).expect("serializes");
            assert_eq!(value["second_stat"], json!({"stat_key": 2, "op": word}));
            assert_eq!(serde_json::from_value::<TermsView>(value).ok(), Some(view));
        }
    }
}
