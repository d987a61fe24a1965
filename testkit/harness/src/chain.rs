use std::collections::HashMap;

use anchor_lang::solana_program::instruction::Instruction;
use anchor_lang::solana_program::program_pack::Pack;
use anchor_lang::solana_program::system_instruction;
use anchor_lang::{AccountDeserialize, prelude::Pubkey};
use anchor_spl::token::spl_token;
use fulltime_client::instructions::{self, Withdrawal};
use fulltime_client::pda;
use fulltime_client::proof_file::proven_value;
use fulltime_localnet::native::{Deployment, FalsePredicate, register_programs};
use litesvm::LiteSVM;
use settlement::state::{Config, Market, Position};
use settlement::{MarketTerms, SettlementProof, StatedOutcome};
use solana_clock::Clock;
use solana_keypair::Keypair;
use solana_message::Message;
use solana_signature::Signature;
use solana_signer::Signer;
use solana_transaction::Transaction;
use solana_transaction_error::TransactionError;
use txline_interface::time::FINAL_PERIOD;

use super::{SlotRoot, TxFailure};
use fulltime_testkit::planted::market_data_with_period;

/// Where the chain's clock starts: 2026-11-25T00:00:00Z.
pub const GENESIS_UNIX_TIME: i64 = 1_795_564_800;

const WALLET_LAMPORTS: u64 = 10_000_000_000;

/// A confirmed transaction.
#[derive(Clone, Debug)]
pub struct Sent {
    pub logs: Vec<String>,
}

pub struct TestChain {
    svm: LiteSVM,
    admin: Keypair,
    /// The mock oracle's authority: the only key it takes roots from.
    oracle_authority: Keypair,
    mint: Pubkey,
    /// Signatures made so far: each transaction's are numbers, unique on this chain.
    signed_count: u64,
    /// Addresses derived once, since a derivation is curve arithmetic (an on-curve check per
    /// bump tried), the larger part of a deposit's time here when made anew each time.
    derived: Derived,
}

/// Program addresses this chain has derived: positions by (wallet, market), vaults by market,
/// test USDC accounts by wallet.
#[derive(Default)]
struct Derived {
    positions: HashMap<(Pubkey, Pubkey), Pubkey>,
    vaults: HashMap<Pubkey, Pubkey>,
    token_accounts: HashMap<Pubkey, Pubkey>,
}

impl Default for TestChain {
    fn default() -> Self {
        Self::new()
    }
}

impl TestChain {
    /// Boots the runtime with both programs, creates the test USDC mint (its authority is the
    /// admin) and initializes the settlement config. The mock oracle returns `false` for a
    /// predicate that does not hold.
    pub fn new() -> Self {
        Self::with_oracle(FalsePredicate::ReturnFalse)
    }

    /// A booted chain whose mock oracle (at both TxLINE ids) treats a false predicate as told.
    pub fn with_oracle(false_predicate: FalsePredicate) -> Self {
        let mut chain = Self::uninitialized(false_predicate);
        let initialize = instructions::initialize(chain.admin.pubkey(), chain.mint);
        chain
            .send_as_admin(&[initialize])
            .expect("initialize the settlement config");
        chain
    }

