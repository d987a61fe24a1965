//! The programs in process: LiteSVM with the programs native, one transaction after another.

use std::time::Instant;

use anchor_lang::prelude::Pubkey;
use fulltime_harness::{TestChain, single_stat_proof};
use fulltime_testkit::sample;
use settlement::MarketTerms;
use solana_keypair::Keypair;
use txline_interface::ScoreStat;

use super::per_second;

const USDC: u64 = 1_000_000;
const DEPOSIT_RUN: usize = 2_000;
const MARKET_POSITIONS: usize = 1_000;
const FIXTURE_ID: i64 = 1;

fn market_terms(chain: &TestChain) -> MarketTerms {
    sample::terms(FIXTURE_ID, chain.now() + 3_600)
}

fn wallets(chain: &mut TestChain, count: usize) -> Vec<Keypair> {
    (0..count).map(|_| chain.new_wallet(100 * USDC)).collect()
}

pub fn deposits_per_second() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    let terms = market_terms(&chain);
    let market = chain.create_market(&creator, terms).expect("create market");
    let wallets = wallets(&mut chain, 50);

    let started = Instant::now();
    for (index, wallet) in wallets.iter().cycle().take(DEPOSIT_RUN).enumerate() {
        // Each wallet stays on one side: its position in the list decides it.
        let outcome = (index % wallets.len() % 2) as u8;
        chain
            .deposit(wallet, &market, outcome, 100_000)
            .expect("deposit");
    }
    let elapsed = started.elapsed();
    println!(
        "deposits: {DEPOSIT_RUN} in {:.3} s = {:.0} deposits/s (50 wallets, one market)",
        elapsed.as_secs_f64(),
        per_second(DEPOSIT_RUN, elapsed)
    );
}

pub fn full_market() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    let wallets = wallets(&mut chain, MARKET_POSITIONS);

    let started = Instant::now();
    let terms = market_terms(&chain);
    let market: Pubkey = chain.create_market(&creator, terms).expect("create market");
    let created = started.elapsed();

    for (index, wallet) in wallets.iter().enumerate() {
        let outcome = u8::from(index % 3 != 0);
        chain
            .deposit(wallet, &market, outcome, USDC + index as u64)
            .expect("deposit");
    }
    let deposited = started.elapsed();

    let ts = (chain.now() + 7_200) * 1_000;
    let stat = ScoreStat {
        key: 1,
        value: 2,
        period: 100,
    };
    let (proof, root) = single_stat_proof(ts, FIXTURE_ID, stat).expect("valid timestamp");
    chain.post_root(root).expect("post root");
    chain.close(&market);
    // The result is published after the close; a proof counts once the clock reaches it.
    chain.reach_batch(&proof);
    let settle_started = Instant::now();
    chain.settle(&market, proof).expect("settle");
    let settled = settle_started.elapsed();
    chain.finalize(&market);

    let claims_started = Instant::now();
    let mut claims = 0;
    for (index, wallet) in wallets.iter().enumerate() {
        if index % 3 != 0 {
            chain.claim(wallet, &market).expect("claim");
            claims += 1;
        }
    }
    let claimed = claims_started.elapsed();
    let total = created + (deposited - created) + settled + claimed;

    println!(
        "market of {MARKET_POSITIONS} positions: create {:.2} ms, {MARKET_POSITIONS} deposits {:.0} ms, settle {:.2} ms, {claims} claims {:.0} ms; total {:.0} ms",
        created.as_secs_f64() * 1e3,
        (deposited - created).as_secs_f64() * 1e3,
        settled.as_secs_f64() * 1e3,
        claimed.as_secs_f64() * 1e3,
        total.as_secs_f64() * 1e3,
    );
}
