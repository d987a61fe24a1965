//! Funding wallets on a local node: SOL by the node's airdrop and test USDC from the mint's
//! authority, as the local bootstrap funds its own wallet; many wallets at once through the
//! pipeline (one airdrop to the funder, then transfers: the node airdrops one request at a time). Elsewhere test USDC comes from the faucet (`crate::faucet`) and SOL from the
//! cluster's own faucet.

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::instruction::Instruction;
use anchor_lang::solana_program::system_instruction;
use solana_keypair::Keypair;
use solana_signature::Signature;
use solana_signer::Signer;

use super::{ClientError, FulltimeClient, Unsigned, wait_for_confirmation};
use crate::instructions::mint_to_wallet;

/// Wallets funded per transaction (a SOL transfer, a token account made and a mint each): as
/// many as fit in a transaction's 1,232 bytes with room to spare.
pub const WALLETS_PER_FUNDING: usize = 6;

/// What one wallet is given: lamports from the funder, test USDC minted to it.
#[derive(Clone, Copy, Debug)]
pub struct Funding {
    pub wallet: Pubkey,
    pub lamports: u64,
    pub usdc: u64,
}

impl FulltimeClient {
    /// Asks the node to airdrop `lamports` to `address` and waits for it to be confirmed.
    pub async fn airdrop(&self, address: &Pubkey, lamports: u64) -> Result<Signature, ClientError> {
        let airdrop = async {
            let signature = self.rpc.request_airdrop(address, lamports).await?;
            wait_for_confirmation(&self.rpc, signature).await
        };
        airdrop.await.map_err(|error| self.rpc_error(error))
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

    /// Funds every wallet of `fundings`: SOL airdropped to `funder` in one sum and transferred
    /// on, test USDC minted by `mint_authority`, [`WALLETS_PER_FUNDING`] wallets a transaction,
    /// all sent through the pipeline. The number of transactions sent, or the first failure.
    pub async fn fund_all(
        &self,
        funder: &Keypair,
        mint_authority: &Keypair,
        fundings: &[Funding],
    ) -> Result<usize, ClientError> {
        let lamports = fundings
            .iter()
            .try_fold(0u64, |total, funding| total.checked_add(funding.lamports))
            .ok_or_else(|| {
                ClientError::Signing("the wallets' SOL in all is more than a u64 holds".into())
            })?;
        if lamports > 0 {
            self.airdrop(&funder.pubkey(), lamports).await?;
        }
        let transactions = fundings
            .chunks(WALLETS_PER_FUNDING)
            .map(|chunk| {
                let mut instructions = Vec::new();
                for funding in chunk {
                    instructions.extend(self.funding_instructions(
                        funder,
                        mint_authority,
                        funding,
                    )?);
                }
                // The mint authority signs only a transaction that mints: a signer the message
                // does not ask for is refused when signing.
                let mints = chunk.iter().any(|funding| funding.usdc > 0);
                let signers = if mints {
                    vec![funder, mint_authority]
                } else {
                    vec![funder]
                };
                Ok(Unsigned {
                    instructions,
                    signers,
                })
            })
            .filter(|unsigned| {
                unsigned
                    .as_ref()
                    .map_or(true, |unsigned| !unsigned.instructions.is_empty())
            })
            .collect::<Result<Vec<_>, ClientError>>()?;
        let sent = transactions.len();
        self.send_all(transactions)
            .await
            .into_iter()
            .find_map(Result::err)
            .map_or(Ok(sent), Err)
    }

    /// The transfer and the mint that fund one wallet; none for what it is given nothing of.
    fn funding_instructions(
        &self,
        funder: &Keypair,
        mint_authority: &Keypair,
        funding: &Funding,
    ) -> Result<Vec<Instruction>, ClientError> {
        let mut instructions = Vec::new();
        if funding.lamports > 0 {
            instructions.push(system_instruction::transfer(
                &funder.pubkey(),
                &funding.wallet,
                funding.lamports,
            ));
        }
        if funding.usdc > 0 {
            let minted = mint_to_wallet(
                &funder.pubkey(),
                &funding.wallet,
                &self.usdc_mint,
                &mint_authority.pubkey(),
                funding.usdc,
            )
            .map_err(|error| ClientError::Signing(error.to_string()))?;
            instructions.extend(minted);
        }
        Ok(instructions)
    }
}
