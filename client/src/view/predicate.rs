//! A market's predicate: `{"comparison": "gt", "threshold": 1}`.

use serde::{Deserialize, Serialize};
use txline_interface::{Comparison, TraderPredicate};

/// What the market's value must meet for YES.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PredicateView {
    pub comparison: ComparisonView,
    pub threshold: i32,
}

/// `gt`, `lt` or `eq`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ComparisonView {
    Gt,
    Lt,
    Eq,
}

impl From<TraderPredicate> for PredicateView {
    fn from(predicate: TraderPredicate) -> Self {
        Self {
            comparison: predicate.comparison.into(),
            threshold: predicate.threshold,
        }
    }
}

impl From<Comparison> for ComparisonView {
    fn from(comparison: Comparison) -> Self {
        match comparison {
            Comparison::GreaterThan => Self::Gt,
            Comparison::LessThan => Self::Lt,
            Comparison::EqualTo => Self::Eq,
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_predicate_shows_its_comparison_as_a_word() {
        for (comparison, word) in [
            (Comparison::GreaterThan, "gt"),
            (Comparison::LessThan, "lt"),
            (Comparison::EqualTo, "eq"),
        ] {
            let view = PredicateView::from(TraderPredicate {
                threshold: -2,
                comparison,
            });
            let value = serde_json::to_value(view).expect("serializes");
            assert_eq!(value, json!({"comparison": word, "threshold": -2}));
            assert_eq!(
                serde_json::from_value::<PredicateView>(value).ok(),
                Some(view)
            );
        }
    }
}