    /// The runtime with both programs, deployed with the admin as the settlement program's
    /// upgrade authority and a key of its own as the mock oracle's, and the test USDC mint; the
    /// config is not initialized.
    pub fn uninitialized(false_predicate: FalsePredicate) -> Self {
        // Signatures are the curve arithmetic that dominates a transaction's time here (about two
        // thirds of a deposit's, by `perf`), and prove nothing about the programs: the runtime
        // still enforces each instruction's signers from the message, and `localnet` checks real
        // signatures. So the chain checks none and `send` makes none.
        let mut svm = LiteSVM::new().with_sigverify(false);
        register_programs(&mut svm, false_predicate);
        let admin = Keypair::new();
        let oracle_authority = Keypair::new();
        for key in [admin.pubkey(), oracle_authority.pubkey()] {
            svm.airdrop(&key, 1_000 * WALLET_LAMPORTS)
                .expect("airdrop to a fresh authority");
        }
        let deployment = Deployment {
            settlement_authority: admin.pubkey(),
            oracle_authority: oracle_authority.pubkey(),
        };
        for (address, account) in deployment.program_data_accounts() {
            svm.set_account(address, account)
                .expect("write a program's program data");
        }
        let mut chain = Self {
            svm,
            admin,
            oracle_authority,
            mint: Pubkey::default(),
            signed_count: 0,
            derived: Derived::default(),
        };
        chain.set_time(GENESIS_UNIX_TIME);
        chain.mint = chain.create_mint(6).expect("create the test USDC mint");
        chain
    }

    /// A booted chain and `count` wallets holding `usdc` base units of test USDC each.
    pub fn with_wallets(count: usize, usdc: u64) -> (Self, Vec<Keypair>) {
        let mut chain = Self::new();
        let wallets = (0..count).map(|_| chain.new_wallet(usdc)).collect();
        (chain, wallets)
    }

    pub fn svm(&mut self) -> &mut LiteSVM {
        &mut self.svm
    }

    pub fn admin(&self) -> &Keypair {
        &self.admin
    }

    /// The key the mock oracle takes roots from (its upgrade authority).
    pub fn oracle_authority(&self) -> &Keypair {
        &self.oracle_authority
    }

    /// The test USDC mint.
    pub fn mint(&self) -> Pubkey {
        self.mint
    }

    pub fn now(&self) -> i64 {
        self.svm.get_sysvar::<Clock>().unix_timestamp
    }

    pub fn set_time(&mut self, unix_timestamp: i64) {
        let mut clock = self.svm.get_sysvar::<Clock>();
        clock.unix_timestamp = unix_timestamp;
        self.svm.set_sysvar(&clock);
    }

    /// Moves the clock forward by `secs`.
    pub fn advance(&mut self, secs: i64) {
        let now = self.now();
        self.set_time(now + secs);
    }

    /// Moves the clock to the market's close time, when it may be settled.
    pub fn close(&mut self, market: &Pubkey) {
        let close_time = self.market(market).expect("the market exists").close_time;
        self.set_time(close_time.max(self.now()));
    }

    /// Moves the clock to the second the proof's batch was published (its `ts`), if it is not
    /// there yet: a proof counts only once the cluster clock has reached its batch.
    pub fn reach_batch(&mut self, proof: &SettlementProof) {
        let published = proof.ts.div_euclid(1_000);
        self.set_time(published.max(self.now()));
    }

    /// Moves the clock to the end of the market's dispute window, when its settlement is final.
    pub fn finalize(&mut self, market: &Pubkey) {
        let ends_at = self
            .market(market)
            .expect("the market exists")
            .dispute_ends_at;
        self.set_time(ends_at.max(self.now()));
    }

    /// Signs with `signers` (the first pays) and sends.
    pub fn send(
        &mut self,
        instructions: &[Instruction],
        signers: &[&Keypair],
    ) -> Result<Sent, TxFailure> {
        let payer = signers.first().map(|signer| signer.pubkey());
        let message =
            Message::new_with_blockhash(instructions, payer.as_ref(), &self.svm.latest_blockhash());
        let transaction = self.signed(message, signers)?;
        let result = self.svm.send_transaction(transaction);
        // A fresh blockhash per transaction, so the same instruction can be sent again.
        self.svm.expire_blockhash();
        match result {
            Ok(meta) => Ok(Sent { logs: meta.logs }),
            Err(failed) => Err(TxFailure {
                error: failed.err,
                logs: failed.meta.logs,
            }),
        }
    }

