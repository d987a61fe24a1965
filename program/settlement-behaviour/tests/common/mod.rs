//! Shared set-up for the in-process tests.
#![allow(dead_code)]

pub mod committed;
pub mod impostors;
pub mod staked;

use anchor_lang::prelude::Pubkey;
use fulltime_harness::{TestChain, TxFailure, single_stat_proof};
use fulltime_testkit::sample;
use settlement::{MarketTerms, SettlementError, SettlementProof};
use txline_interface::ScoreStat;

/// The stat the tests' markets ask about.
pub use fulltime_testkit::sample::HOME_GOALS;
/// The away side's goals, the second stat of the tests' two-stat markets.
pub const AWAY_GOALS: u32 = 2;

pub const USDC: u64 = 1_000_000;
pub const FIXTURE_ID: i64 = 18_273_001;

/// "Will the home side score more than 1 goal?", closing an hour after the chain's clock.
pub fn home_goals_market(chain: &TestChain) -> MarketTerms {
    sample::terms(FIXTURE_ID, chain.now() + 3_600)
}

/// The market's close time.
pub fn close_time(chain: &TestChain, market: &Pubkey) -> i64 {
    chain.market(market).expect("the market exists").close_time
}

/// Posts the root of a batch published at `published` (unix seconds) in which `stat` is alone,
/// and returns its proof. The oracle never replaces a posted root: each batch of a chain needs a
/// five-minute slot of its own.
pub fn post_single_stat_proof(
    chain: &mut TestChain,
    published: i64,
    fixture_id: i64,
    stat: ScoreStat,
) -> SettlementProof {
    let (proof, root) =
        single_stat_proof(published * 1_000, fixture_id, stat).expect("a timestamp after 1970");
    chain.post_root(root).expect("post the batch root");
    proof
}

/// Closes the market, posts a batch published ten minutes later in which `stat` is alone, and
/// moves the clock to it: the timeline of an honest settlement. Returns the batch's proof.
pub fn proof_after_close(
    chain: &mut TestChain,
    market: &Pubkey,
    fixture_id: i64,
    stat: ScoreStat,
) -> SettlementProof {
    let published = close_time(chain, market) + 600;
    let proof = post_single_stat_proof(chain, published, fixture_id, stat);
    chain.close(market);
    chain.reach_batch(&proof);
    proof
}

pub fn home_goals(value: i32) -> ScoreStat {
    ScoreStat {
        key: HOME_GOALS,
        value,
        period: 100,
    }
}

/// Asserts that a transaction failed with custom error `name` / `code` raised by `program`.
#[track_caller]
pub fn assert_program_error<T: std::fmt::Debug>(
    result: Result<T, TxFailure>,
    program: Pubkey,
    name: &str,
    code: u32,
) {
    let failure = result.expect_err("the transaction must fail");
    let explained = failure
        .program_failure()
        .unwrap_or_else(|| panic!("not a program error: {failure}"));
    assert_eq!(
        (
            explained.program_id,
            explained.name.as_str(),
            explained.code
        ),
        (program, name, code),
        "{failure}"
    );
}

/// Asserts that a transaction failed with `expected`, raised by the settlement program.
#[track_caller]
pub fn assert_settlement_error<T: std::fmt::Debug>(
    result: Result<T, TxFailure>,
    expected: SettlementError,
) {
    assert_program_error(
        result,
        settlement::ID,
        &expected.name(),
        u32::from(expected),
    );
}

/// A chain with one open home-goals market, and its address.
pub fn chain_with_market() -> (TestChain, Pubkey) {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    let terms = home_goals_market(&chain);
    let market = chain.create_market(&creator, terms).expect("create market");
    (chain, market)
}

/// Every token balance a test watches, to prove that a rejected transaction moved nothing.
pub fn balances(chain: &TestChain, token_accounts: &[Pubkey]) -> Vec<u64> {
    token_accounts
        .iter()
        .map(|account| chain.token_balance(account))
        .collect()
}
