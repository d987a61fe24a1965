//! Sample market terms and accounts, written once for the tests and benches of every crate. The
//! samples ask one question: "Will the home side score more than 1 goal?" (home goals at full
//! time above 1).

use anchor_lang::prelude::Pubkey;
use fulltime_client::pda;
use fulltime_client::side::Side;
use settlement::MarketTerms;
use settlement::state::{Market, Position};
use txline_interface::time::FINAL_PERIOD;
use txline_interface::{Comparison, TraderPredicate};

/// The stat key of home goals.
pub const HOME_GOALS: u32 = 1;
/// The dispute window of [`terms`], in seconds.
pub const DISPUTE_WINDOW: i64 = 600;

/// "Will the home side score more than 1 goal?" on `fixture_id` at full time, closing at
/// `close_time`, with a [`DISPUTE_WINDOW`].
pub fn terms(fixture_id: i64, close_time: i64) -> MarketTerms {
    MarketTerms {
        question: "Will the home side score more than 1 goal?".into(),
        close_time,
        fixture_id,
        stat_key: HOME_GOALS,
        period: FINAL_PERIOD,
        predicate: TraderPredicate {
            threshold: 1,
            comparison: Comparison::GreaterThan,
        },
        dispute_window: DISPUTE_WINDOW,
        second_stat: None,
    }
}

/// Market `id` as `create_market` stores it with `terms`: not settled, nothing staked, a fresh
/// creator and the default vault.
pub fn new_market(id: u64, terms: MarketTerms) -> Market {
    Market::open(id, Pubkey::new_unique(), Pubkey::default(), terms, 255)
}

/// Market 0 on fixture 1, closing at `close_time` with a 60 s dispute window, 2 base units on
/// YES and nothing on NO, not settled.
pub fn market(close_time: i64) -> Market {
    Market {
        dispute_window: 60,
        total_yes: 2,
        ..new_market(0, terms(1, close_time))
    }
}

/// `market` settled as `side`, provisional until `final_at`.
pub fn settled(market: Market, side: Side, final_at: i64) -> Market {
    Market {
        settled: true,
        outcome: side,
        dispute_ends_at: final_at,
        ..market
    }
}

/// `amount` base units on `side` in `market`, not claimed, held by the default address.
pub fn position(market: &Market, side: Side, amount: u64) -> Position {
    Position {
        owner: Pubkey::default(),
        market: pda::market(market.id),
        outcome: side,
        amount,
        claimed: false,
        bump: 254,
    }
}
