//! TxLINE's soccer stat encoding, the one table that names every key.
//!
//! A key is `part prefix + base key`: the base key (1..=8) is what is counted and for which
//! participant, the prefix (a multiple of 1000) which part of the match. `1001` is participant 1's
//! first-half goals. Participant 1 is the side TxLINE lists first (the home side where
//! `Participant1IsHome`). Every face shows a key through [`StatKey::name`], never a bare number
//! and never a meaning of Fulltime's own.

use std::fmt;

/// What a base key counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Goals,
    YellowCards,
    RedCards,
    Corners,
}

/// The part of the match a prefix names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchPart {
    /// Prefix 0: the whole match, extra time included.
    Total,
    /// 1000.
    FirstHalf,
    /// 2000: up to half time.
    HalfTime,
    /// 3000.
    SecondHalf,
    /// 4000.
    ExtraTimeFirstHalf,
    /// 5000.
    ExtraTimeSecondHalf,
    /// 6000.
    Shootout,
    /// 7000: both halves of extra time.
    ExtraTime,
}

/// Which side: TxLINE's participant 1 or 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Participant {
    One,
    Two,
}

/// A key of TxLINE's soccer encoding, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StatKey {
    pub part: MatchPart,
    pub counted: Counted,
    pub participant: Participant,
}

/// The two sides' names, participant 1 first, where the fixture is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sides<'a> {
    pub participant1: &'a str,
    pub participant2: &'a str,
}

const PARTS: [(u32, MatchPart); 8] = [
    (0, MatchPart::Total),
    (1000, MatchPart::FirstHalf),
    (2000, MatchPart::HalfTime),
    (3000, MatchPart::SecondHalf),
    (4000, MatchPart::ExtraTimeFirstHalf),
    (5000, MatchPart::ExtraTimeSecondHalf),
    (6000, MatchPart::Shootout),
    (7000, MatchPart::ExtraTime),
];

const COUNTED: [Counted; 4] = [
    Counted::Goals,
    Counted::YellowCards,
    Counted::RedCards,
    Counted::Corners,
];

impl StatKey {
    /// The key's meaning, or `None` for a number outside the published encoding.
    pub fn decode(key: u32) -> Option<Self> {
        let (prefix, base) = (key / 1000 * 1000, key % 1000);
        let part = PARTS.iter().find(|(at, _)| *at == prefix)?.1;
        let index = usize::try_from(base.checked_sub(1)?).ok()?;
        let counted = *COUNTED.get(index / 2)?;
        let participant = if index % 2 == 0 {
            Participant::One
        } else {
            Participant::Two
        };
        Some(Self {
            part,
            counted,
            participant,
        })
    }

    /// The key number: the part's prefix plus the base key.
    pub fn number(self) -> u32 {
        let prefix = PARTS
            .iter()
            .find(|(_, part)| *part == self.part)
            .map_or(0, |(prefix, _)| *prefix);
        let counted = COUNTED
            .iter()
            .position(|counted| *counted == self.counted)
            .map_or(0, |index| index as u32);
        let participant = match self.participant {
            Participant::One => 1,
            Participant::Two => 2,
        };
        prefix + counted * 2 + participant
    }

    /// `Arsenal first-half goals` with the sides' names, `first-half goals of participant 1`
    /// without.
    pub fn name(self, sides: Option<Sides>) -> String {
        let counted = match self.part.adjective() {
            "" => self.counted.noun().to_owned(),
            part => format!("{part} {}", self.counted.noun()),
        };
        match sides {
            Some(sides) => {
                let side = match self.participant {
                    Participant::One => sides.participant1,
                    Participant::Two => sides.participant2,
                };
                format!("{side} {counted}")
            }
            None => {
                let participant = match self.participant {
                    Participant::One => 1,
                    Participant::Two => 2,
                };
                format!("{counted} of participant {participant}")
            }
        }
    }
}

/// `Arsenal first-half goals (stat 1001)`, or `unknown stat 9` for a number outside the
/// encoding: the name and the number a tester types, together.
pub fn describe(key: u32, sides: Option<Sides>) -> String {
    match StatKey::decode(key) {
        Some(stat) => format!("{} (stat {key})", stat.name(sides)),
        None => format!("unknown stat {key}"),
    }
}

impl Counted {
    fn noun(self) -> &'static str {
        match self {
            Self::Goals => "goals",
            Self::YellowCards => "yellow cards",
            Self::RedCards => "red cards",
            Self::Corners => "corners",
        }
    }
}

