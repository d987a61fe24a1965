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
        /// The instruction's byte: 0 NO, 1 YES; anything else is invalid, and sent so that the
        /// program refuses it.
        outcome: u8,
        amount: u64,
    },
    Settle {
        market: usize,
        proof: ProofPick,
        full_time: FullTimePick,
        cut: CutPick,
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
    /// The stat's period: 1 (first half) and 100 (full time) are taken, any other refused.
    pub period: i32,
}

/// Which proof a settler sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProofPick {
    /// A batch posted now for the market's fixture, dated as `date` says.
    Fresh {
        date: DatePick,
        stat: StatPick,
        /// Per summary of the fixture in the batch, its events in order. Two summaries of one
        /// fixture in one batch are two versions of its events: a proof from one never replaces
        /// one from the other.
        summaries: Vec<Vec<EventPick>>,
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

/// One event of a fresh batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventPick {
    /// The market's value after the event, as an offset from the market's threshold.
    pub offset: i8,
    /// The match was still being played: the event carries running values and no full-time
    /// stat. A full-time stat is final by itself, so in a batch of the market's period 100 every
    /// event finishes the match.
    pub in_play: bool,
}

/// The full-time mark a settler sends with the proof: one period-100 stat of an event and its
/// path, showing that the event finishes the match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FullTimePick {
    /// What an honest settler sends: the proven event's full-time stat where the value is not
    /// full time itself and the event has one; none otherwise.
    Honest,
    /// None.
    Omitted,
    /// The full-time stat of the summary's next event, where it has one.
    NextEvent,
    /// A full-time stat the event does not have: the proven event's own with its value raised
    /// by one, or the proven stat relabelled as full time.
    Forged,
    /// The proven stat itself: a full-time stat of its event only when the value is full time.
    ProvenStat,
}

/// When a fresh batch is dated. Each batch takes a five-minute slot of its own (a slot holds one
/// root): when the slot of the date is taken, the batch moves to the nearest free one, away
/// from the clock for a batch from the future and towards the past otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DatePick {
    /// The oracle's next batch: after the market's batches so far, and from the later of its
    /// close and the clock. Once the market has closed, the settler waits for its publication.
    Next,
    /// Before the market's batches so far (before the clock when it has none): a settler holding
    /// an older batch.
    Earlier,
    /// This many milliseconds before the market's close: 1 is the last millisecond before it.
    BeforeClose(i64),
    /// This many milliseconds after the start of the clock's second: 999 is the last millisecond
    /// of the clock's own second, 1,000 the first one of the future.
    FromClock(i64),
}

/// Where a settler cuts the proof's path between the stats and the fixture. The oracle hashes
/// leaves and inner nodes alike and knows nothing of the events tree's shape, so the re-split
/// cuts verify in it: the settlement program must pin the event itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CutPick {
    /// As the oracle publishes it: each stat's path ends at its event's stat root.
    AsPublished,
    /// The fixture path moved onto the end of each stat's path: both stats name the events root
    /// as their event's, and the fixture path is empty.
    Resplit,
    /// The fixture path grown by one step into the event: the first stat's top path step moved
    /// onto it, so that a node inside the event is named as the event's root. Only a two-stat
    /// event has a node inside it.
    GrownIntoEvent,
    /// The second stat taken from the summary's next event, each stat cut at its own event.
    MixedEvents,
    /// The same, both stats raised to the events root.
    MixedEventsResplit,
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
    /// The second in which the latest batch so far was published.
    Publication,
}
