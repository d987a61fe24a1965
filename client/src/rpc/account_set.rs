//! Accounts read once for several readers: a timeline step's expectations and its invariants
//! ask about the same markets and positions, and both about the clock; read together they cost
//! one `getMultipleAccounts` (a request per hundred addresses) rather than one per kind of
//! account and reader. An [`AccountReader`] serves a read from its set when the set holds every
//! address asked, and otherwise asks the node as the client would, so what it answers, and how
//! it fails, is the client's.

use std::collections::{BTreeSet, HashMap};

use anchor_lang::AccountDeserialize;
use anchor_lang::prelude::Pubkey;
use futures_util::stream::{self, StreamExt, TryStreamExt};
use solana_account_decoder_client_types::UiAccount;

use super::account_data::{decode_ui, multiple_accounts};
use super::clock::clock_of;
use super::many_accounts::amounts;
use super::{ACCOUNTS_PER_REQUEST, CLOCK_SYSVAR, ClientError, FulltimeClient, READS_AT_ONCE};
use crate::pda;

/// Accounts as the node held them when read, by address (`None`: no account there). Kept as
/// sent, so that each is decoded by whoever asks, under the name it asks with.
pub struct AccountSet {
    accounts: HashMap<Pubkey, Option<UiAccount>>,
}

impl FulltimeClient {
    /// The accounts at `addresses` (each read once however often it is named), in one
    /// `getMultipleAccounts` per hundred.
    pub async fn account_set(&self, addresses: &[Pubkey]) -> Result<AccountSet, ClientError> {
        let addresses: Vec<Pubkey> = addresses
            .iter()
            .copied()
            .collect::<BTreeSet<_>>()
            .into_iter()
            .collect();
        // Made first, then streamed: see `accounts`, whose future must be `Send` too.
        let requests: Vec<_> = addresses
            .chunks(ACCOUNTS_PER_REQUEST)
            .map(|chunk| self.set_of_one_request(chunk))
            .collect();
        let chunks: Vec<Vec<(Pubkey, Option<UiAccount>)>> = stream::iter(requests)
            .buffered(READS_AT_ONCE)
            .try_collect()
            .await?;
        Ok(AccountSet {
            accounts: chunks.into_iter().flatten().collect(),
        })
    }

    async fn set_of_one_request(
        &self,
        addresses: &[Pubkey],
    ) -> Result<Vec<(Pubkey, Option<UiAccount>)>, ClientError> {
        let accounts = multiple_accounts(&self.rpc, addresses)
            .await
            .map_err(|error| self.rpc_error(error))?;
        if accounts.len() != addresses.len() {
            return Err(ClientError::Decode {
                what: "account",
                address: addresses.first().copied().unwrap_or_default(),
                reason: format!(
                    "the node answered {} accounts for {} addresses",
                    accounts.len(),
                    addresses.len()
                ),
            });
        }
        Ok(addresses.iter().copied().zip(accounts).collect())
    }
}

impl AccountSet {
    /// Whether the set holds what the node said of every one of `addresses`.
    fn holds(&self, addresses: &[Pubkey]) -> bool {
        addresses
            .iter()
            .all(|address| self.accounts.contains_key(address))
    }
}

/// Reads of accounts, served from an [`AccountSet`] where it holds them, else by the node.
#[derive(Clone, Copy)]
pub struct AccountReader<'a> {
    client: &'a FulltimeClient,
    set: Option<&'a AccountSet>,
}

impl<'a> From<&'a FulltimeClient> for AccountReader<'a> {
    /// Reads that all ask the node.
    fn from(client: &'a FulltimeClient) -> Self {
        Self { client, set: None }
    }
}

impl<'a> AccountReader<'a> {
    /// Reads served from `set` where it holds the addresses asked.
    pub fn with_set(client: &'a FulltimeClient, set: &'a AccountSet) -> Self {
        Self {
            client,
            set: Some(set),
        }
    }

