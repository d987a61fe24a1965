//! Every error of the published contract, produced through a real transaction in the runtime
//! and asserted by name, code and raising program.

mod common;

use anchor_lang::{AccountSerialize, prelude::Pubkey};
use common::impostors::{
    ECHO_ID, install_oracle_copy, install_relaying_oracle, install_silent_oracle,
};
use common::*;
use fulltime_client::{instructions, pda};
use fulltime_harness::TestChain;
use fulltime_localnet::native::FalsePredicate;
use settlement::{SettlementError, Side, StatedOutcome};
use solana_signer::Signer;
use txline_interface::ScoreStat;

#[test]
fn question_too_long_counts_characters_not_bytes() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    let mut terms = home_goals_market(&chain);
    terms.question = "é".repeat(141);
    assert_settlement_error(
        chain.create_market(&creator, terms.clone()),
        SettlementError::QuestionTooLong,
    );
    terms.question = "é".repeat(140);
    chain
        .create_market(&creator, terms)
        .expect("140 two-byte characters fit");
}

#[test]
fn invalid_close_time_rejects_now_and_the_past() {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    for close_time in [chain.now(), chain.now() - 1] {
        let mut terms = home_goals_market(&chain);
        terms.close_time = close_time;
        assert_settlement_error(
            chain.create_market(&creator, terms),
            SettlementError::InvalidCloseTime,
        );
    }
}

#[test]
fn invalid_outcome_is_anything_but_zero_or_one() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    for outcome in [2, 255] {
        assert_settlement_error(
            chain.deposit(&alice, &market, outcome, USDC),
            SettlementError::InvalidOutcome,
        );
    }
    assert_eq!(chain.usdc_balance(&alice.pubkey()), 10 * USDC);
}

#[test]
fn below_minimum_is_under_ten_cents() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    assert_settlement_error(
        chain.deposit(&alice, &market, 1, 99_999),
        SettlementError::BelowMinimum,
    );
    chain
        .deposit(&alice, &market, 1, 100_000)
        .expect("exactly 0.10 USDC is accepted");
}

#[test]
fn market_closed_from_the_close_time_on() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    let close_time = chain.market(&market).expect("market").close_time;
    chain.set_time(close_time - 1);
    chain
        .deposit(&alice, &market, 1, USDC)
        .expect("a second before close");
    chain.set_time(close_time);
    assert_settlement_error(
        chain.deposit(&alice, &market, 1, USDC),
        SettlementError::MarketClosed,
    );
}

#[test]
fn outcome_locked_keeps_a_position_on_its_first_side() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    chain
        .deposit(&alice, &market, 0, USDC)
        .expect("first deposit on NO");
    assert_settlement_error(
        chain.deposit(&alice, &market, 1, USDC),
        SettlementError::OutcomeLocked,
    );
    chain
        .deposit(&alice, &market, 0, USDC)
        .expect("same side again");
    let position = chain.position(&market, &alice.pubkey()).expect("position");
    assert_eq!((position.outcome, position.amount), (Side::No, 2 * USDC));
}

#[test]
fn overflow_of_a_side_total_is_refused() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    // The token supply caps real deposits below u64::MAX, so start from a nearly full total.
    let mut state = chain.market(&market).expect("market");
    state.total_yes = u64::MAX - 100_000;
    let mut account = chain.svm().get_account(&market).expect("market account");
    let mut data = Vec::new();
    state.try_serialize(&mut data).expect("serialize market");
    account.data[..data.len()].copy_from_slice(&data);
    chain
        .svm()
        .set_account(market, account)
        .expect("set market");

    assert_settlement_error(
        chain.deposit(&alice, &market, 1, 100_001),
        SettlementError::Overflow,
    );
    assert_eq!(chain.usdc_balance(&alice.pubkey()), 10 * USDC);
}

