//! Attempts to take money that is not yours: each is rejected with its named error and moves no
//! token.

mod common;

use anchor_lang::prelude::Pubkey;
use common::impostors::{ECHO_ID, install_oracle_copy, install_relaying_oracle};
use common::*;
use fulltime_client::instructions::{self, Withdrawal};
use fulltime_client::pda;
use fulltime_harness::TestChain;
use settlement::{SettlementError, SettlementProof, Side, StatedOutcome};
use solana_keypair::Keypair;
use solana_signer::Signer;
use txline_interface::ScoreStat;

/// Two markets on the same fixture, closed at the same time; the first is settled for good by a
/// batch published ten minutes after the close (its dispute window is over), Alice and Bob won on
/// YES and Carol lost on NO; the second is unsettled, with Dave on YES.
struct Scene {
    chain: TestChain,
    settled: Pubkey,
    unsettled: Pubkey,
    alice: Keypair,
    bob: Keypair,
    carol: Keypair,
    watched: Vec<Pubkey>,
}

impl Scene {
    fn new() -> Self {
        let (mut chain, settled) = chain_with_market();
        let creator = chain.new_wallet(0);
        let terms = home_goals_market(&chain);
        let unsettled = chain.create_market(&creator, terms).expect("second market");
        let alice = chain.new_wallet(50 * USDC);
        let bob = chain.new_wallet(50 * USDC);
        let carol = chain.new_wallet(50 * USDC);
        let dave = chain.new_wallet(50 * USDC);
        chain
            .deposit(&alice, &settled, 1, 10 * USDC)
            .expect("alice");
        chain.deposit(&bob, &settled, 1, 30 * USDC).expect("bob");
        chain
            .deposit(&carol, &settled, 0, 20 * USDC)
            .expect("carol");
        chain.deposit(&dave, &unsettled, 1, 5 * USDC).expect("dave");
        assert_eq!(close_time(&chain, &settled), close_time(&chain, &unsettled));
        let published = close_time(&chain, &settled) + 600;
        let proof = post_single_stat_proof(&mut chain, published, FIXTURE_ID, home_goals(4));
        chain.close(&settled);
        chain.close(&unsettled);
        chain.reach_batch(&proof);
        chain.settle(&settled, proof).expect("settle YES");
        chain.finalize(&settled);
        let mint = chain.mint();
        let watched = [&alice, &bob, &carol, &dave]
            .iter()
            .map(|wallet| pda::token_account(&wallet.pubkey(), &mint))
            .chain([pda::vault(&settled), pda::vault(&unsettled)])
            .collect();
        Self {
            chain,
            settled,
            unsettled,
            alice,
            bob,
            carol,
            watched,
        }
    }

    fn balances(&self) -> Vec<u64> {
        balances(&self.chain, &self.watched)
    }

    /// Posts a batch published now, after both markets closed, in which `stat` is alone, and
    /// returns its proof: a proof either market's time window accepts.
    fn post_batch_now(&mut self, stat: ScoreStat) -> SettlementProof {
        let now = self.chain.now();
        post_single_stat_proof(&mut self.chain, now, FIXTURE_ID, stat)
    }

    /// Sends `instruction` signed by `signer` and asserts it fails with `expected`, moving nothing.
    fn assert_rejected(
        &mut self,
        instruction: anchor_lang::solana_program::instruction::Instruction,
        signer: &Keypair,
        expected: SettlementError,
    ) {
        let before = self.balances();
        assert_settlement_error(self.chain.send(&[instruction], &[signer]), expected);
        assert_eq!(self.balances(), before, "no token may move");
    }

    fn alice_withdrawal(&self) -> Withdrawal {
        Withdrawal::of(self.alice.pubkey(), self.chain.mint(), self.settled)
    }
}

#[test]
fn a_fake_oracle_at_another_id_cannot_settle() {
    let mut scene = Scene::new();
    let proof = scene.post_batch_now(home_goals(0));
    let fake = Pubkey::new_unique();
    install_oracle_copy(scene.chain.svm(), fake);
    let alice = scene.alice.insecure_clone();
    let settle = instructions::settle(scene.unsettled, fake, proof, StatedOutcome::NoBelow);
    scene.assert_rejected(settle, &alice, SettlementError::InvalidOracleProgram);
    assert!(
        !scene
            .chain
            .market(&scene.unsettled)
            .expect("market")
            .settled
    );
}

