//! Random markets, wallets, sides and amounts through the whole lifecycle, checked against a
//! model of the contract after every step: the vault holds deposits minus payouts, no payout
//! exceeds the pool, rounding dust stays below the number of winning positions, and nothing pays
//! out twice.

mod common;

use std::collections::BTreeMap;

use anchor_lang::prelude::Pubkey;
use common::*;
use fulltime_client::pda;
use fulltime_localnet::harness::{TestChain, TxFailure};
use proptest::prelude::*;
use settlement::SettlementError;
use solana_keypair::Keypair;

const MAX_WALLETS: usize = 5;
const MAX_MARKETS: usize = 3;
const FUNDS: u64 = 1_000 * USDC;

#[derive(Clone, Debug)]
struct Deposit {
    wallet: usize,
    market: usize,
    outcome: u8,
    amount: u64,
}

#[derive(Clone, Copy, Debug)]
enum Payout {
    Claim,
    Refund,
}

#[derive(Clone, Debug)]
struct Scenario {
    markets: usize,
    deposits: Vec<Deposit>,
    /// The final home goals of each market's fixture; the markets ask "more than 1?".
    goals: Vec<i32>,
    payouts: Vec<(usize, usize, Payout)>,
}

fn scenario() -> impl Strategy<Value = Scenario> {
    (1..=MAX_MARKETS).prop_flat_map(|markets| {
        let deposit = (0..MAX_WALLETS, 0..markets, 0..=1u8, 100_000..=200 * USDC).prop_map(
            |(wallet, market, outcome, amount)| Deposit {
                wallet,
                market,
                outcome,
                amount,
            },
        );
        let payout = (
            0..MAX_WALLETS,
            0..markets,
            prop_oneof![3 => Just(Payout::Claim), 1 => Just(Payout::Refund)],
        );
        (
            Just(markets),
            prop::collection::vec(deposit, 1..12),
            prop::collection::vec(0..4i32, markets),
            prop::collection::vec(payout, 0..24),
        )
            .prop_map(|(markets, deposits, goals, payouts)| Scenario {
                markets,
                deposits,
                goals,
                payouts,
            })
    })
}

/// What the contract says each market should hold and owe.
#[derive(Default)]
struct MarketModel {
    totals: [u64; 2],
    positions: BTreeMap<usize, (u8, u64, bool)>,
    deposited: u64,
    paid: u64,
    outcome: Option<u8>,
}

impl MarketModel {
    fn pool(&self) -> u64 {
        self.totals[0] + self.totals[1]
    }

    /// The expected result of a payout request: the amount paid or the error.
    fn expect(&self, wallet: usize, kind: Payout) -> Result<u64, Option<SettlementError>> {
        let outcome = self.outcome.expect("settled before payouts");
        let Some(&(side, amount, claimed)) = self.positions.get(&wallet) else {
            // No position account: Anchor refuses the missing account itself.
            return Err(None);
        };
        let winning = self.totals[usize::from(outcome)];
        match kind {
            Payout::Claim if claimed => Err(Some(SettlementError::AlreadyClaimed)),
            Payout::Claim if winning == 0 => Err(Some(SettlementError::NoWinners)),
            Payout::Claim if side != outcome => Err(Some(SettlementError::NotAWinner)),
            Payout::Claim => {
                Ok((u128::from(amount) * u128::from(self.pool()) / u128::from(winning)) as u64)
            }
            Payout::Refund if winning != 0 => Err(Some(SettlementError::RefundUnavailable)),
            Payout::Refund if claimed => Err(Some(SettlementError::AlreadyClaimed)),
            Payout::Refund => Ok(amount),
        }
    }
}

fn assert_outcome<T: std::fmt::Debug>(
    result: Result<T, TxFailure>,
    expected: Result<u64, Option<SettlementError>>,
) {
    match expected {
        Ok(_) => {
            result.expect("the model expects success");
        }
        Err(Some(error)) => assert_settlement_error(result, error),
        Err(None) => {
            result.expect_err("the model expects a refusal");
        }
    }
}

fn check_invariants(chain: &TestChain, markets: &[Pubkey], models: &[MarketModel]) {
    for (market, model) in markets.iter().zip(models) {
        let vault = chain.token_balance(&pda::vault(market));
        assert_eq!(
            vault,
            model.deposited - model.paid,
            "vault = deposits - payouts"
        );
        assert!(model.paid <= model.pool(), "payouts never exceed the pool");
        let state = chain.market(market).expect("market");
        assert_eq!([state.total_no, state.total_yes], model.totals);
    }
}

