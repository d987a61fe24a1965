//! The chain as the Fulltime tools see it, over standard JSON-RPC with the nonblocking
//! `RpcClient` at `confirmed` commitment: typed reads of the settlement accounts and of wallet
//! balances, and the program's transactions, sent, confirmed (by `signatureSubscribe` where the
//! node serves WebSocket, else by polling) and explained when they fail; and the same accounts
//! pushed by the node's WebSocket subscriptions (`push`). Nothing here prints; callers decide how
//! to show results.

mod accounts;
mod clock;
mod confirm;
mod error;
mod funding;
mod inspect;
mod pay_out_all;
mod pool_history;
mod push;
mod time_travel;
mod transactions;

use anchor_lang::prelude::Pubkey;
use solana_commitment_config::CommitmentConfig;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::Error as RpcClientError;
use tokio::sync::mpsc::UnboundedSender;

use crate::cluster::Endpoint;

pub use accounts::Balances;
pub use clock::{CLOCK_SYSVAR, ClockReading, unix_timestamp};
pub use confirm::{
    ConfirmedBy, connect_pubsub, send_and_confirm, send_and_confirm_by, wait_for_confirmation,
};
pub use error::ClientError;
pub use inspect::{AccountUse, InstructionDetail, TransactionDetail};
pub use pay_out_all::{OwedPosition, PaidBatch, PaidOut, TRANSACTION_SIZE_LIMIT};
pub use pool_history::{
    DEFAULT_HISTORY_DEPTH, DepositHistory, ListedTransaction, MarketTransactions, PoolPoint, Pools,
    READS_AT_ONCE, TransactionCount,
};
pub use push::{PushClient, PushError, Pushed};
pub use time_travel::{TIME_TRAVEL_METHOD, TimeTravel, time_travel_support};
pub use transactions::{
    BalanceChange, CreatedMarket, Deposited, SendStage, Settled, Withdrawn, check_balance,
};

/// A connection to one cluster's settlement program, oracle and test USDC mint.
///
/// Transactions first run the client-side checks of [`crate::validate`] and refuse what the
/// program would refuse, with the program's own error ([`ClientError::Refused`]);
/// [`FulltimeClient::without_client_checks`] sends everything, so that a tester sees the
/// program's answer.
pub struct FulltimeClient {
    rpc: RpcClient,
    endpoint: Endpoint,
    usdc_mint: Pubkey,
    client_checks: bool,
    /// Where confirmations are subscribed to; `None` confirms by polling.
    ws_url: Option<String>,
    /// Where [`FulltimeClient::send`] reports its stages; see [`FulltimeClient::with_progress`].
    progress: Option<UnboundedSender<SendStage>>,
}

impl FulltimeClient {
    /// Connects to `endpoint`. The test USDC mint comes from the endpoint when it knows it
    /// (localnet), otherwise from the settlement config on chain.
    pub async fn connect(endpoint: Endpoint) -> Result<Self, ClientError> {
        let rpc =
            RpcClient::new_with_commitment(endpoint.rpc_url.clone(), CommitmentConfig::confirmed());
        let usdc_mint = match endpoint.usdc_mint {
            Some(mint) => mint,
            None => accounts::read_config(&rpc).await?.usdc_mint,
        };
        Ok(Self {
            rpc,
            ws_url: endpoint.ws_url.clone(),
            endpoint,
            usdc_mint,
            client_checks: true,
            progress: None,
        })
    }

    /// Confirms transactions by polling even where the node serves `signatureSubscribe`, as
    /// against a node without WebSocket (for comparing the two).
    pub fn confirm_by_polling(mut self) -> Self {
        self.ws_url = None;
        self
    }

    /// Sends transactions without the client-side checks.
    pub fn without_client_checks(mut self) -> Self {
        self.client_checks = false;
        self
    }

    /// Reports the [`SendStage`]s of every transaction this client sends (a create, deposit,
    /// settle, claim or refund) to `progress`, for a caller that shows them.
    pub fn with_progress(mut self, progress: UnboundedSender<SendStage>) -> Self {
        self.progress = Some(progress);
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
}

pub(crate) fn rpc_error(rpc: &RpcClient, source: RpcClientError) -> ClientError {
    ClientError::Rpc {
        url: rpc.url(),
        source: Box::new(source),
    }
}
