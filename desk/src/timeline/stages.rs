//! A market's stage in one word, as a step leaves it: what coverage counts as visited.

use fulltime_client::market_status::MarketStatus;

use super::invariants::Reading;
use crate::output::timeline::MarketStage;

/// Every stage a market can be in, in the order a market goes through them.
pub const STAGES: [&str; 6] = [
    "open",
    "closed",
    "provisional",
    "resolved",
    "refundable",
    "expired",
];

/// The ways a market moves from one stage to the next, as the program allows them. A step that
/// warps far may skip a stage; coverage lists such a jump as visited too.
pub const TRANSITIONS: [(&str, &str); 5] = [
    ("open", "closed"),
    ("closed", "provisional"),
    ("closed", "expired"),
    ("provisional", "resolved"),
    ("provisional", "refundable"),
];

/// Every market of `reading` in its stage at the reading's clock.
pub fn stages_of(reading: &Reading) -> Vec<MarketStage> {
    reading
        .markets
        .iter()
        .map(|market| MarketStage {
            market: market.label.clone(),
            stage: stage_word(MarketStatus::of(&market.market, reading.clock)),
        })
        .collect()
}

fn stage_word(status: MarketStatus) -> &'static str {
    match status {
        MarketStatus::Open => "open",
        MarketStatus::Closed => "closed",
        MarketStatus::Provisional { .. } => "provisional",
        MarketStatus::Resolved {
            refundable: false, ..
        } => "resolved",
        MarketStatus::Resolved {
            refundable: true, ..
        } => "refundable",
        MarketStatus::Expired => "expired",
    }
}
