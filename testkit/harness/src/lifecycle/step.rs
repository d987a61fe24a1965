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
        cut: CutPick,
        second_stat: SecondStatPick,
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
    /// The stat's period: only 100, the `game_finalised` record's, is taken, any other
    /// refused; for a planted market, the period of the retired rule it holds.
    pub period: i32,
    /// The market as a chain kept from before holds it (`TestChain::plant_market`): created
    /// under today's rules but for its period, which is written afterwards.
    pub planted: bool,
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
    /// The match was still being played: a score record in play, whose stats carry its in-play
    /// period and running values. Otherwise the `game_finalised` record: period 100, final.
    pub in_play: bool,
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
    /// onto it, so that a node inside the event (a record of several stats) is named as the
    /// event's root.
    GrownIntoEvent,
    /// The second stat taken from the summary's next event, each stat cut at its own event.
    MixedEvents,
    /// The same, both stats raised to the events root.
    MixedEventsResplit,
}

/// How a settler writes a two-stat proof's second stat: its own siblings, and how many of the
/// first stat's last siblings complete its path (`SecondStatProof`). The forged ones hash up to
/// no event's root; the program must refuse them itself, before it asks the oracle. A one-stat
/// market has no second stat to forge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SecondStatPick {
    /// As the client writes it.
    Compact,
    /// One more shared sibling claimed than the paths share: the rebuilt path is one step too
    /// long.
    SharedOneMore,
    /// More shared siblings claimed than the first stat's path holds.
    SharedPastFirstPath,
    /// Its own siblings without the last one, the step below where the paths join.
    OwnPathCut,
}

/// Which stat a fresh batch carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatPick {
    /// The market's stat keys, each record at its own period (100 for `game_finalised`).
    Market,
    /// The first stat of another part of the match: the market's base key with the first half's
    /// prefix (`1001` for a market on `1`).
    OtherKey,
    /// The market's stat keys, every record relabelled to a period other than 100: the
    /// `halftime_finalised` record's, reviewed but not the final outcome.
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
