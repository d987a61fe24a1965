//! The chain as the Fulltime tools see it, over standard JSON-RPC with the nonblocking
//! `RpcClient` at `confirmed` commitment: typed reads of the settlement accounts and of wallet
//! balances, and the program's transactions, sent, confirmed (by `signatureSubscribe` where the
//! node serves WebSocket, else by polling) and explained when they fail; and the same accounts
//! pushed by the node's WebSocket subscriptions (`push`). Nothing here prints; callers decide how
//! to show results.

mod account_data;
mod account_set;
mod accounts;
mod checkpoints;
mod clock;
mod confirm;
mod error;
mod funding;
mod inspect;
mod many_accounts;
mod packet;
mod pay_out_all;
mod pipeline;
mod pool_history;
mod program_accounts;
mod push;
mod time_travel;
mod transactions;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anchor_lang::prelude::Pubkey;
use solana_commitment_config::CommitmentConfig;
use solana_pubsub_client::nonblocking::pubsub_client::PubsubClient;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::Error as RpcClientError;
use tokio::sync::Mutex;

use crate::cluster::Endpoint;

pub use account_set::{AccountReader, AccountSet};
pub(crate) use accounts::account_info;
pub use accounts::{Balances, Standing};
pub use checkpoints::{
    Checkpoint, RESTORE_CHECKPOINT_METHOD, RestoredCheckpoint, SAVE_CHECKPOINT_METHOD,
};
pub use clock::{CLOCK_SYSVAR, ClockReading, moves_forward, unix_timestamp};
pub use confirm::{
    ConfirmedBy, connect_pubsub, send_and_confirm, send_and_confirm_by, wait_for_confirmation,
};
pub use error::ClientError;
pub use funding::{Funding, WALLETS_PER_FUNDING};
pub use inspect::{AccountUse, InstructionDetail, TransactionDetail};
pub use many_accounts::ACCOUNTS_PER_REQUEST;
pub use packet::{TRANSACTION_SIZE_LIMIT, transaction_size};
pub use pay_out_all::{OwedPosition, PaidBatch, PaidOut};
pub use pipeline::{IN_FLIGHT, Unsigned};
pub use pool_history::{
    DEFAULT_HISTORY_DEPTH, DepositHistory, ListedTransaction, MarketTransactions, PoolPoint, Pools,
    READS_AT_ONCE, TransactionCount,
};
pub use push::{PushClient, PushError, Pushed};
pub use time_travel::{TIME_TRAVEL_METHOD, TimeTravel, time_travel_support};
pub use transactions::{
    BalanceChange, CreatedMarket, Deposited, SendStage, Settled, check_balance,
};

/// How long a JSON-RPC request may wait for its answer, as long as solana-rpc-client's own
/// default: past it the node is reported unreachable, timed out.
pub const RPC_TIMEOUT: Duration = Duration::from_secs(30);

/// A connection to one cluster's settlement program, oracle and test USDC mint: one HTTP
/// connection pool, and one WebSocket for the confirmations of every transaction it sends, opened
/// with the first and kept (opened anew when it fails). Make one and share it.
///
/// It sends what it is asked to: the checks a command makes before sending are its caller's
/// (the `fulltime` action layer runs them, with the program's own rules in [`crate::validate`]).
pub struct FulltimeClient {
    rpc: RpcClient,
    /// The requests whose answers are read straight from their bytes ([`program_accounts`]),
    /// with the same timeout as `rpc`.
    http: reqwest::Client,
    endpoint: Endpoint,
    /// How long a request may wait for its answer.
    timeout: Duration,
    usdc_mint: Pubkey,
    /// Where confirmations are subscribed to; `None` confirms by polling.
    ws_url: Option<String>,
    /// The WebSocket confirmations are subscribed on, once opened.
    socket: Mutex<Option<Arc<PubsubClient>>>,
    /// Micro-lamports per compute unit every transaction offers (`--priority-fee`), if any.
    priority_fee: Option<u64>,
    /// The node said it moves its clock (`time_travel.rs`): not asked again.
    travels: AtomicBool,
}

