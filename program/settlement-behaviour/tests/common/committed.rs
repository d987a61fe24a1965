//! The committed proof files on a chain: their oracle roots posted, and each proof file's market
//! staked on the timeline of its match.

use anchor_lang::prelude::Pubkey;
use fulltime_client::proof_file::{Expected, ProofFile, ProofMarket, RootsFile};
use fulltime_harness::{SlotRoot, TestChain};
use fulltime_localnet::native::FalsePredicate;
use fulltime_matches::Generated;
use fulltime_testkit::sample::DISPUTE_WINDOW;
use settlement::final_value::is_period_ever_final;
use solana_keypair::Keypair;

use super::USDC;

/// The committed proof files and roots.
pub fn committed() -> Generated {
    fulltime_matches::committed().expect("load committed proof files")
}

/// The committed proof file `name`.
pub fn named<'a>(committed: &'a Generated, name: &str) -> &'a ProofFile {
    committed
        .proof_file(name)
        .unwrap_or_else(|| panic!("no proof file {name}"))
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

/// The proof file's kickoff; every committed proof file has one.
pub fn kickoff(proof_file: &ProofFile) -> i64 {
    proof_file
        .kickoff
        .unwrap_or_else(|| panic!("{}: no kickoff", proof_file.name))
}

/// The proof file's market; every committed proof file names one.
pub fn market_of(proof_file: &ProofFile) -> &ProofMarket {
    proof_file
        .market
        .as_ref()
        .unwrap_or_else(|| panic!("{}: no market", proof_file.name))
}

/// What settling the proof file's market must give; every committed proof file says.
pub fn expected_of(proof_file: &ProofFile) -> &Expected {
    proof_file
        .expected
        .as_ref()
        .unwrap_or_else(|| panic!("{}: no expected result", proof_file.name))
}

/// The proof file's market, created an hour before its kickoff and closing at it, with 2 USDC of
/// `yes` on YES and 3 USDC of `no` on NO. A market of the retired rule (a period other than
/// 100), which `create_market` refuses, is planted as a chain kept from before holds it.
pub fn staked_market(
    chain: &mut TestChain,
    proof_file: &ProofFile,
    yes: &Keypair,
    no: &Keypair,
) -> Pubkey {
    let kickoff = kickoff(proof_file);
    chain.set_time(kickoff - 3_600);
    let creator = chain.new_wallet(0);
    let terms = market_of(proof_file).terms(kickoff, DISPUTE_WINDOW);
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
