//! A market's stat on the command line: `1`, or two stats combined, `1+2` (total goals) or `1-2`
//! (goal difference, home minus away).

use fulltime_client::settlement::state::SecondStat;
use fulltime_client::txline_interface::BinaryExpression;

/// The stat key a market binds, and for a two-stat market the second one and how it combines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatSpec {
    pub stat_key: u32,
    pub second_stat: Option<SecondStat>,
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum StatError {
    #[error("`{0}` is not a stat: write a stat key like 1, or two combined like 1+2 or 1-2")]
    Shape(String),
    #[error("`{0}` is not a stat key: use a whole number from 0 to 4294967295")]
    Key(String),
}

pub fn parse_stat(text: &str) -> Result<StatSpec, StatError> {
    let text = text.trim();
    let split = text
        .char_indices()
        .skip(1)
        .find(|(_, c)| *c == '+' || *c == '-');
    let key = |part: &str| {
        part.trim()
            .parse::<u32>()
            .map_err(|_| StatError::Key(part.trim().to_owned()))
    };
    let Some((at, sign)) = split else {
        return Ok(StatSpec {
            stat_key: key(text)?,
            second_stat: None,
        });
    };
    let (first, second) = (&text[..at], &text[at + 1..]);
    if first.trim().is_empty() || second.trim().is_empty() {
        return Err(StatError::Shape(text.to_owned()));
    }
    let op = if sign == '+' {
        BinaryExpression::Add
    } else {
        BinaryExpression::Subtract
    };
    Ok(StatSpec {
        stat_key: key(first)?,
        second_stat: Some(SecondStat {
            stat_key: key(second)?,
            op,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_stat_or_two_combined() {
        assert_eq!(
            parse_stat("1"),
            Ok(StatSpec {
                stat_key: 1,
                second_stat: None
            })
        );
        assert_eq!(
            parse_stat(" 1 + 2 "),
            Ok(StatSpec {
                stat_key: 1,
                second_stat: Some(SecondStat {
                    stat_key: 2,
                    op: BinaryExpression::Add
                })
            })
        );
        assert_eq!(
            parse_stat("2-1"),
            Ok(StatSpec {
                stat_key: 2,
                second_stat: Some(SecondStat {
                    stat_key: 1,
                    op: BinaryExpression::Subtract
                })
            })
        );
    }

    #[test]
    fn bad_stats_say_what_is_wrong() {
        assert_eq!(parse_stat("1+"), Err(StatError::Shape("1+".into())));
        assert_eq!(parse_stat("goals"), Err(StatError::Key("goals".into())));
        assert_eq!(parse_stat("-1"), Err(StatError::Key("-1".into())));
        assert_eq!(parse_stat("1*2"), Err(StatError::Key("1*2".into())));
        assert_eq!(parse_stat("1+x"), Err(StatError::Key("x".into())));
    }
}