fn run(scenario: Scenario) {
    let mut chain = TestChain::new();
    let creator = chain.new_wallet(0);
    let wallets: Vec<Keypair> = (0..MAX_WALLETS).map(|_| chain.new_wallet(FUNDS)).collect();
    let markets: Vec<Pubkey> = (0..scenario.markets)
        .map(|_| {
            let terms = home_goals_market(&chain);
            chain.create_market(&creator, terms).expect("create market")
        })
        .collect();
    let mut models: Vec<MarketModel> = (0..scenario.markets)
        .map(|_| MarketModel::default())
        .collect();

    for deposit in &scenario.deposits {
        let model = &mut models[deposit.market];
        let result = chain.deposit(
            &wallets[deposit.wallet],
            &markets[deposit.market],
            deposit.outcome,
            deposit.amount,
        );
        let position = model
            .positions
            .entry(deposit.wallet)
            .or_insert((deposit.outcome, 0, false));
        if position.0 == deposit.outcome {
            result.expect("deposit on the position's side");
            position.1 += deposit.amount;
            model.totals[usize::from(deposit.outcome)] += deposit.amount;
            model.deposited += deposit.amount;
        } else {
            assert_settlement_error(result, SettlementError::OutcomeLocked);
        }
        models[deposit.market]
            .positions
            .retain(|_, (_, amount, _)| *amount > 0);
        check_invariants(&chain, &markets, &models);
    }

    for (index, market) in markets.iter().enumerate() {
        let goals = scenario.goals[index];
        let proof = post_single_stat_proof(&mut chain, FIXTURE_ID, home_goals(goals));
        chain.settle(market, proof).expect("settle");
        models[index].outcome = Some(u8::from(goals > 1));
        check_invariants(&chain, &markets, &models);
    }

    for &(wallet, market, kind) in &scenario.payouts {
        let model = &mut models[market];
        let expected = model.expect(wallet, kind);
        let owner = &wallets[wallet];
        let before = chain.usdc_balance(&solana_signer::Signer::pubkey(owner));
        let result = match kind {
            Payout::Claim => chain.claim(owner, &markets[market]),
            Payout::Refund => chain.refund(owner, &markets[market]),
        };
        assert_outcome(result, expected);
        let paid = chain.usdc_balance(&solana_signer::Signer::pubkey(owner)) - before;
        assert_eq!(
            paid,
            expected.unwrap_or(0),
            "paid exactly what the model owes"
        );
        if let Ok(amount) = expected {
            model.paid += amount;
            if let Some(position) = model.positions.get_mut(&wallet) {
                position.2 = true;
            }
        }
        check_invariants(&chain, &markets, &models);
    }

    // Once every payout is made, only rounding dust is left: less than one unit per winner.
    for (index, market) in markets.iter().enumerate() {
        let wallets_to_pay: Vec<(usize, Payout)> = models[index]
            .positions
            .keys()
            .flat_map(|&wallet| [(wallet, Payout::Claim), (wallet, Payout::Refund)])
            .collect();
        for (wallet, kind) in wallets_to_pay {
            let model = &mut models[index];
            if let Ok(amount) = model.expect(wallet, kind) {
                let owner = &wallets[wallet];
                match kind {
                    Payout::Claim => chain.claim(owner, market),
                    Payout::Refund => chain.refund(owner, market),
                }
                .expect("the model says this pays");
                model.paid += amount;
                if let Some(position) = model.positions.get_mut(&wallet) {
                    position.2 = true;
                }
            }
        }
        let model = &models[index];
        let outcome = model.outcome.expect("settled");
        let winners = model
            .positions
            .values()
            .filter(|(side, _, _)| *side == outcome)
            .count() as u64;
        let dust = chain.token_balance(&pda::vault(market));
        assert_eq!(dust, model.deposited - model.paid);
        assert!(dust < winners.max(1), "dust {dust} with {winners} winners");
        check_invariants(&chain, &markets, &models);
    }
}

fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|cases| cases.parse().ok())
        .unwrap_or(24)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn the_vault_always_covers_what_is_owed(scenario in scenario()) {
        run(scenario);
    }
}