impl FulltimeClient {
    /// Connects to `endpoint`. The test USDC mint comes from the endpoint when it knows it
    /// (localnet), otherwise from the settlement config on chain.
    pub async fn connect(endpoint: Endpoint) -> Result<Self, ClientError> {
        Self::connect_with_timeout(endpoint, RPC_TIMEOUT).await
    }

    /// [`FulltimeClient::connect`], with requests that wait at most `timeout` for their answer.
    pub async fn connect_with_timeout(
        endpoint: Endpoint,
        timeout: Duration,
    ) -> Result<Self, ClientError> {
        let rpc = RpcClient::new_with_timeout_and_commitment(
            endpoint.rpc_url.clone(),
            timeout,
            CommitmentConfig::confirmed(),
        );
        let http = reqwest::Client::builder()
            .timeout(timeout)
            .build()
            .map_err(|error| {
                ClientError::from_rpc(
                    endpoint.rpc_url.clone(),
                    Some(&endpoint.cluster),
                    timeout,
                    error.into(),
                )
            })?;
        let mut client = Self {
            rpc,
            http,
            ws_url: endpoint.ws_url.clone(),
            usdc_mint: endpoint.usdc_mint.unwrap_or_default(),
            endpoint,
            timeout,
            socket: Mutex::new(None),
            priority_fee: None,
            travels: AtomicBool::new(false),
        };
        // The config is read with the client itself, so that its failures name the cluster.
        if client.endpoint.usdc_mint.is_none() {
            client.usdc_mint = client.config().await?.usdc_mint;
        }
        Ok(client)
    }

    /// Every transaction sent through this client offers `micro_lamports` per compute unit: for a
    /// congested cluster. `None` offers nothing beyond the base fee.
    pub fn with_priority_fee(mut self, micro_lamports: Option<u64>) -> Self {
        self.priority_fee = micro_lamports;
        self
    }

    /// The priority fee every transaction offers, if any.
    pub fn priority_fee(&self) -> Option<u64> {
        self.priority_fee
    }

    /// Confirms transactions by polling even where the node serves `signatureSubscribe`, as
    /// against a node without WebSocket (for comparing the two).
    pub fn confirm_by_polling(mut self) -> Self {
        self.ws_url = None;
        self
    }

    pub fn endpoint(&self) -> &Endpoint {
        &self.endpoint
    }

    /// The test USDC mint every deposit and payout uses.
    pub fn usdc_mint(&self) -> Pubkey {
        self.usdc_mint
    }

    /// The TxLINE program that settlement proofs are validated by.
    pub fn oracle_program(&self) -> Pubkey {
        self.endpoint.oracle_program
    }

    /// The underlying RPC client, for requests this client does not wrap.
    pub fn rpc(&self) -> &RpcClient {
        &self.rpc
    }

    /// The WebSocket confirmations are subscribed on: the one already open, else a new one;
    /// `None` where the node serves none.
    async fn confirmation_socket(&self) -> Option<Arc<PubsubClient>> {
        let mut socket = self.socket.lock().await;
        if socket.is_none() {
            *socket = connect_pubsub(self.ws_url.as_deref()).await.map(Arc::new);
        }
        socket.clone()
    }

    /// Lets `failed` go, so that the next confirmation opens a WebSocket anew: the node stopped
    /// answering on it.
    async fn drop_confirmation_socket(&self, failed: &Arc<PubsubClient>) {
        let mut socket = self.socket.lock().await;
        if socket
            .as_ref()
            .is_some_and(|held| Arc::ptr_eq(held, failed))
        {
            *socket = None;
        }
    }

    /// A request to this client's node that failed, named by its URL and cluster.
    fn rpc_error(&self, source: RpcClientError) -> ClientError {
        ClientError::from_rpc(
            self.rpc.url(),
            Some(&self.endpoint.cluster),
            self.timeout,
            source,
        )
    }
}

/// A request to `rpc`'s node that failed, where no cluster is known (a client made with
/// solana-rpc-client's default timeout, [`RPC_TIMEOUT`]).
pub(crate) fn rpc_error(rpc: &RpcClient, source: RpcClientError) -> ClientError {
    ClientError::from_rpc(rpc.url(), None, RPC_TIMEOUT, source)
}
