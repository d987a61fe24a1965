//! The values random steps are drawn from, shared by the soak's generator and the property
//! test's strategies so that both explore the same lifecycles. Edges sit on both sides of every
//! bound of the contract, written out here as plain numbers.

use std::ops::RangeInclusive;

use txline_interface::{BinaryExpression, Comparison};

const MINUTE: i64 = 60;
const DAY: i64 = 24 * 60 * MINUTE;

/// Wallets per lifecycle.
pub const WALLETS: usize = 4;

/// Each wallet's test USDC: four of them stay below `u64::MAX` together, and a few whale
/// deposits make `stake * pool` exceed 64 bits.
pub const WALLET_FUNDS: u64 = 1 << 61;

/// Market numbers a step draws; taken modulo the markets that exist.
pub const MARKET_PICKS: usize = 4;

pub const COMPARISONS: [Comparison; 3] = [
    Comparison::GreaterThan,
    Comparison::LessThan,
    Comparison::EqualTo,
];

/// One-stat markets, and two-stat markets of either operation.
pub const SECOND_STATS: [Option<BinaryExpression>; 3] = [
    None,
    Some(BinaryExpression::Add),
    Some(BinaryExpression::Subtract),
];

/// The periods of a market: only the `game_finalised` record's, 100, is taken; the retired
/// rule's first and second half, 1 and 2, are refused.
pub const PERIODS: [i32; 3] = [1, 2, 100];
pub const FINAL_PERIOD: i32 = 100;
/// Around the period taken, and the periods of records in play (3 half time, 4 second half).
pub const EDGE_PERIODS: [i32; 6] = [-1, 0, 3, 4, 99, 101];
/// The periods of the retired rule a planted market holds: a chain kept from before.
pub const RETIRED_PERIODS: [i32; 2] = [1, 2];

pub const TYPICAL_THRESHOLDS: RangeInclusive<i32> = 0..=3;
/// Each decidable for some comparison only (`gt i32::MAX`, `lt i32::MIN` never are).
pub const EDGE_THRESHOLDS: [i32; 4] = [i32::MIN, i32::MIN + 1, i32::MAX - 1, i32::MAX];

pub const TYPICAL_CLOSE_IN: RangeInclusive<i64> = MINUTE..=2 * DAY;
/// Around "after now" and "at most 366 days ahead".
pub const EDGE_CLOSE_IN: [i64; 5] = [-1, 0, 1, 366 * DAY, 366 * DAY + 1];
pub const VALID_EDGE_CLOSE_IN: [i64; 2] = [1, 366 * DAY];

pub const TYPICAL_DISPUTE_WINDOWS: RangeInclusive<i64> = MINUTE..=DAY;
/// Around 60 seconds to 7 days.
pub const EDGE_DISPUTE_WINDOWS: [i64; 5] = [0, 59, 60, 7 * DAY, 7 * DAY + 1];
pub const VALID_EDGE_DISPUTE_WINDOWS: [i64; 2] = [60, 7 * DAY];

pub const TYPICAL_QUESTION_CHARS: RangeInclusive<usize> = 1..=140;
/// Around 140 characters (not bytes).
pub const EDGE_QUESTION_CHARS: [usize; 3] = [0, 140, 141];
/// One, two and four UTF-8 bytes.
pub const QUESTION_ALPHABET: [char; 3] = ['a', 'é', '⚽'];

/// Around the 0.10 USDC minimum.
pub const BELOW_MINIMUM: RangeInclusive<u64> = 0..=99_999;
pub const MINIMUM: u64 = 100_000;
pub const TYPICAL_AMOUNTS: RangeInclusive<u64> = 100_000..=300_000_000;
/// Large enough that a wallet can run dry and that 64-bit payout arithmetic would overflow.
pub const WHALE_AMOUNTS: RangeInclusive<u64> = (1 << 40)..=WALLET_FUNDS;

/// A proven value's offset from the market's threshold.
pub const VALUE_OFFSETS: RangeInclusive<i8> = -2..=2;
pub const SUMMARIES_PER_BATCH: RangeInclusive<usize> = 1..=2;
/// Up to three events, so that an odd tree level promotes its last node.
pub const EVENTS_PER_SUMMARY: RangeInclusive<usize> = 1..=3;
/// Picks of summary and event, taken modulo what exists.
pub const INDEX_PICKS: usize = 4;
/// Picks of a posted batch, latest first: mostly the latest, whose events compete most.
pub const BACK_PICKS: usize = 2;
/// How far a rival proof's event is from the settled one's: same, earlier, later.
pub const RIVAL_EVENT_STEPS: RangeInclusive<i8> = -1..=2;

