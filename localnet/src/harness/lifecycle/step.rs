//! The steps of a random lifecycle: what a creator, a user, a settler or the clock does next.
//! Wallet and market numbers are taken modulo how many exist, so any step fits any lifecycle.

use settlement::StatedOutcome;
use txline_interface::{BinaryExpression, Comparison};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    CreateMarket(TermsPick),
    Deposit {
        wallet: usize,
        market: usize,
        /// 0 NO, 1 YES; anything else is invalid.
        outcome: u8,
        amount: u64,
    },
    Settle {
        market: usize,
        proof: ProofPick,
        stated: StatedPick,
    },
    Time {
        market: usize,
        mark: Mark,
    },
    Claim {
        wallet: usize,
        market: usize,
    },
    Refund {
        wallet: usize,
        market: usize,
    },
}

/// A market's terms relative to the clock, valid or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TermsPick {
    /// The question is this many copies of `question_char` (1 to 4 bytes each).
    pub question_chars: usize,
    pub question_char: char,
    /// Seconds from the clock to the close time.
    pub close_in: i64,
    pub dispute_window: i64,
    pub comparison: Comparison,
    pub threshold: i32,
    /// For a two-stat market, how the second stat combines with the first.
    pub second_stat: Option<BinaryExpression>,
}

/// Which proof a settler sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofPick {
    /// A batch posted now for the market's fixture, in a five-minute slot after every batch so
    /// far (`later`) or before every one.
    Fresh {
        later: bool,
        stat: StatPick,
        /// Per summary of the fixture in the batch, the stat's value after each of its events,
        /// as an offset from the market's threshold. Two summaries of one fixture in one batch
        /// are two versions of its events: a proof from one never replaces one from the other.
        summaries: Vec<Vec<i8>>,
        summary: usize,
        event: usize,
    },
    /// An event of a batch posted earlier in the lifecycle, for this market or another one:
    /// `back` 0 is the latest batch.
    Posted {
        back: usize,
        summary: usize,
        event: usize,
    },
    /// A rival of the proof the market's settlement rests on: from its batch, `event_step`
    /// events on, in the same summary or in the batch's other version of the fixture's events.
    Rival { other_summary: bool, event_step: i8 },
}

/// Which stat a fresh batch carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatPick {
    /// The market's stat key and period.
    Market,
    OtherKey,
    OtherPeriod,
}

/// The outcome a settler states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatedPick {
    /// The outcome the proven value gives, as the model works it out.
    Truth,
    /// Whatever the client (`TestChain::settle`) works out from the value.
    Client,
    /// This one, right or wrong.
    Exactly(StatedOutcome),
}

/// Where a time step moves the clock, relative to one market; never backwards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    BeforeClose,
    Close,
    BeforeDisputeEnd,
    DisputeEnd,
    BeforeGraceEnd,
    GraceEnd,
    Forward(i64),
}