    /// The set, when it holds every one of `addresses`.
    fn holding(&self, addresses: &[Pubkey]) -> Option<&'a AccountSet> {
        self.set.filter(|set| set.holds(addresses))
    }

    /// [`FulltimeClient::cluster_time`].
    pub async fn cluster_time(&self) -> Result<i64, ClientError> {
        match self.holding(&[CLOCK_SYSVAR]) {
            Some(set) => {
                // As the client reads it: no account, or no base64, is no bytes.
                let data = set
                    .accounts
                    .get(&CLOCK_SYSVAR)
                    .and_then(Option::as_ref)
                    .and_then(|clock| clock.data.decode())
                    .unwrap_or_default();
                Ok(clock_of(&data)?.unix_timestamp)
            }
            None => self.client.cluster_time().await,
        }
    }

    /// [`FulltimeClient::accounts`].
    pub async fn accounts<T: AccountDeserialize>(
        &self,
        addresses: &[Pubkey],
        what: &'static str,
    ) -> Result<Vec<Option<T>>, ClientError> {
        match self.holding(addresses) {
            Some(set) => addresses
                .iter()
                .map(|address| {
                    set.accounts
                        .get(address)
                        .and_then(Option::as_ref)
                        .map(|account| decode_ui(account, address, what))
                        .transpose()
                })
                .collect(),
            None => self.client.accounts(addresses, what).await,
        }
    }

    /// [`FulltimeClient::token_balances`].
    pub async fn token_balances(
        &self,
        addresses: &[Pubkey],
        what: &'static str,
    ) -> Result<Vec<Option<u64>>, ClientError> {
        Ok(amounts(self.accounts(addresses, what).await?))
    }

    /// [`FulltimeClient::usdc_balances`].
    pub async fn usdc_balances(&self, wallets: &[Pubkey]) -> Result<Vec<Option<u64>>, ClientError> {
        let addresses: Vec<Pubkey> = wallets
            .iter()
            .map(|wallet| self.usdc_account(wallet))
            .collect();
        self.token_balances(&addresses, "test USDC token account")
            .await
    }

    /// Where `wallet` keeps its test USDC: what [`AccountReader::usdc_balances`] reads.
    pub fn usdc_account(&self, wallet: &Pubkey) -> Pubkey {
        pda::token_account(wallet, &self.client.usdc_mint)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use base64::Engine;
    use settlement::state::Market;

    use super::*;
    use crate::cluster::{Cluster, Endpoint};
    use crate::loopback::json_rpc_node;

    /// A node that answers every `getMultipleAccounts` with `value`, counting them; a client of
    /// it.
    async fn node_answering(value: serde_json::Value) -> (FulltimeClient, Arc<AtomicUsize>) {
        let asked = Arc::new(AtomicUsize::new(0));
        let counted = Arc::clone(&asked);
        let url = json_rpc_node(move |_, _| {
            counted.fetch_add(1, Ordering::Relaxed);
            serde_json::json!({"context": {"slot": 1}, "value": value})
        })
        .await;
        let endpoint = Endpoint {
            cluster: Cluster::Custom(url.clone()),
            rpc_url: url,
            oracle_program: Pubkey::new_unique(),
            ws_url: None,
            usdc_mint: Some(Pubkey::new_unique()),
        };
        let client = FulltimeClient::connect(endpoint)
            .await
            .expect("a client that knows its mint asks nothing");
        (client, asked)
    }

    /// The Clock sysvar at `unix_timestamp`, as the node sends it.
    fn clock_account(unix_timestamp: i64) -> serde_json::Value {
        let mut data = vec![0u8; 40];
        data[32..].copy_from_slice(&unix_timestamp.to_le_bytes());
        serde_json::json!({
            "lamports": 1,
            "data": [base64::engine::general_purpose::STANDARD.encode(&data), "base64"],
            "owner": "Sysvar1111111111111111111111111111111111111",
            "executable": false,
            "rentEpoch": 0,
            "space": 40,
        })
    }

    #[tokio::test]
    async fn what_the_set_holds_is_read_from_it_and_the_rest_from_the_node() {
        let missing = Pubkey::new_unique();
        // The set asks for its addresses in order, each once.
        let mut addresses = [CLOCK_SYSVAR, missing];
        addresses.sort();
        let value: Vec<serde_json::Value> = addresses
            .iter()
            .map(|address| {
                if *address == CLOCK_SYSVAR {
                    clock_account(1_795_132_800)
                } else {
                    serde_json::Value::Null
                }
            })
            .collect();
        let (client, asked) = node_answering(value.into()).await;
        let set = client
            .account_set(&[missing, CLOCK_SYSVAR, missing])
            .await
            .expect("the set");
        assert_eq!(asked.load(Ordering::Relaxed), 1, "one request for the set");
        // These are answered by the set.
        let reader = AccountReader::with_set(&client, &set);
        assert_eq!(
            reader.cluster_time().await.expect("the clock"),
            1_795_132_800
        );
        let markets = reader
            .accounts::<Market>(&[missing], "market")
            .await
            .expect("held");
        assert!(markets.first().is_some_and(Option::is_none));
        assert!(
            reader
                .usdc_balances(&[])
                .await
                .expect("nothing asked")
                .is_empty()
        );
        assert_eq!(
            asked.load(Ordering::Relaxed),
            1,
            "nothing asked of the node"
        );
        // An address it does not hold is asked of the node, as the client asks.
        let _ = reader
            .accounts::<Market>(&[Pubkey::new_unique()], "market")
            .await;
        assert_eq!(asked.load(Ordering::Relaxed), 2, "the node asked");
    }
}
