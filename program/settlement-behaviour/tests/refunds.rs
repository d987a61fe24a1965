//! No stake is locked forever: refunds when the winning side is empty, and when nobody settles
//! within the grace period after the close time.

mod common;

use common::*;
use fulltime_client::pda;
use settlement::SettlementError;
use settlement::constants::SETTLEMENT_GRACE_SECS;
use solana_signer::Signer;

#[test]
fn an_empty_winning_side_refunds_every_stake_in_full() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    let bob = chain.new_wallet(10 * USDC);
    chain
        .deposit(&alice, &market, 0, 3 * USDC)
        .expect("alice NO");
    chain.deposit(&bob, &market, 0, 2 * USDC).expect("bob NO");
    let proof = proof_after_close(&mut chain, &market, FIXTURE_ID, home_goals(5));
    chain.settle(&market, proof).expect("settle YES");
    assert_settlement_error(chain.refund(&alice, &market), SettlementError::NotResolved);
    chain.finalize(&market);

    assert_settlement_error(chain.claim(&alice, &market), SettlementError::NoWinners);
    chain.refund(&alice, &market).expect("alice refund");
    chain.refund(&bob, &market).expect("bob refund");
    assert_eq!(chain.usdc_balance(&alice.pubkey()), 10 * USDC);
    assert_eq!(chain.usdc_balance(&bob.pubkey()), 10 * USDC);
    assert_eq!(chain.token_balance(&pda::vault(&market)), 0);
    assert_settlement_error(
        chain.refund(&alice, &market),
        SettlementError::AlreadyClaimed,
    );
}

#[test]
fn refunds_stay_shut_while_a_market_can_still_be_settled() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    chain.deposit(&alice, &market, 1, USDC).expect("deposit");
    let deadline = chain.market(&market).expect("market").close_time + SETTLEMENT_GRACE_SECS;
    chain.set_time(deadline - 1);
    assert_settlement_error(
        chain.refund(&alice, &market),
        SettlementError::RefundUnavailable,
    );

    let bob = chain.new_wallet(10 * USDC);
    // The result is published ten seconds before the deadline.
    chain.set_time(deadline - 10);
    let proof = post_single_stat_proof(&mut chain, deadline - 10, FIXTURE_ID, home_goals(2));
    chain
        .deposit(&bob, &market, 0, USDC)
        .expect_err("closed for deposits");
    chain
        .settle(&market, proof)
        .expect("settled just before the deadline");
    // Its dispute window runs past the deadline: the settlement, not the deadline, decides.
    chain.set_time(deadline);
    assert_settlement_error(chain.refund(&alice, &market), SettlementError::NotResolved);
    chain.finalize(&market);
    assert_settlement_error(
        chain.refund(&alice, &market),
        SettlementError::RefundUnavailable,
    );
    chain.claim(&alice, &market).expect("the winner claims");
}

#[test]
fn an_unsettled_market_becomes_refundable_and_can_no_longer_be_settled() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    let bob = chain.new_wallet(10 * USDC);
    chain
        .deposit(&alice, &market, 1, 4 * USDC)
        .expect("alice YES");
    chain.deposit(&bob, &market, 0, USDC).expect("bob NO");
    // A proof published soon after the close, that nobody sent in time.
    let published = close_time(&chain, &market) + 600;
    let proof = post_single_stat_proof(&mut chain, published, FIXTURE_ID, home_goals(2));
    let deadline = chain.market(&market).expect("market").close_time + SETTLEMENT_GRACE_SECS;
    chain.set_time(deadline);

    assert_settlement_error(
        chain.settle(&market, proof),
        SettlementError::SettlementWindowClosed,
    );
    chain.refund(&alice, &market).expect("alice refund");
    chain.refund(&bob, &market).expect("bob refund");
    assert_eq!(chain.usdc_balance(&alice.pubkey()), 10 * USDC);
    assert_eq!(chain.usdc_balance(&bob.pubkey()), 10 * USDC);
    assert_eq!(chain.token_balance(&pda::vault(&market)), 0);
    assert_settlement_error(chain.claim(&alice, &market), SettlementError::NotResolved);
}