#[test]
fn market_resolved_stops_deposits_and_a_second_settlement() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    chain.deposit(&alice, &market, 1, USDC).expect("deposit");
    let proof = proof_after_close(&mut chain, &market, FIXTURE_ID, home_goals(3));
    chain.settle(&market, proof).expect("settle");
    assert_settlement_error(
        chain.deposit(&alice, &market, 1, USDC),
        SettlementError::MarketResolved,
    );
    // Once the dispute window is over, not even a later proof settles again.
    chain.finalize(&market);
    let window_end = chain.now();
    let later = post_single_stat_proof(&mut chain, window_end, FIXTURE_ID, home_goals(3));
    assert_settlement_error(
        chain.settle(&market, later),
        SettlementError::MarketResolved,
    );
}

#[test]
fn not_resolved_until_settled() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    chain.deposit(&alice, &market, 1, USDC).expect("deposit");
    assert_settlement_error(chain.claim(&alice, &market), SettlementError::NotResolved);
}

#[test]
fn stat_mismatch_for_another_stat_key_or_part_of_the_match() {
    let (mut chain, market) = chain_with_market();
    let away_goals = ScoreStat {
        key: HOME_GOALS + 1,
        value: 3,
        period: 100,
    };
    let proof = proof_after_close(&mut chain, &market, FIXTURE_ID, away_goals);
    assert_settlement_error(chain.settle(&market, proof), SettlementError::StatMismatch);

    // The home side's first-half goals (key 1001), from the same finalised record: a half is
    // named by its key, so this is another stat, not the match's.
    let first_half = ScoreStat {
        key: 1_000 + HOME_GOALS,
        ..home_goals(3)
    };
    let published = close_time(&chain, &market) + 900;
    let proof = post_single_stat_proof(&mut chain, published, FIXTURE_ID, first_half);
    chain.reach_batch(&proof);
    assert_settlement_error(chain.settle(&market, proof), SettlementError::StatMismatch);
    assert!(!chain.market(&market).expect("market").settled);
}

#[test]
fn fixture_mismatch_for_another_match() {
    let (mut chain, market) = chain_with_market();
    let proof = proof_after_close(&mut chain, &market, FIXTURE_ID + 1, home_goals(3));
    assert_settlement_error(
        chain.settle(&market, proof),
        SettlementError::FixtureMismatch,
    );
}

#[test]
fn no_validation_return_when_the_oracle_answers_nothing() {
    let (mut chain, market) = chain_with_market();
    let proof = proof_after_close(&mut chain, &market, FIXTURE_ID, home_goals(3));
    install_silent_oracle(chain.svm());
    assert_settlement_error(
        chain.settle(&market, proof),
        SettlementError::NoValidationReturn,
    );
    assert!(!chain.market(&market).expect("market").settled);
}

#[test]
fn unexpected_return_program_when_another_program_answers() {
    let (mut chain, market) = chain_with_market();
    let proof = proof_after_close(&mut chain, &market, FIXTURE_ID, home_goals(3));
    install_relaying_oracle(chain.svm());
    let settle = instructions::settle_with_roots(
        market,
        txline_interface::DEVNET_PROGRAM_ID,
        ECHO_ID,
        proof,
        StatedOutcome::Yes,
    );
    let payer = chain.new_wallet(0);
    assert_settlement_error(
        chain.send(&[settle], &[&payer]),
        SettlementError::UnexpectedReturnProgram,
    );
    assert!(!chain.market(&market).expect("market").settled);
}

#[test]
fn invalid_oracle_program_even_with_the_genuine_code_elsewhere() {
    let (mut chain, market) = chain_with_market();
    let proof = proof_after_close(&mut chain, &market, FIXTURE_ID, home_goals(3));
    let impostor = Pubkey::new_unique();
    install_oracle_copy(chain.svm(), impostor);
    let settle = instructions::settle(market, impostor, proof, StatedOutcome::Yes);
    let payer = chain.new_wallet(0);
    assert_settlement_error(
        chain.send(&[settle], &[&payer]),
        SettlementError::InvalidOracleProgram,
    );
}

