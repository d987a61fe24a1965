//! A market's predicate on the command line: `<gt|lt|eq>:<THRESHOLD>`, as in proof files.

use fulltime_client::txline_interface::{Comparison, TraderPredicate};

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PredicateError {
    #[error("`{0}` is not a predicate: write <gt|lt|eq>:<THRESHOLD>, like gt:1")]
    Shape(String),
    #[error("`{0}` is not a comparison: use gt (greater than), lt (less than) or eq (equal to)")]
    Comparison(String),
    #[error("`{0}` is not a threshold: use a whole number from -2147483648 to 2147483647")]
    Threshold(String),
}

pub fn parse_predicate(text: &str) -> Result<TraderPredicate, PredicateError> {
    let (comparison, threshold) = text
        .split_once(':')
        .ok_or_else(|| PredicateError::Shape(text.to_owned()))?;
    let comparison = match comparison.trim().to_ascii_lowercase().as_str() {
        "gt" => Comparison::GreaterThan,
        "lt" => Comparison::LessThan,
        "eq" => Comparison::EqualTo,
        _ => return Err(PredicateError::Comparison(comparison.to_owned())),
    };
    let threshold = threshold
        .trim()
        .parse()
        .map_err(|_| PredicateError::Threshold(threshold.to_owned()))?;
    Ok(TraderPredicate {
        threshold,
        comparison,
    })
}

/// `> 1`: the comparison and threshold alone.
pub fn compare_text(predicate: TraderPredicate) -> String {
    let symbol = match predicate.comparison {
        Comparison::GreaterThan => ">",
        Comparison::LessThan => "<",
        Comparison::EqualTo => "=",
    };
    format!("{symbol} {}", predicate.threshold)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn predicate(comparison: Comparison, threshold: i32) -> TraderPredicate {
        TraderPredicate {
            threshold,
            comparison,
        }
    }

    #[test]
    fn parses_comparison_and_threshold() {
        for (text, expected) in [
            ("gt:1", predicate(Comparison::GreaterThan, 1)),
            ("lt:6", predicate(Comparison::LessThan, 6)),
            ("eq:0", predicate(Comparison::EqualTo, 0)),
            ("GT:-2", predicate(Comparison::GreaterThan, -2)),
            ("eq: 2", predicate(Comparison::EqualTo, 2)),
        ] {
            assert_eq!(parse_predicate(text), Ok(expected), "{text}");
        }
    }

    #[test]
    fn each_mistake_has_its_own_message() {
        assert_eq!(
            parse_predicate("gt1"),
            Err(PredicateError::Shape("gt1".into()))
        );
        assert_eq!(
            parse_predicate("gte:1"),
            Err(PredicateError::Comparison("gte".into()))
        );
        assert_eq!(
            parse_predicate("gt:one")
                .expect_err("threshold")
                .to_string(),
            "`one` is not a threshold: use a whole number from -2147483648 to 2147483647"
        );
        assert_eq!(
            parse_predicate("lt:2147483648"),
            Err(PredicateError::Threshold("2147483648".into()))
        );
        assert_eq!(
            parse_predicate("x").expect_err("shape").to_string(),
            "`x` is not a predicate: write <gt|lt|eq>:<THRESHOLD>, like gt:1"
        );
    }

    #[test]
    fn shows_the_comparison_and_threshold() {
        assert_eq!(compare_text(predicate(Comparison::GreaterThan, 1)), "> 1");
        assert_eq!(compare_text(predicate(Comparison::EqualTo, -3)), "= -3");
    }
}
