//! A market's terms in words: which value it asks about, each stat key named as TxLINE's encoding
//! names it, with the fixture's teams where the match catalog knows them (`Arsenal goals (stat
//! 1) + Chelsea goals (stat 2) > 2`), so a tester reads the question the proof must answer.

use fulltime_client::settlement::state::{Market, SecondStat};
use fulltime_client::txline::stat_key::{StatKey, describe};
use fulltime_client::txline_interface::BinaryExpression;
use fulltime_client::txline_interface::time::FINAL_PERIOD;

use super::catalog::sides_of;
use crate::input::compare_text;

/// `Arsenal goals (stat 1)`; `goals of participant 1 (stat 1)` for a fixture the catalog does not
/// know; `unknown stat 9` for a key outside TxLINE's encoding.
pub fn describe_stat(key: u32, fixture_id: i64) -> String {
    describe(key, sides_of(fixture_id))
}

/// `Arsenal goals`, the name alone; `unknown stat 9` for a key outside TxLINE's encoding.
pub fn stat_name(key: u32, fixture_id: i64) -> String {
    StatKey::decode(key).map_or_else(
        || format!("unknown stat {key}"),
        |stat| stat.name(sides_of(fixture_id)),
    )
}

/// The value a market asks about: one stat, or two combined.
pub fn describe_value(fixture_id: i64, stat_key: u32, second_stat: Option<SecondStat>) -> String {
    let first = describe_stat(stat_key, fixture_id);
    match second_stat {
        None => first,
        Some(second) => {
            let op = match second.op {
                BinaryExpression::Add => "+",
                BinaryExpression::Subtract => "-",
            };
            format!(
                "{first} {op} {}",
                describe_stat(second.stat_key, fixture_id)
            )
        }
    }
}

/// `Arsenal goals (stat 1) + Chelsea goals (stat 2) > 2`: what must hold for YES.
pub fn describe_question(market: &Market) -> String {
    format!(
        "{} {}",
        describe_value(market.fixture_id, market.stat_key, market.second_stat),
        compare_text(market.predicate)
    )
}

/// `the game_finalised record (period 100)`, where every market settles from; another period is
/// a market of the retired rule, which nothing settles.
pub fn describe_period(period: i32) -> String {
    if period == FINAL_PERIOD {
        format!("the game_finalised record (period {period})")
    } else {
        format!("period {period}, retired: never settles")
    }
}

#[cfg(test)]
mod tests {
    use fulltime_client::txline_interface::{Comparison, TraderPredicate};

    use super::*;
    use crate::output::market::MarketView;
    use crate::samples::{NOW, sample_market};

    fn terms_line(market: &Market) -> String {
        MarketView::new(market, NOW).terms_line()
    }

    #[test]
    fn one_stat_is_named_with_its_team_and_key() {
        assert_eq!(
            terms_line(&sample_market()),
            "Arsenal v Chelsea (fixture 18502311), the game_finalised record (period 100); YES if \
             Arsenal goals (stat 1) > 1"
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
            "Arsenal goals (stat 1) + Chelsea goals (stat 2) > 2"
        );
        market.second_stat = Some(SecondStat {
            stat_key: 99,
            op: BinaryExpression::Subtract,
        });
        market.period = 1;
        assert_eq!(
            terms_line(&market),
            "Arsenal v Chelsea (fixture 18502311), period 1, retired: never settles; YES if \
             Arsenal goals (stat 1) - unknown stat 99 > 2"
        );
    }

    #[test]
    fn a_half_and_an_unknown_fixture_are_named_from_the_encoding() {
        assert_eq!(
            describe_stat(1001, 18_502_311),
            "Arsenal first-half goals (stat 1001)"
        );
        assert_eq!(
            describe_stat(3008, 42),
            "second-half corners of participant 2 (stat 3008)"
        );
        assert_eq!(stat_name(1001, 18_502_311), "Arsenal first-half goals");
        assert_eq!(stat_name(9, 18_502_311), "unknown stat 9");
    }
}