    /// `message` as `signers` sign it, without the curve arithmetic: the signers must be exactly
    /// the keys the message asks to sign (what signing checks), and each signature is a number
    /// of this chain's, unique, since the runtime here checks no signature (see `uninitialized`).
    fn signed(&mut self, message: Message, signers: &[&Keypair]) -> Result<Transaction, TxFailure> {
        let required = usize::from(message.header.num_required_signatures);
        let asked: Vec<Pubkey> = message
            .account_keys
            .iter()
            .take(required)
            .copied()
            .collect();
        let mut given: Vec<Pubkey> = signers.iter().map(|signer| signer.pubkey()).collect();
        given.sort_unstable();
        given.dedup();
        let mut wanted = asked.clone();
        wanted.sort_unstable();
        if given != wanted {
            return Err(TxFailure {
                error: TransactionError::SignatureFailure,
                logs: vec![format!(
                    "signed by {given:?}, the message asks for {asked:?}"
                )],
            });
        }
        let signatures = (0..required)
            .map(|index| {
                self.signed_count += 1;
                let mut bytes = [0u8; 64];
                bytes[..8].copy_from_slice(&self.signed_count.to_le_bytes());
                bytes[8..16].copy_from_slice(&(index as u64).to_le_bytes());
                Signature::from(bytes)
            })
            .collect();
        Ok(Transaction {
            signatures,
            message,
        })
    }

    fn send_as_admin(&mut self, instructions: &[Instruction]) -> Result<Sent, TxFailure> {
        let admin = self.admin.insecure_clone();
        self.send(instructions, &[&admin])
    }

    /// A new mint with the admin as authority.
    pub fn create_mint(&mut self, decimals: u8) -> Result<Pubkey, TxFailure> {
        let mint = Keypair::new();
        let admin = self.admin.pubkey();
        let rent = self
            .svm
            .minimum_balance_for_rent_exemption(spl_token::state::Mint::LEN);
        let create = system_instruction::create_account(
            &admin,
            &mint.pubkey(),
            rent,
            spl_token::state::Mint::LEN as u64,
            &spl_token::ID,
        );
        let initialize = spl_token::instruction::initialize_mint2(
            &spl_token::ID,
            &mint.pubkey(),
            &admin,
            None,
            decimals,
        )
        .expect("valid mint instruction");
        let payer = self.admin.insecure_clone();
        self.send(&[create, initialize], &[&payer, &mint])?;
        Ok(mint.pubkey())
    }

    /// A funded wallet holding `usdc` base units of test USDC in its associated token account.
    pub fn new_wallet(&mut self, usdc: u64) -> Keypair {
        let wallet = Keypair::new();
        self.svm
            .airdrop(&wallet.pubkey(), WALLET_LAMPORTS)
            .expect("airdrop to a fresh wallet");
        let mint = self.mint;
        self.mint_to(&wallet.pubkey(), &mint, usdc)
            .expect("fund a fresh wallet with test USDC");
        wallet
    }

    /// Mints `amount` of `mint` to the wallet's associated token account, creating it if needed.
    pub fn mint_to(
        &mut self,
        wallet: &Pubkey,
        mint: &Pubkey,
        amount: u64,
    ) -> Result<Pubkey, TxFailure> {
        let admin = self.admin.pubkey();
        let fund = instructions::mint_to_wallet(&admin, wallet, mint, &admin, amount)
            .expect("valid mint_to instruction");
        self.send_as_admin(&fund)?;
        let token_account = pda::token_account(wallet, mint);
        if *mint == self.mint {
            self.derived.token_accounts.insert(*wallet, token_account);
        }
        Ok(token_account)
    }

    /// The balance of a token account, 0 when it does not exist.
    pub fn token_balance(&self, token_account: &Pubkey) -> u64 {
        self.svm
            .get_account(token_account)
            .and_then(|account| spl_token::state::Account::unpack(&account.data).ok())
            .map_or(0, |account| account.amount)
    }

