//! Makes a fresh chain ready to use, through the node's own JSON-RPC like any client: the test
//! USDC mint at its kept address, the settlement config, the oracle roots the proof fixtures
//! verify against, demo markets, and the wallet's SOL and test USDC.

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::instruction::Instruction;
use anchor_lang::solana_program::program_pack::Pack;
use anchor_lang::solana_program::system_instruction;
use anchor_spl::token::spl_token;
use fulltime_client::instructions;
use fulltime_client::rpc::{CLOCK_SYSVAR, send_and_confirm, unix_timestamp, wait_for_confirmation};
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;
use solana_transaction::Transaction;

use super::NodeError;
use super::keys::StateKeys;

const LAMPORTS_PER_SOL: u64 = 1_000_000_000;
/// What the wallet gets at every start.
pub const WALLET_SOL: u64 = 100 * LAMPORTS_PER_SOL;
pub const WALLET_USDC: u64 = 1_000 * 1_000_000;
const AUTHORITY_SOL: u64 = 1_000 * LAMPORTS_PER_SOL;

/// The demo markets' dispute window: short, so that a local demo reaches claims in a minute.
pub const DEMO_DISPUTE_WINDOW_SECS: i64 = 60;

/// Demo markets, each made from a proof fixture that settles it once it has closed: (fixture,
/// seconds from start until it closes).
pub const DEMO_MARKETS: &[(&str, i64)] = &[
    ("arsenal-home-goals-over-1", 2 * 60 * 60),
    ("chelsea-away-goals-over-1", 24 * 60 * 60),
    ("city-away-corners-under-6", 3 * 60),
    ("newcastle-home-goals-exactly-2", 30 * 60),
    ("arsenal-chelsea-total-goals-over-2", 45 * 60),
];

pub async fn bootstrap(rpc_url: &str, keys: &StateKeys) -> Result<(), NodeError> {
    let rpc = RpcClient::new_with_commitment(rpc_url.to_owned(), CommitmentConfig::confirmed());
    let chain = Chain { rpc: &rpc, keys };
    chain
        .airdrop(&keys.mint_authority.pubkey(), AUTHORITY_SOL)
        .await?;
    chain.airdrop(&keys.wallet.pubkey(), WALLET_SOL).await?;
    chain.create_mint().await?;
    chain
        .send(&[instructions::initialize(
            keys.mint_authority.pubkey(),
            keys.mint.pubkey(),
        )])
        .await?;
    chain.post_fixture_roots().await?;
    chain.create_demo_markets().await?;
    chain.fund_wallet().await
}

struct Chain<'a> {
    rpc: &'a RpcClient,
    keys: &'a StateKeys,
}

fn failed(what: &str) -> impl Fn(solana_rpc_client_api::client_error::Error) -> NodeError + '_ {
    move |error| NodeError::Bootstrap(format!("{what}: {error}"))
}

impl Chain<'_> {
    /// Sends instructions paid and signed by the mint authority, plus `extra` signers.
    async fn send_signed(
        &self,
        instructions: &[Instruction],
        extra: &[&Keypair],
    ) -> Result<(), NodeError> {
        let payer = &self.keys.mint_authority;
        let blockhash = self
            .rpc
            .get_latest_blockhash()
            .await
            .map_err(failed("latest blockhash"))?;
        let mut signers = vec![payer];
        signers.extend_from_slice(extra);
        let transaction = Transaction::new_signed_with_payer(
            instructions,
            Some(&payer.pubkey()),
            &signers,
            blockhash,
        );
        send_and_confirm(self.rpc, &transaction)
            .await
            .map_err(failed("bootstrap transaction"))?;
        Ok(())
    }

    async fn send(&self, instructions: &[Instruction]) -> Result<(), NodeError> {
        self.send_signed(instructions, &[]).await
    }

    async fn airdrop(&self, to: &Pubkey, lamports: u64) -> Result<(), NodeError> {
        let signature = self
            .rpc
            .request_airdrop(to, lamports)
            .await
            .map_err(failed("airdrop"))?;
        wait_for_confirmation(self.rpc, signature)
            .await
            .map_err(failed("airdrop"))?;
        Ok(())
    }

    async fn create_mint(&self) -> Result<(), NodeError> {
        let mint = self.keys.mint.pubkey();
        let authority = self.keys.mint_authority.pubkey();
        let rent = self
            .rpc
            .get_minimum_balance_for_rent_exemption(spl_token::state::Mint::LEN)
            .await
            .map_err(failed("rent"))?;
        let create = system_instruction::create_account(
            &authority,
            &mint,
            rent,
            spl_token::state::Mint::LEN as u64,
            &spl_token::ID,
        );
        let initialize =
            spl_token::instruction::initialize_mint2(&spl_token::ID, &mint, &authority, None, 6)
                .map_err(|error| NodeError::Bootstrap(error.to_string()))?;
        self.send_signed(&[create, initialize], &[&self.keys.mint])
            .await
    }

    async fn post_fixture_roots(&self) -> Result<(), NodeError> {
        let committed = fulltime_fixtures::committed()
            .map_err(|error| NodeError::Bootstrap(format!("proof fixtures: {error}")))?;
        for root in &committed.roots.roots {
            self.send(&[instructions::insert_scores_root(
                mock_oracle::ID,
                self.keys.mint_authority.pubkey(),
                root.epoch_day,
                root.hour_of_day,
                root.minute_of_hour,
                root.root,
            )])
            .await?;
        }
        Ok(())
    }

    async fn create_demo_markets(&self) -> Result<(), NodeError> {
        let committed = fulltime_fixtures::committed()
            .map_err(|error| NodeError::Bootstrap(format!("proof fixtures: {error}")))?;
        let now = self.unix_time().await?;
        for (id, (name, closes_in)) in DEMO_MARKETS.iter().enumerate() {
            let fixture = committed
                .fixture(name)
                .ok_or_else(|| NodeError::Bootstrap(format!("no proof fixture named {name}")))?;
            self.send(&[instructions::create_market(
                self.keys.mint_authority.pubkey(),
                self.keys.mint.pubkey(),
                id as u64,
                fixture.market_terms(now + closes_in, DEMO_DISPUTE_WINDOW_SECS),
            )])
            .await?;
        }
        Ok(())
    }

    async fn fund_wallet(&self) -> Result<(), NodeError> {
        let wallet = self.keys.wallet.pubkey();
        let mint = self.keys.mint.pubkey();
        let authority = self.keys.mint_authority.pubkey();
        let fund =
            instructions::mint_to_wallet(&authority, &wallet, &mint, &authority, WALLET_USDC)
                .map_err(|error| NodeError::Bootstrap(error.to_string()))?;
        self.send(&fund).await
    }

    /// The cluster clock, in unix seconds, read from the Clock sysvar.
    async fn unix_time(&self) -> Result<i64, NodeError> {
        let data = self
            .rpc
            .get_account_data(&CLOCK_SYSVAR)
            .await
            .map_err(failed("clock sysvar"))?;
        unix_timestamp(&data)
            .ok_or_else(|| NodeError::Bootstrap("the clock sysvar is malformed".into()))
    }
}
