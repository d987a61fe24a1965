//! The committed proof fixtures on a chain: their oracle roots posted, and each fixture's market
//! staked on the timeline of its match.

use anchor_lang::prelude::Pubkey;
use fulltime_client::fixture::{ProofFixture, RootsFile};
use fulltime_fixtures::Generated;
use fulltime_harness::{SlotRoot, TestChain};
use fulltime_localnet::native::FalsePredicate;
use fulltime_testkit::sample::DISPUTE_WINDOW;
use settlement::final_value::is_period_ever_final;
use solana_keypair::Keypair;

use super::USDC;

/// The committed fixtures and roots.
pub fn committed() -> Generated {
    fulltime_fixtures::committed().expect("load committed fixtures")
}

/// The committed fixture `name`.
pub fn fixture<'a>(committed: &'a Generated, name: &str) -> &'a ProofFixture {
    committed
        .fixture(name)
        .unwrap_or_else(|| panic!("no fixture {name}"))
}

/// A chain whose mock oracle holds every committed root.
pub fn chain_with_committed_roots(false_predicate: FalsePredicate, roots: &RootsFile) -> TestChain {
    let mut chain = TestChain::with_oracle(false_predicate);
    for root in &roots.roots {
        chain
            .post_root(SlotRoot {
                epoch_day: root.epoch_day,
                hour_of_day: root.hour_of_day,
                minute_of_hour: root.minute_of_hour,
                root: root.root,
            })
            .expect("post a committed root");
    }
    chain
}

/// The fixture's kickoff; every committed fixture has one.
pub fn kickoff(fixture: &ProofFixture) -> i64 {
    fixture
        .kickoff
        .unwrap_or_else(|| panic!("{}: no kickoff", fixture.name))
}

/// The fixture's market, created an hour before its kickoff and closing at it, with 2 USDC of
/// `yes` on YES and 3 USDC of `no` on NO. A market on a period no final event carries, which
/// `create_market` refuses, is planted as a chain kept from before holds it.
pub fn staked_market(
    chain: &mut TestChain,
    fixture: &ProofFixture,
    yes: &Keypair,
    no: &Keypair,
) -> Pubkey {
    let kickoff = kickoff(fixture);
    chain.set_time(kickoff - 3_600);
    let creator = chain.new_wallet(0);
    let terms = fixture.market_terms(kickoff, DISPUTE_WINDOW);
    let market = if is_period_ever_final(terms.period) {
        chain.create_market(&creator, terms)
    } else {
        chain.plant_market(&creator, terms)
    }
    .expect("create market");
    chain.deposit(yes, &market, 1, 2 * USDC).expect("YES stake");
    chain.deposit(no, &market, 0, 3 * USDC).expect("NO stake");
    market
}