    /// The wallet's test USDC balance.
    pub fn usdc_balance(&self, wallet: &Pubkey) -> u64 {
        self.token_balance(&pda::token_account(wallet, &self.mint))
    }

    pub fn config(&self) -> Config {
        self.decode(&pda::config()).expect("the config exists")
    }

    pub fn market(&self, address: &Pubkey) -> Option<Market> {
        self.decode(address)
    }

    pub fn position(&self, market: &Pubkey, owner: &Pubkey) -> Option<Position> {
        self.decode(&pda::position(market, owner))
    }

    fn decode<T: AccountDeserialize>(&self, address: &Pubkey) -> Option<T> {
        let account = self.svm.get_account(address)?;
        T::try_deserialize(&mut account.data.as_slice()).ok()
    }

    /// Creates a market as `creator`, returning its address.
    pub fn create_market(
        &mut self,
        creator: &Keypair,
        terms: MarketTerms,
    ) -> Result<Pubkey, TxFailure> {
        let id = self.config().market_count;
        let instruction = instructions::create_market(creator.pubkey(), self.mint, id, terms);
        self.send(&[instruction], &[creator])?;
        Ok(pda::market(id))
    }

    /// A market on `terms` that `create_market` refuses today, a period other than 100 (the
    /// retired rule's 1 or 2, a period of its own for each half), as a chain kept from before
    /// holds it: created on period 100, then its stored period rewritten to the terms' own. Every
    /// other check of `create_market` applies.
    pub fn plant_market(
        &mut self,
        creator: &Keypair,
        terms: MarketTerms,
    ) -> Result<Pubkey, TxFailure> {
        let period = terms.period;
        let market = self.create_market(
            creator,
            MarketTerms {
                period: FINAL_PERIOD,
                ..terms
            },
        )?;
        let mut account = self
            .svm
            .get_account(&market)
            .expect("the market just created");
        account.data =
            market_data_with_period(&account.data, period).expect("a market's account data");
        self.svm
            .set_account(market, account)
            .expect("rewrite the market's account");
        Ok(market)
    }

    /// A deposit of `outcome` as the instruction carries it, a byte: the program's behaviour
    /// tests also send bytes that are no side, for the program to refuse.
    pub fn deposit(
        &mut self,
        wallet: &Keypair,
        market: &Pubkey,
        outcome: u8,
        amount: u64,
    ) -> Result<Sent, TxFailure> {
        let accounts = self.position_accounts(&wallet.pubkey(), market);
        let instruction = instructions::deposit_from(
            accounts.owner,
            accounts.owner_token,
            accounts.market,
            accounts.position,
            accounts.vault,
            outcome,
            amount,
        );
        self.send(&[instruction], &[wallet])
    }

    /// Settles through the mock oracle at the devnet id, paid by the admin, stating the outcome
    /// the proven value gives the market's predicate, as the client does.
    pub fn settle(&mut self, market: &Pubkey, proof: SettlementProof) -> Result<Sent, TxFailure> {
        let stated = self
            .market(market)
            .and_then(|market| {
                let value = proven_value(&proof, market.second_stat.map(|second| second.op))?;
                Some(StatedOutcome::of_value(market.predicate, value))
            })
            .unwrap_or(StatedOutcome::Yes);
        self.settle_stating(market, proof, stated)
    }

    /// Settles through the mock oracle at the devnet id, stating `stated`.
    pub fn settle_stating(
        &mut self,
        market: &Pubkey,
        proof: SettlementProof,
        stated: StatedOutcome,
    ) -> Result<Sent, TxFailure> {
        self.settle_via(mock_oracle::ID, market, proof, stated)
    }

    /// Settles through the oracle program `oracle`, paid by the admin.
    pub fn settle_via(
        &mut self,
        oracle: Pubkey,
        market: &Pubkey,
        proof: SettlementProof,
        stated: StatedOutcome,
    ) -> Result<Sent, TxFailure> {
        let instruction = instructions::settle(*market, oracle, proof, stated);
        self.send_as_admin(&[instruction])
    }