impl MatchPart {
    /// The part as it stands before what is counted: `first-half` goals.
    fn adjective(self) -> &'static str {
        match self {
            Self::Total => "",
            Self::FirstHalf => "first-half",
            Self::HalfTime => "half-time",
            Self::SecondHalf => "second-half",
            Self::ExtraTimeFirstHalf => "extra-time first-half",
            Self::ExtraTimeSecondHalf => "extra-time second-half",
            Self::Shootout => "shoot-out",
            Self::ExtraTime => "extra-time",
        }
    }
}

/// A score record's game phase (its `StatusId`), as TxLINE's soccer feed tables them; 100 is the
/// `game_finalised` record's.
pub fn status_name(status: i32) -> Option<&'static str> {
    Some(match status {
        1 => "not started",
        2 => "first half in play",
        3 => "half time",
        4 => "second half in play",
        5 => "finished",
        6 => "waiting for extra time",
        7 => "extra time, first half in play",
        8 => "extra time, half time",
        9 => "extra time, second half in play",
        10 => "finished after extra time",
        11 => "waiting for the penalty shoot-out",
        12 => "penalty shoot-out in progress",
        13 => "finished after the penalty shoot-out",
        14 => "interrupted",
        15 => "abandoned",
        16 => "cancelled",
        17 => "coverage cancelled",
        18 => "coverage suspended",
        19 => "postponed",
        100 => "finalised",
        _ => return None,
    })
}

impl fmt::Display for StatKey {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.name(None))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ARSENAL_CHELSEA: Sides = Sides {
        participant1: "Arsenal",
        participant2: "Chelsea",
    };

    #[test]
    fn base_keys_are_the_published_ones() {
        let named: Vec<String> = (1..=8)
            .map(|key| StatKey::decode(key).expect("a base key").name(None))
            .collect();
        assert_eq!(
            named,
            [
                "goals of participant 1",
                "goals of participant 2",
                "yellow cards of participant 1",
                "yellow cards of participant 2",
                "red cards of participant 1",
                "red cards of participant 2",
                "corners of participant 1",
                "corners of participant 2",
            ]
        );
    }

    #[test]
    fn prefixes_name_the_part_of_the_match() {
        let name = |key| StatKey::decode(key).expect("published").name(None);
        assert_eq!(name(1001), "first-half goals of participant 1");
        assert_eq!(name(2001), "half-time goals of participant 1");
        assert_eq!(name(3001), "second-half goals of participant 1");
        assert_eq!(name(4001), "extra-time first-half goals of participant 1");
        assert_eq!(name(5001), "extra-time second-half goals of participant 1");
        assert_eq!(name(6001), "shoot-out goals of participant 1");
        assert_eq!(name(7008), "extra-time corners of participant 2");
        assert_eq!(name(8), "corners of participant 2");
    }

    #[test]
    fn with_the_sides_known_a_key_names_the_team() {
        let name = |key| {
            StatKey::decode(key)
                .expect("published")
                .name(Some(ARSENAL_CHELSEA))
        };
        assert_eq!(name(1001), "Arsenal first-half goals");
        assert_eq!(name(2), "Chelsea goals");
        assert_eq!(name(3004), "Chelsea second-half yellow cards");
        assert_eq!(
            describe(1001, Some(ARSENAL_CHELSEA)),
            "Arsenal first-half goals (stat 1001)"
        );
    }

    #[test]
    fn numbers_outside_the_encoding_are_not_named() {
        for key in [0, 9, 10, 999, 1000, 1009, 8001, 10_001, u32::MAX] {
            assert_eq!(StatKey::decode(key), None, "{key}");
        }
        assert_eq!(describe(9, None), "unknown stat 9");
    }

    #[test]
    fn every_key_decodes_to_itself() {
        for prefix in (0..=7).map(|part| part * 1000) {
            for base in 1..=8 {
                let key = prefix + base;
                assert_eq!(StatKey::decode(key).map(StatKey::number), Some(key));
            }
        }
    }

    #[test]
    fn statuses_are_the_published_phases_and_the_finalised_record() {
        assert_eq!(status_name(2), Some("first half in play"));
        assert_eq!(
            status_name(13),
            Some("finished after the penalty shoot-out")
        );
        assert_eq!(status_name(100), Some("finalised"));
        assert_eq!(status_name(0), None);
        assert_eq!(status_name(20), None);
    }
}
