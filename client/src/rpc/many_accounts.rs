//! Many accounts read at once: `getMultipleAccounts` takes up to [`ACCOUNTS_PER_REQUEST`]
//! addresses, and [`READS_AT_ONCE`] such requests are in flight together, so reading the
//! positions of a thousand wallets in a hundred markets costs a request per hundred positions
//! rather than one each.

use anchor_lang::AccountDeserialize;
use anchor_lang::prelude::Pubkey;
use anchor_spl::token::TokenAccount;
use futures_util::stream::{self, StreamExt, TryStreamExt};

use super::account_data::{decode_ui, multiple_accounts};
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
        // The requests are made first and streamed as they are: a stream mapping borrowed
        // chunks through a closure makes a future rustc cannot prove `Send`.
        let requests: Vec<_> = addresses
            .chunks(ACCOUNTS_PER_REQUEST)
            .map(|chunk| self.accounts_of_one_request(chunk, what))
            .collect();
        let chunks: Vec<Vec<Option<T>>> = stream::iter(requests)
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
        Ok(amounts(self.accounts(addresses, what).await?))
    }

    async fn accounts_of_one_request<T: AccountDeserialize>(
        &self,
        addresses: &[Pubkey],
        what: &'static str,
    ) -> Result<Vec<Option<T>>, ClientError> {
        let accounts = multiple_accounts(&self.rpc, addresses)
            .await
            .map_err(|error| self.rpc_error(error))?;
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
                    .map(|account| decode_ui(&account, address, what))
                    .transpose()
            })
            .collect()
    }
}

/// What each token account holds, `None` where there is none: the token balances of
/// [`FulltimeClient`] and of an [`AccountReader`](super::AccountReader).
pub(super) fn amounts(accounts: Vec<Option<TokenAccount>>) -> Vec<Option<u64>> {
    accounts
        .into_iter()
        .map(|account| account.map(|account| account.amount))
        .collect()
}

#[cfg(test)]
mod tests {
    use settlement::state::{Market, Position};

    use super::*;
    use crate::cluster::{Cluster, Endpoint};
    use crate::rpc::{MarketTransactions, Pools, TransactionCount};

    fn is_send<T: Send>(_: &T) {}

    /// The batched reads, and the pipelined sends, can run on any thread: `tokio::spawn` takes
    /// them as they are. Made, not run (no node answers here); a future that is not `Send`
    /// fails to compile.
    #[tokio::test]
    async fn the_batched_reads_and_sends_are_send() {
        let endpoint = Endpoint {
            cluster: Cluster::Custom("http://127.0.0.1:9".into()),
            rpc_url: "http://127.0.0.1:9".into(),
            ws_url: None,
            oracle_program: Pubkey::new_unique(),
            usdc_mint: Some(Pubkey::new_unique()),
        };
        let client = FulltimeClient::connect(endpoint)
            .await
            .expect("a client that knows its mint asks nothing");
        let addresses = [Pubkey::new_unique()];
        is_send(&client.accounts::<Market>(&addresses, "a market"));
        is_send(&client.accounts::<Position>(&addresses, "a position"));
        is_send(&client.usdc_balances(&addresses));
        let transactions = MarketTransactions {
            market: Pubkey::new_unique(),
            pools: Pools { yes: 0, no: 0 },
            newest: Vec::new(),
            count: TransactionCount {
                counted: 0,
                complete: true,
            },
        };
        is_send(&client.read_deposits(&transactions));
        is_send(&client.pool_history(0, 10));
        is_send(&client.send_all(Vec::new()));
    }
}
