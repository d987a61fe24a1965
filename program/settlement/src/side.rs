//! The two sides of a market, YES and NO: what a position stakes on, what a settlement states and
//! what a proof file expects. Accounts store a side as one byte, its Borsh encoding (the
//! variant's place: NO 0, YES 1); the `deposit` instruction carries it as a plain byte
//! ([`OUTCOME_NO`], [`OUTCOME_YES`]), so that any other byte reaches the program and is refused
//! as `InvalidOutcome`.
//!
//! One type for every crate: the client's text and JSON words live here too (JSON behind the
//! `serde` feature), since only the crate that defines a type can give it those traits.

use std::fmt;
use std::str::FromStr;

use anchor_lang::prelude::*;

use crate::constants::{OUTCOME_NO, OUTCOME_YES};
use crate::stated_outcome::StatedOutcome;

/// A side of a market, stored as one byte: NO 0, YES 1. In text `YES` or `NO`, in JSON `"yes"`
/// or `"no"`.
#[derive(
    AnchorSerialize, AnchorDeserialize, Clone, Copy, Debug, PartialEq, Eq, Hash, InitSpace,
)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Side {
    // The order is the stored byte: NO 0, YES 1.
    No,
    Yes,
}

/// Text or a byte that names no side.
#[derive(Clone, Debug, PartialEq, Eq, ::thiserror::Error)]
pub enum NotASide {
    /// A byte the instruction can carry and the program refuses (`InvalidOutcome`).
    #[error("outcome {0} is neither 1 (YES) nor 0 (NO)")]
    Byte(u8),
    /// Not a number at all: no instruction can carry it.
    #[error("`{0}` is not a side: write yes, no, 1 or 0")]
    Word(String),
}

impl Side {
    /// The byte the `deposit` instruction carries for this side, the same as the one stored.
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

    fn try_from(byte: u8) -> std::result::Result<Self, NotASide> {
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

    fn from_str(text: &str) -> std::result::Result<Self, NotASide> {
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
    fn a_side_is_stored_as_the_byte_the_instruction_carries() {
        for side in [Side::Yes, Side::No] {
            let stored = borsh::to_vec(&side).expect("encodes");
            assert_eq!(stored, [side.byte()], "{side}");
            assert_eq!(Side::try_from_slice(&stored).ok(), Some(side));
        }
        assert_eq!(
            (Side::Yes.byte(), Side::No.byte()),
            (OUTCOME_YES, OUTCOME_NO)
        );
        assert_eq!(Side::INIT_SPACE, 1);
        // A byte no side has does not decode: an account cannot hold a third side.
        assert!(Side::try_from_slice(&[2]).is_err());
    }

    #[test]
    fn sides_are_words_or_the_instructions_bytes() {
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
    fn a_side_reads_back_from_its_text() {
        for side in [Side::Yes, Side::No] {
            assert_eq!(side.to_string().parse(), Ok(side));
            assert_eq!(side.opposite().opposite(), side);
        }
        assert_eq!(Side::Yes.to_string(), "YES");
        assert_eq!(Side::Yes.opposite(), Side::No);
    }

    #[test]
    fn predicates_and_statements_name_their_side() {
        assert_eq!(Side::from(true), Side::Yes);
        assert_eq!(Side::from(false), Side::No);
        assert_eq!(Side::from(StatedOutcome::NoAbove), Side::No);
        assert_eq!(Side::from(StatedOutcome::NoBelow), Side::No);
        assert_eq!(Side::from(StatedOutcome::Yes), Side::Yes);
    }
}
