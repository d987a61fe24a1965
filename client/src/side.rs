//! The two sides of a market, YES and NO: what a deposit stakes on, what a settlement resolves
//! to and what a proof fixture expects. The program carries a side as a byte
//! (`OUTCOME_YES`, `OUTCOME_NO`); everything above the instruction encoding speaks of a [`Side`].

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use settlement::StatedOutcome;
use settlement::constants::{OUTCOME_NO, OUTCOME_YES};
use settlement::state::{Market, Position};

/// `"yes"` or `"no"` in JSON, `YES` or `NO` in text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Yes,
    No,
}

/// Text or a byte that names no side.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotASide {
    /// A byte the instruction can carry and the program refuses (`InvalidOutcome`).
    #[error("outcome {0} is neither 1 (YES) nor 0 (NO)")]
    Byte(u8),
    /// Not a number at all: no instruction can carry it.
    #[error("`{0}` is not a side: write yes, no, 1 or 0")]
    Word(String),
}

impl Side {
    /// The byte the program takes and stores for this side.
    pub const fn byte(self) -> u8 {
        match self {
            Self::Yes => OUTCOME_YES,
            Self::No => OUTCOME_NO,
        }
    }

    /// The other side.
    pub const fn opposite(self) -> Self {
        match self {
            Self::Yes => Self::No,
            Self::No => Self::Yes,
        }
    }

    /// The side an account's `outcome` byte stands for. The program stores only its two bytes
    /// and counts every byte but YES's as NO (`Market::total_on`); so does this.
    pub fn stored(byte: u8) -> Self {
        if byte == OUTCOME_YES {
            Self::Yes
        } else {
            Self::No
        }
    }

    /// The side a position stakes on: the one its first deposit chose.
    pub fn of_position(position: &Position) -> Self {
        Self::stored(position.outcome)
    }

    /// The side a market was settled as; `None` before a settlement.
    pub fn of_market(market: &Market) -> Option<Self> {
        market.settled.then(|| Self::stored(market.outcome))
    }
}

/// The side that wins: YES when the market's predicate holds.
impl From<bool> for Side {
    fn from(holds: bool) -> Self {
        if holds { Self::Yes } else { Self::No }
    }
}

/// The side a settler's statement gives the market.
impl From<StatedOutcome> for Side {
    fn from(stated: StatedOutcome) -> Self {
        match stated {
            StatedOutcome::Yes => Self::Yes,
            StatedOutcome::NoBelow | StatedOutcome::NoAbove => Self::No,
        }
    }
}

impl TryFrom<u8> for Side {
    type Error = NotASide;

    fn try_from(byte: u8) -> Result<Self, NotASide> {
        match byte {
            OUTCOME_YES => Ok(Self::Yes),
            OUTCOME_NO => Ok(Self::No),
            other => Err(NotASide::Byte(other)),
        }
    }
}

/// `yes`, `no`, `1` or `0`, in any case and spacing. Another number is [`NotASide::Byte`], so
/// that a forced deposit can still send it and see the program refuse it.
impl FromStr for Side {
    type Err = NotASide;

    fn from_str(text: &str) -> Result<Self, NotASide> {
        match text.trim().to_ascii_lowercase().as_str() {
            "yes" => Ok(Self::Yes),
            "no" => Ok(Self::No),
            number => number
                .parse::<u8>()
                .map_err(|_| NotASide::Word(text.to_owned()))
                .and_then(Self::try_from),
        }
    }
}

/// `YES` or `NO`.
impl fmt::Display for Side {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(match self {
            Self::Yes => "YES",
            Self::No => "NO",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sides_are_words_or_the_programs_bytes() {
        for (text, side) in [
            ("yes", Side::Yes),
            ("YES", Side::Yes),
            (" 1 ", Side::Yes),
            ("no", Side::No),
            ("No", Side::No),
            ("0", Side::No),
        ] {
            assert_eq!(text.parse(), Ok(side), "{text}");
            assert_eq!(Side::try_from(side.byte()), Ok(side));
        }
        assert_eq!(
            (Side::Yes.byte(), Side::No.byte()),
            (OUTCOME_YES, OUTCOME_NO)
        );
        assert_eq!("2".parse::<Side>(), Err(NotASide::Byte(2)));
        assert_eq!(Side::try_from(7), Err(NotASide::Byte(7)));
        for text in ["maybe", "", "-1", "256", "y"] {
            assert_eq!(
                text.parse::<Side>(),
                Err(NotASide::Word(text.into())),
                "{text}"
            );
        }
    }

    #[test]
    fn a_side_reads_back_from_its_text_and_json() {
        for side in [Side::Yes, Side::No] {
            assert_eq!(side.to_string().parse(), Ok(side));
            let json = serde_json::to_string(&side).expect("serializes");
            assert_eq!(serde_json::from_str::<Side>(&json).expect("parses"), side);
            assert_eq!(side.opposite().opposite(), side);
        }
        assert_eq!(Side::Yes.to_string(), "YES");
        assert_eq!(serde_json::to_value(Side::No).expect("serializes"), "no");
        assert_eq!(Side::Yes.opposite(), Side::No);
    }

    #[test]
    fn accounts_and_statements_name_their_side() {
        assert_eq!(Side::stored(OUTCOME_YES), Side::Yes);
        assert_eq!(Side::stored(OUTCOME_NO), Side::No);
        assert_eq!(Side::from(true), Side::Yes);
        assert_eq!(Side::from(false), Side::No);
        assert_eq!(Side::from(StatedOutcome::NoAbove), Side::No);
        assert_eq!(Side::from(StatedOutcome::Yes), Side::Yes);
        let mut market = fulltime_testkit::sample::market(1_000);
        assert_eq!(Side::of_market(&market), None);
        market.settled = true;
        assert_eq!(Side::of_market(&market), Some(Side::No));
        market.outcome = OUTCOME_YES;
        assert_eq!(Side::of_market(&market), Some(Side::Yes));
        let position = Position {
            owner: Default::default(),
            market: Default::default(),
            outcome: OUTCOME_NO,
            amount: 1,
            claimed: false,
            bump: 0,
        };
        assert_eq!(Side::of_position(&position), Side::No);
    }
}