#[test]
fn return_data_from_a_program_other_than_the_oracle_is_refused() {
    let mut scene = Scene::new();
    let proof = scene.post_batch_now(home_goals(0));
    install_relaying_oracle(scene.chain.svm());
    let settle = instructions::settle_with_roots(
        scene.unsettled,
        txline_interface::DEVNET_PROGRAM_ID,
        ECHO_ID,
        proof,
        StatedOutcome::NoBelow,
    );
    let alice = scene.alice.insecure_clone();
    scene.assert_rejected(settle, &alice, SettlementError::UnexpectedReturnProgram);
}

#[test]
fn claiming_from_another_markets_vault_is_refused() {
    let mut scene = Scene::new();
    let withdrawal = Withdrawal {
        vault: pda::vault(&scene.unsettled),
        ..scene.alice_withdrawal()
    };
    let alice = scene.alice.insecure_clone();
    scene.assert_rejected(
        instructions::claim(withdrawal),
        &alice,
        SettlementError::InvalidVault,
    );
}

#[test]
fn a_payout_to_a_token_account_of_another_mint_is_refused() {
    let mut scene = Scene::new();
    let other_mint = scene.chain.create_mint(6).expect("another mint");
    let alice = scene.alice.insecure_clone();
    let foreign = scene
        .chain
        .mint_to(&alice.pubkey(), &other_mint, USDC)
        .expect("foreign token account");
    let withdrawal = Withdrawal {
        owner_token: foreign,
        ..scene.alice_withdrawal()
    };
    scene.assert_rejected(
        instructions::claim(withdrawal),
        &alice,
        SettlementError::InvalidMint,
    );
}

#[test]
fn a_payout_to_another_users_token_account_is_refused() {
    let mut scene = Scene::new();
    let withdrawal = Withdrawal {
        owner_token: pda::token_account(&scene.carol.pubkey(), &scene.chain.mint()),
        ..scene.alice_withdrawal()
    };
    let alice = scene.alice.insecure_clone();
    scene.assert_rejected(
        instructions::claim(withdrawal),
        &alice,
        SettlementError::InvalidOwner,
    );
}

#[test]
fn claiming_another_users_position_is_refused() {
    let mut scene = Scene::new();
    // Carol lost; she signs a claim naming Bob's winning position, paid to her own account.
    let carol = scene.carol.insecure_clone();
    let withdrawal = Withdrawal {
        position: pda::position(&scene.settled, &scene.bob.pubkey()),
        ..Withdrawal::of(carol.pubkey(), scene.chain.mint(), scene.settled)
    };
    scene.assert_rejected(
        instructions::claim(withdrawal),
        &carol,
        SettlementError::PositionMismatch,
    );
    scene.assert_rejected(
        instructions::refund(withdrawal),
        &carol,
        SettlementError::PositionMismatch,
    );

    // A position of another market does not pay out here either.
    let alice = scene.alice.insecure_clone();
    let withdrawal = Withdrawal {
        market: scene.unsettled,
        vault: pda::vault(&scene.unsettled),
        ..scene.alice_withdrawal()
    };
    scene.assert_rejected(
        instructions::claim(withdrawal),
        &alice,
        SettlementError::PositionMismatch,
    );
}

#[test]
fn a_final_settlement_cannot_be_flipped_even_by_a_later_proof() {
    let mut scene = Scene::new();
    let contrary = scene.post_batch_now(home_goals(0));
    let settle = instructions::settle(
        scene.settled,
        txline_interface::DEVNET_PROGRAM_ID,
        contrary,
        StatedOutcome::NoBelow,
    );
    let carol = scene.carol.insecure_clone();
    scene.assert_rejected(settle, &carol, SettlementError::MarketResolved);
    assert_eq!(
        scene.chain.market(&scene.settled).expect("market").outcome,
        Side::Yes
    );
}

#[test]
fn claiming_twice_pays_once() {
    let mut scene = Scene::new();
    let alice = scene.alice.insecure_clone();
    scene
        .chain
        .claim(&alice, &scene.settled)
        .expect("first claim");
    // 10 of the 40 on YES, out of a pool of 60.
    assert_eq!(
        scene.chain.usdc_balance(&alice.pubkey()),
        40 * USDC + 15 * USDC
    );
    let claim = instructions::claim(scene.alice_withdrawal());
    scene.assert_rejected(claim, &alice, SettlementError::AlreadyClaimed);
    let refund = instructions::refund(scene.alice_withdrawal());
    scene.assert_rejected(refund, &alice, SettlementError::RefundUnavailable);
}
