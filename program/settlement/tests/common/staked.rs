//! A market with a stake on each side, and the token accounts that prove a refusal moved
//! nothing.

use anchor_lang::prelude::Pubkey;
use fulltime_client::pda;
use fulltime_harness::TestChain;
use fulltime_localnet::native::FalsePredicate;
use settlement::{MarketTerms, SettlementError, SettlementProof, Side, StatedOutcome};
use solana_keypair::Keypair;
use solana_signer::Signer;

use super::{USDC, assert_settlement_error, balances, home_goals_market};

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
    pub fn new(mut chain: TestChain, terms: MarketTerms) -> Self {
        let creator = chain.new_wallet(0);
        let market = chain.create_market(&creator, terms).expect("create market");
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
