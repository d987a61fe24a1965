//! Funding a wallet on a local node: SOL by the node's airdrop and test USDC from the mint's
//! authority, as the local bootstrap funds its own wallet. Elsewhere test USDC comes from the
//! faucet (`crate::faucet`) and SOL from the cluster's own faucet.

use anchor_lang::prelude::Pubkey;
use solana_keypair::Keypair;
use solana_signature::Signature;
use solana_signer::Signer;

use super::{ClientError, FulltimeClient, rpc_error, wait_for_confirmation};
use crate::instructions::mint_to_wallet;

impl FulltimeClient {
    /// Asks the node to airdrop `lamports` to `address` and waits for it to be confirmed.
    pub async fn airdrop(&self, address: &Pubkey, lamports: u64) -> Result<Signature, ClientError> {
        let airdrop = async {
            let signature = self.rpc.request_airdrop(address, lamports).await?;
            wait_for_confirmation(&self.rpc, signature).await
        };
        airdrop.await.map_err(|error| rpc_error(&self.rpc, error))
    }

    /// Mints `amount` test USDC to `wallet` (creating its token account), signed and paid by
    /// `mint_authority`, the key that may mint.
    pub async fn mint_test_usdc(
        &self,
        mint_authority: &Keypair,
        wallet: &Pubkey,
        amount: u64,
    ) -> Result<Signature, ClientError> {
        let authority = mint_authority.pubkey();
        let instructions = mint_to_wallet(&authority, wallet, &self.usdc_mint, &authority, amount)
            .map_err(|error| ClientError::Signing(error.to_string()))?;
        self.send(mint_authority, &instructions, &[]).await
    }
}