#[test]
fn already_claimed_not_a_winner_and_no_winners() {
    let (mut chain, market) = chain_with_market();
    let alice = chain.new_wallet(10 * USDC);
    let bob = chain.new_wallet(10 * USDC);
    chain.deposit(&alice, &market, 1, USDC).expect("alice YES");
    chain.deposit(&bob, &market, 0, USDC).expect("bob NO");
    let proof = proof_after_close(&mut chain, &market, FIXTURE_ID, home_goals(2));
    chain.settle(&market, proof).expect("settle YES");
    chain.finalize(&market);

    chain.claim(&alice, &market).expect("first claim");
    assert_settlement_error(
        chain.claim(&alice, &market),
        SettlementError::AlreadyClaimed,
    );
    assert_settlement_error(chain.claim(&bob, &market), SettlementError::NotAWinner);
    assert_eq!(chain.usdc_balance(&alice.pubkey()), 11 * USDC);
    assert_eq!(chain.usdc_balance(&bob.pubkey()), 9 * USDC);

    let (mut chain, market) = chain_with_market();
    let carol = chain.new_wallet(10 * USDC);
    chain.deposit(&carol, &market, 0, USDC).expect("carol NO");
    let proof = proof_after_close(&mut chain, &market, FIXTURE_ID, home_goals(2));
    chain
        .settle(&market, proof)
        .expect("settle YES with nobody on YES");
    chain.finalize(&market);
    assert_settlement_error(chain.claim(&carol, &market), SettlementError::NoWinners);
}

#[test]
fn invalid_vault_mint_and_owner_on_deposit() {
    let (mut chain, market) = chain_with_market();
    let creator = chain.new_wallet(0);
    let other_terms = home_goals_market(&chain);
    let other_market = chain
        .create_market(&creator, other_terms)
        .expect("second market");
    let alice = chain.new_wallet(10 * USDC);
    let bob = chain.new_wallet(10 * USDC);
    let alice_token = pda::token_account(&alice.pubkey(), &chain.mint());

    let wrong_vault = instructions::deposit_from(
        alice.pubkey(),
        alice_token,
        market,
        pda::position(&market, &alice.pubkey()),
        pda::vault(&other_market),
        1,
        USDC,
    );
    assert_settlement_error(
        chain.send(&[wrong_vault], &[&alice]),
        SettlementError::InvalidVault,
    );

    let other_mint = chain.create_mint(6).expect("another mint");
    let foreign_token = chain
        .mint_to(&alice.pubkey(), &other_mint, 10 * USDC)
        .expect("fund with another mint");
    let wrong_mint = instructions::deposit_from(
        alice.pubkey(),
        foreign_token,
        market,
        pda::position(&market, &alice.pubkey()),
        pda::vault(&market),
        1,
        USDC,
    );
    assert_settlement_error(
        chain.send(&[wrong_mint], &[&alice]),
        SettlementError::InvalidMint,
    );

    let bob_token = pda::token_account(&bob.pubkey(), &chain.mint());
    let wrong_owner = instructions::deposit_from(
        alice.pubkey(),
        bob_token,
        market,
        pda::position(&market, &alice.pubkey()),
        pda::vault(&market),
        1,
        USDC,
    );
    assert_settlement_error(
        chain.send(&[wrong_owner], &[&alice]),
        SettlementError::InvalidOwner,
    );
}

#[test]
fn invalid_mint_for_a_config_without_six_decimals() {
    let mut chain = TestChain::uninitialized(FalsePredicate::ReturnFalse);
    let nine_decimals = chain.create_mint(9).expect("a 9-decimal mint");
    let admin = chain.admin().insecure_clone();
    let initialize = instructions::initialize(admin.pubkey(), nine_decimals);
    assert_settlement_error(
        chain.send(&[initialize], &[&admin]),
        SettlementError::InvalidMint,
    );
}
