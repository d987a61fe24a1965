//! The errors no timeline can reach, and why: a timeline's actions go through the desk's client,
//! which always names the accounts the program derives (even with `force = true`, which only
//! skips the client's own checks), on a node whose program, oracle and mint are set up once. Each
//! reason was read off the program's source; the root README lists them too.

use fulltime_client::errors::ErrorSource;

/// Settlement errors only a transaction built by hand, a forged account or another chain's
/// history can raise.
const SETTLEMENT: &[(&str, &str)] = &[
    (
        "InvalidVault",
        "only a vault account other than the market's own raises it; the client derives the vault",
    ),
    (
        "InvalidMint",
        "only a token account of another mint raises it; the client derives the test USDC account",
    ),
    (
        "InvalidOwner",
        "only a token account of another wallet raises it; the client derives the signer's own",
    ),
    (
        "PositionMismatch",
        "only another wallet's or market's position account raises it; the client derives it",
    ),
    (
        "InvalidOracleProgram",
        "only an oracle account other than TxLINE's raises it; the client names TxLINE's program",
    ),
    (
        "UnexpectedReturnProgram",
        "only return data from a program other than the oracle raises it; the oracle calls none",
    ),
    (
        "NoValidationReturn",
        "only an oracle that returns no verdict raises it; TxLINE's validate always returns one",
    ),
    (
        "NotUpgradeAuthority",
        "only initialize raises it, and the node initializes the program once, before any timeline",
    ),
    (
        "EventPathTooDeep",
        "a path over 64 levels of 33 bytes is more than a transaction's 1,232 bytes can carry",
    ),
    (
        "PeriodRetired",
        "only a market created under a retired rule raises it; today's program creates none",
    ),
];

/// Oracle errors a timeline cannot raise: a forged roots account raises some, a root's posting
/// that a timeline's `post_root` never makes others, and the settlement program refuses some
/// first.
const ORACLE: &[(&str, &str)] = &[
    (
        "InvalidSubTreeProof",
        "TxLINE's catalog lists it, but its validation names a bad fixture path \
         InvalidFixtureSubTreeProof",
    ),
    (
        "AccountDiscriminatorMismatch",
        "only a roots account that is not the oracle's raises it; the client derives the day's",
    ),
    (
        "InvalidPda",
        "only a roots account other than the batch day's raises it; the client derives the day's",
    ),
    (
        "InvalidOwner",
        "only a roots account another program owns raises it; the client derives the oracle's",
    ),
    (
        "SliceError",
        "only a roots account too short to hold a day's roots raises it; the oracle's never is",
    ),
    (
        "Unauthorized",
        "only a root posted by another key raises it; a timeline's post_root is signed by the \
         node's oracle authority",
    ),
    (
        "InvalidTimeSlot",
        "only a root posted off a slot's start or of zeros raises it; the loader refuses both in \
         a post_root",
    ),
    (
        "PredicateFailed",
        "the local oracle answers a false predicate with false, which the program names \
         OutcomeNotProven (an oracle built to raise it instead is the program's own tests')",
    ),
    (
        "MissingSecondStat",
        "the settlement program refuses it first, with its own MissingSecondStat",
    ),
    (
        "UnexpectedSecondStat",
        "the settlement program refuses it first, with its own UnexpectedSecondStat",
    ),
    (
        "InvalidStatCombination",
        "the settlement program refuses it first, as SecondStatFromOtherEvent",
    ),
];

/// Why no timeline can raise `program`'s error `name`; `None` when a timeline can.
pub fn why_unreachable(program: ErrorSource, name: &str) -> Option<&'static str> {
    let table = match program {
        ErrorSource::Settlement => SETTLEMENT,
        ErrorSource::Oracle => ORACLE,
        ErrorSource::Token => return None,
    };
    table
        .iter()
        .find(|(error, _)| *error == name)
        .map(|(_, why)| *why)
}