    pub fn claim(&mut self, wallet: &Keypair, market: &Pubkey) -> Result<Sent, TxFailure> {
        let instruction = instructions::claim(self.position_accounts(&wallet.pubkey(), market));
        self.send(&[instruction], &[wallet])
    }

    pub fn refund(&mut self, wallet: &Keypair, market: &Pubkey) -> Result<Sent, TxFailure> {
        let instruction = instructions::refund(self.position_accounts(&wallet.pubkey(), market));
        self.send(&[instruction], &[wallet])
    }

    /// The accounts of `wallet`'s position in `market`, paid to its test USDC account.
    fn position_accounts(&mut self, wallet: &Pubkey, market: &Pubkey) -> Withdrawal {
        let mint = self.mint;
        let derived = &mut self.derived;
        Withdrawal {
            owner: *wallet,
            market: *market,
            position: *derived
                .positions
                .entry((*wallet, *market))
                .or_insert_with(|| pda::position(market, wallet)),
            vault: *derived
                .vaults
                .entry(*market)
                .or_insert_with(|| pda::vault(market)),
            owner_token: *derived
                .token_accounts
                .entry(*wallet)
                .or_insert_with(|| pda::token_account(wallet, &mint)),
        }
    }

    /// Posts one five-minute root to the mock oracle at the devnet id.
    pub fn post_root(&mut self, slot: SlotRoot) -> Result<Sent, TxFailure> {
        self.post_root_to(mock_oracle::ID, slot)
    }

    /// Posts one five-minute root to the mock oracle at `oracle` (either TxLINE id), signed by
    /// the oracle's authority.
    pub fn post_root_to(&mut self, oracle: Pubkey, slot: SlotRoot) -> Result<Sent, TxFailure> {
        let authority = self.oracle_authority.insecure_clone();
        self.post_root_as(oracle, slot, &authority)
    }

    /// Posts one five-minute root to the mock oracle at `oracle`, signed (and paid) by `signer`.
    pub fn post_root_as(
        &mut self,
        oracle: Pubkey,
        slot: SlotRoot,
        signer: &Keypair,
    ) -> Result<Sent, TxFailure> {
        let instruction = instructions::insert_scores_root(
            oracle,
            signer.pubkey(),
            slot.epoch_day,
            slot.hour_of_day,
            slot.minute_of_hour,
            slot.root,
        );
        self.send(&[instruction], &[signer])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The chain makes no signatures, so it checks who signs as signing would: exactly the keys
    /// the message asks for.
    #[test]
    fn a_transaction_is_sent_only_by_the_keys_it_asks_to_sign() {
        let mut chain = TestChain::new();
        let wallet = chain.new_wallet(0);
        let stranger = Keypair::new();
        let lamports = chain.svm().minimum_balance_for_rent_exemption(0);
        let to_stranger =
            system_instruction::transfer(&wallet.pubkey(), &stranger.pubkey(), lamports);

        let by_stranger = chain.send(std::slice::from_ref(&to_stranger), &[&stranger]);
        assert_eq!(
            by_stranger.map(|_| ()).map_err(|failure| failure.error),
            Err(TransactionError::SignatureFailure)
        );
        let with_a_stranger = chain.send(std::slice::from_ref(&to_stranger), &[&wallet, &stranger]);
        assert_eq!(
            with_a_stranger.map(|_| ()).map_err(|failure| failure.error),
            Err(TransactionError::SignatureFailure)
        );
        chain
            .send(&[to_stranger], &[&wallet])
            .expect("the wallet signs its own transfer");
        assert_eq!(
            chain
                .svm()
                .get_account(&stranger.pubkey())
                .map(|account| account.lamports),
            Some(lamports)
        );
    }
}
