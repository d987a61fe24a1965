//! A market with a stake on each side, and the token accounts that prove a refusal moved
//! nothing.

use anchor_lang::prelude::Pubkey;
use fulltime_client::pda;
use fulltime_harness::{TestChain, TxFailure};
use fulltime_localnet::native::FalsePredicate;
use settlement::state::SecondStat;
use settlement::{MarketTerms, SettlementError, SettlementProof, Side, StatedOutcome};
use solana_keypair::Keypair;
use solana_signer::Signer;
use txline_interface::{BinaryExpression, Comparison, TraderPredicate};

use super::{AWAY_GOALS, USDC, assert_settlement_error, balances, home_goals_market};

/// Yves holds 3 USDC on YES, Nora 1 USDC on NO; each started with 10 USDC.
pub struct Staked {
    pub chain: TestChain,
    pub market: Pubkey,
    pub yves: Keypair,
    pub nora: Keypair,
    /// Both wallets' token accounts and the vault.
    pub watched: Vec<Pubkey>,
}

impl Staked {
    pub fn new(chain: TestChain, terms: MarketTerms) -> Self {
        Self::on(chain, |chain, creator| chain.create_market(creator, terms))
    }

    /// A total-goals market ("more than 2?"), still open, with the oracle answering a false
    /// predicate as `false_predicate` says.
    pub fn total_goals_over_2(false_predicate: FalsePredicate) -> Self {
        let chain = TestChain::with_oracle(false_predicate);
        let mut terms = home_goals_market(&chain);
        terms.second_stat = Some(SecondStat {
            stat_key: AWAY_GOALS,
            op: BinaryExpression::Add,
        });
        terms.predicate = TraderPredicate {
            threshold: 2,
            comparison: Comparison::GreaterThan,
        };
        Self::new(chain, terms)
    }

    /// The market planted as a chain kept from before holds it (`TestChain::plant_market`): on
    /// a period `create_market` refuses today, and staked the same way.
    pub fn planted(chain: TestChain, terms: MarketTerms) -> Self {
        Self::on(chain, |chain, creator| chain.plant_market(creator, terms))
    }

    fn on(
        mut chain: TestChain,
        make: impl FnOnce(&mut TestChain, &Keypair) -> Result<Pubkey, TxFailure>,
    ) -> Self {
        let creator = chain.new_wallet(0);
        let market = make(&mut chain, &creator).expect("create market");
        let yves = chain.new_wallet(10 * USDC);
        let nora = chain.new_wallet(10 * USDC);
        chain.deposit(&yves, &market, 1, 3 * USDC).expect("YES");
        chain.deposit(&nora, &market, 0, USDC).expect("NO");
        let mint = chain.mint();
        let watched = vec![
            pda::token_account(&yves.pubkey(), &mint),
            pda::token_account(&nora.pubkey(), &mint),
            pda::vault(&market),
        ];
        Self {
            chain,
            market,
            yves,
            nora,
            watched,
        }
    }

    /// A home-goals market ("more than 1?") on a chain whose oracle treats a false predicate
    /// as told.
    pub fn home_goals(false_predicate: FalsePredicate) -> Self {
        let chain = TestChain::with_oracle(false_predicate);
        let terms = home_goals_market(&chain);
        Self::new(chain, terms)
    }

    /// Settles stating `stated` and asserts the settlement error `expected`, moving nothing.
    #[track_caller]
    pub fn assert_settle_refused(
        &mut self,
        proof: SettlementProof,
        stated: StatedOutcome,
        expected: SettlementError,
    ) {
        let before = self.balances();
        let market = self.market;
        assert_settlement_error(self.chain.settle_stating(&market, proof, stated), expected);
        assert_eq!(self.balances(), before, "no token may move");
    }

    pub fn balances(&self) -> Vec<u64> {
        balances(&self.chain, &self.watched)
    }

    /// The side the market's settlement states; `None` before any settlement.
    pub fn settlement(&self) -> Option<Side> {
        self.chain
            .market(&self.market)
            .expect("market")
            .settled_outcome()
    }
}
