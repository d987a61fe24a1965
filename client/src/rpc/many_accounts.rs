//! Many accounts read at once: `getMultipleAccounts` takes up to [`ACCOUNTS_PER_REQUEST`]
//! addresses, and [`READS_AT_ONCE`] such requests are in flight together, so reading the
//! positions of a thousand wallets in a hundred markets costs a request per hundred positions
//! rather than one each.

use anchor_lang::AccountDeserialize;
use anchor_lang::prelude::Pubkey;
use anchor_spl::token::TokenAccount;
use futures_util::stream::{self, StreamExt, TryStreamExt};

use super::accounts::decode;
use super::{ClientError, FulltimeClient, READS_AT_ONCE};
use crate::pda;

/// The most addresses a node takes in one `getMultipleAccounts`.
pub const ACCOUNTS_PER_REQUEST: usize = 100;

impl FulltimeClient {
    /// The accounts at `addresses`, in their order, each decoded as `what` (`None` where there
    /// is none).
    pub async fn accounts<T: AccountDeserialize>(
        &self,
        addresses: &[Pubkey],
        what: &'static str,
    ) -> Result<Vec<Option<T>>, ClientError> {
        let chunks: Vec<Vec<Option<T>>> = stream::iter(addresses.chunks(ACCOUNTS_PER_REQUEST))
            .map(|chunk| self.accounts_of_one_request(chunk, what))
            .buffered(READS_AT_ONCE)
            .try_collect()
            .await?;
        Ok(chunks.into_iter().flatten().collect())
    }

    /// The test USDC in each of `wallets`' associated token accounts, in their order; `None`
    /// for a wallet with none.
    pub async fn usdc_balances(&self, wallets: &[Pubkey]) -> Result<Vec<Option<u64>>, ClientError> {
        let addresses: Vec<Pubkey> = wallets
            .iter()
            .map(|wallet| pda::token_account(wallet, &self.usdc_mint))
            .collect();
        self.token_balances(&addresses, "test USDC token account")
            .await
    }

    /// The amount each token account at `addresses` holds, in their order; `None` where there
    /// is none.
    pub async fn token_balances(
        &self,
        addresses: &[Pubkey],
        what: &'static str,
    ) -> Result<Vec<Option<u64>>, ClientError> {
        let accounts: Vec<Option<TokenAccount>> = self.accounts(addresses, what).await?;
        Ok(accounts
            .into_iter()
            .map(|account| account.map(|account| account.amount))
            .collect())
    }

    async fn accounts_of_one_request<T: AccountDeserialize>(
        &self,
        addresses: &[Pubkey],
        what: &'static str,
    ) -> Result<Vec<Option<T>>, ClientError> {
        let accounts = self
            .rpc
            .get_multiple_accounts_with_commitment(addresses, self.rpc.commitment())
            .await
            .map_err(|error| self.rpc_error(error))?
            .value;
        if accounts.len() != addresses.len() {
            return Err(ClientError::Decode {
                what,
                address: addresses.first().copied().unwrap_or_default(),
                reason: format!(
                    "the node answered {} accounts for {} addresses",
                    accounts.len(),
                    addresses.len()
                ),
            });
        }
        addresses
            .iter()
            .zip(accounts)
            .map(|(address, account)| {
                account
                    .map(|account| decode(&account.data, address, what))
                    .transpose()
            })
            .collect()
    }
}
