mod common;

use common::*;
use fulltime_client::pda;
use fulltime_harness::TestChain;
use settlement::Side;
use solana_signer::Signer;

#[test]
fn a_market_pays_winners_pro_rata_through_real_token_transfers() {
    let (mut chain, wallets) = TestChain::with_wallets(3, 100 * USDC);
    let [alice, bob, carol] = &wallets[..] else {
        panic!("three wallets were asked for")
    };
    let creator = chain.new_wallet(0);
    let market = chain
        .create_market(&creator, home_goals_market(&chain))
        .expect("create market");
    let vault = pda::vault(&market);

    chain
        .deposit(alice, &market, 1, 30 * USDC)
        .expect("alice YES");
    chain.deposit(bob, &market, 1, 10 * USDC).expect("bob YES");
    chain
        .deposit(carol, &market, 0, 20 * USDC)
        .expect("carol NO");
    assert_eq!(chain.token_balance(&vault), 60 * USDC);
    assert_eq!(chain.usdc_balance(&alice.pubkey()), 70 * USDC);

    let proof = proof_after_close(&mut chain, &market, FIXTURE_ID, home_goals(2));
    chain.settle(&market, proof).expect("settle");
    let settled = chain.market(&market).expect("market");
    assert!(settled.settled);
    assert_eq!(settled.outcome, Side::Yes);
    chain.finalize(&market);

    chain.claim(alice, &market).expect("alice claims");
    chain.claim(bob, &market).expect("bob claims");
    assert_eq!(chain.usdc_balance(&alice.pubkey()), 70 * USDC + 45 * USDC);
    assert_eq!(chain.usdc_balance(&bob.pubkey()), 90 * USDC + 15 * USDC);
    assert_eq!(chain.token_balance(&vault), 0);
    assert_settlement_error(
        chain.claim(carol, &market),
        settlement::SettlementError::NotAWinner,
    );
}
