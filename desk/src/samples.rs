//! The sample market, position, proof and order that the desk's tests and the tests of the faces
//! over it share (the `samples` feature): market 3 on Arsenal v Chelsea, at a fixed clock.

use std::path::Path;

use fulltime_client::proof_file::ProofFile;
use fulltime_client::settlement::MarketTerms;
use fulltime_client::settlement::state::{Market, Position};
use fulltime_client::side::Side;
use fulltime_testkit::sample;
use serde::Serialize;
use serde_json::Value;

use crate::actions::deposit::DepositOrder;

pub const NOW: i64 = 1_778_943_600; // 2026-05-16T15:00:00Z
/// When `settled_market` becomes final: its close time plus its hour of dispute window.
pub const FINAL_AT: i64 = NOW + 600 + 3_600; // 2026-05-16T16:10:00Z
/// The batch of the arsenal proof file.
pub const PROOF_TS: i64 = 1_778_946_672_000; // 2026-05-16T15:51:12Z

/// The test kit's sample terms on Arsenal v Chelsea (fixture 18502311), closing ten minutes
/// after `NOW` with an hour's dispute window: market 3, YES 4 USDC and NO 1.5 USDC.
pub fn sample_market() -> Market {
    let terms = MarketTerms {
        question: "Will Arsenal score more than 1 goal against Chelsea?".into(),
        dispute_window: 3_600,
        ..sample::terms(18_502_311, NOW + 600)
    };
    Market {
        total_yes: 4_000_000,
        total_no: 1_500_000,
        ..sample::new_market(3, terms)
    }
}

/// `sample_market()` settled as `side` at its close time, with the arsenal proof:
/// provisional until `FINAL_AT`.
pub fn settled_market(side: Side) -> Market {
    let mut market = sample::settled(sample_market(), side, FINAL_AT);
    market.settled_by.ts = PROOF_TS;
    market
}

/// 3 USDC on YES in `market`.
pub fn sample_position(market: &Market) -> Position {
    sample::position(market, Side::Yes, 3_000_000)
}

pub fn json_of(item: &impl Serialize) -> Value {
    serde_json::to_value(item).expect("serializes")
}

/// The committed proof file `name` (`arsenal-home-goals-over-1`: Arsenal's home goals,
/// published at 15:51:12).
pub fn proof_file(name: &str) -> ProofFile {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fixtures/generated")
        .join(format!("{name}.json"));
    ProofFile::load(&path).expect("a committed proof file")
}

/// A deposit into the sample market 3.
pub fn order(outcome: Side, amount: u64) -> DepositOrder {
    DepositOrder {
        market: 3,
        outcome: outcome.byte(),
        amount,
        force: false,
    }
}

/// ESC sequences that would clear the screen and set the clipboard (OSC 52, ended by BEL),
/// and a line break that would forge a line of its own.
pub const HOSTILE_QUESTION: &str =
    "Will it rain?\u{1b}[2J\u{1b}]52;c;cm0gLXJmIH4=\u{7}\nStatus:   resolved YES";