/// Clock steps that are not tied to a market's deadlines.
pub const FORWARD_SECS: [i64; 5] = [1, 59, 60, 3_600, DAY];

/// Batches dated before a market's close, in milliseconds before it: its last millisecond, a
/// minute, an hour (a match over before its market closed).
pub const BEFORE_CLOSE_MS: [i64; 3] = [1, 60_000, 3_600_000];
/// Batches dated from the clock's second, in milliseconds after its start: the last one of the
/// clock's own second (still valid), the first of the next, a slot ahead, an hour ahead.
pub const FROM_CLOCK_MS: [i64; 4] = [999, 1_000, 300_000, 3_600_000];

/// Markets created, with valid terms, before the random steps.
pub const FIRST_MARKETS: RangeInclusive<usize> = 1..=2;

/// A stretch of a lifecycle. Any step may come at any time, but most steps only do something
/// at the right time (deposits before the close, claims after the dispute window), so each
/// stretch favours the steps of its time.
pub struct Phase {
    /// Weights of deposit, settle, time, claim, refund, create market.
    pub steps: [u32; 6],
    /// The clock step that opens the stretch, by mark weights as in [`weight::MARKS`].
    pub opening: Option<[u32; 8]>,
    pub len: RangeInclusive<usize>,
}

pub const PHASES: [Phase; 3] = [
    // Open: mostly deposits.
    Phase {
        steps: [60, 4, 6, 3, 3, 2],
        opening: None,
        len: 2..=16,
    },
    // From about the close: settlements, competing ones among them, and early claims.
    Phase {
        steps: [6, 40, 10, 10, 6, 1],
        opening: Some([2, 8, 0, 0, 0, 0, 0, 0]),
        len: 0..=14,
    },
    // About the end of the dispute window or of the grace period: mostly claims and refunds.
    Phase {
        steps: [3, 10, 10, 40, 20, 1],
        opening: Some([0, 0, 2, 5, 1, 2, 0, 0]),
        len: 0..=14,
    },
];

/// How often each kind of value is drawn, relative to the others.
pub mod weight {
    /// Deposits on NO, on YES, and on the invalid outcome 2.
    pub const OUTCOMES: [u32; 3] = [9, 9, 2];
    /// Amounts below the minimum, at it, typical, whale.
    pub const AMOUNTS: [u32; 4] = [1, 1, 7, 1];

    /// Fresh batches, batches posted before, rivals of the settled proof.
    pub const PROOFS: [u32; 3] = [3, 1, 2];
    /// Fresh batches dated next, earlier, before the close, from the clock: mostly the honest
    /// next batch, so that settlements compete; one in five outside [close, clock] or older.
    pub const DATES: [u32; 4] = [16, 3, 2, 3];
    /// Proofs cut as published, re-split, grown into the event, mixing two events, mixing them
    /// re-split: about one in four cut elsewhere.
    pub const CUTS: [u32; 5] = [16, 3, 1, 1, 1];
    /// The market's stat, another part's key, another period (the half-time record's).
    pub const STATS: [u32; 3] = [18, 1, 1];
    /// `game_finalised` records against records in play.
    pub const IN_PLAY: [u32; 2] = [3, 1];
    /// A two-stat proof's second stat as the client writes it, one more shared sibling
    /// claimed, more than the first path holds, its own path cut.
    pub const SECOND_STATS: [u32; 4] = [20, 1, 1, 1];
    /// One summary of the fixture in a batch against two.
    pub const SUMMARIES: [u32; 2] = [1, 1];
    /// The true outcome, the client's, any of the three.
    pub const STATED: [u32; 3] = [5, 2, 3];

    /// Before close, close, before dispute end, dispute end, before grace end, grace end,
    /// forward, the latest batch's publication.
    pub const MARKS: [u32; 8] = [2, 3, 2, 3, 1, 2, 3, 2];

    /// Markets created on periods 1, 2 and 100, in `PERIODS`' order.
    pub const PERIODS: [u32; 3] = [1, 1, 4];
    /// Markets created against markets planted on a retired period.
    pub const PLANTED: [u32; 2] = [7, 1];

    /// A typical value against an edge, for each term of a random market.
    pub const TERM_EDGE: [u32; 2] = [8, 2];
    /// The same for a market that must be valid.
    pub const VALID_TERM_EDGE: [u32; 2] = [9, 1];
}
