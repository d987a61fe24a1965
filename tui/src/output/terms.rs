//! A market's terms in words: which value it asks about, named as the match catalog names the stat
//! keys (`home goals (stat 1) + away goals (stat 2) > 2`), so a tester reads the question the
//! proof must answer.

use fulltime_client::settlement::state::{Market, SecondStat};
use fulltime_client::txline_interface::BinaryExpression;

use super::catalog::{period_name, stat_name};
use crate::input::compare_text;

/// `home goals (stat 1)`, or `stat 7` for a key the match catalog does not name.
pub fn describe_stat(key: u32) -> String {
    match stat_name(key) {
        Some(name) => format!("{name} (stat {key})"),
        None => format!("stat {key}"),
    }
}

/// The value a market asks about: one stat, or two combined.
pub fn describe_value(stat_key: u32, second_stat: Option<SecondStat>) -> String {
    let first = describe_stat(stat_key);
    match second_stat {
        None => first,
        Some(second) => {
            let op = match second.op {
                BinaryExpression::Add => "+",
                BinaryExpression::Subtract => "-",
            };
            format!("{first} {op} {}", describe_stat(second.stat_key))
        }
    }
}

/// `home goals (stat 1) + away goals (stat 2) > 2`: what must hold for YES.
pub fn describe_question(market: &Market) -> String {
    format!(
        "{} {}",
        describe_value(market.stat_key, market.second_stat),
        compare_text(market.predicate)
    )
}

/// `full time (period 100)`, or `period 7` for a period the match catalog does not name.
pub fn describe_period(period: i32) -> String {
    match period_name(period) {
        Some(name) => format!("{name} (period {period})"),
        None => format!("period {period}"),
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::txline_interface::{Comparison, TraderPredicate};

    use super::*;
    use crate::output::market::MarketView;
    use crate::output::market::tests::{NOW, sample_market};

    fn terms_line(market: &Market) -> String {
        MarketView::new(market, NOW).terms_line()
    }

    #[test]
    fn one_stat_is_named_with_its_key() {
        assert_eq!(
            terms_line(&sample_market()),
            "fixture 18502311, full time (period 100); YES if home goals (stat 1) > 1"
        );
    }

    #[test]
    fn two_stats_read_as_their_combination() {
        let mut market = sample_market();
        market.second_stat = Some(SecondStat {
            stat_key: 2,
            op: BinaryExpression::Add,
        });
        market.predicate = TraderPredicate {
            threshold: 2,
            comparison: Comparison::GreaterThan,
        };
        assert_eq!(
            describe_question(&market),
            "home goals (stat 1) + away goals (stat 2) > 2"
        );
        market.second_stat = Some(SecondStat {
            stat_key: 99,
            op: BinaryExpression::Subtract,
        });
        market.period = 7;
        assert_eq!(
            terms_line(&market),
            "fixture 18502311, period 7; YES if home goals (stat 1) - stat 99 > 2"
        );
    }
}
