//! The chain as the node pushes it over WebSocket (solana-pubsub-client): the settlement
//! program's markets and a wallet's positions (`programSubscribe`, with the filters the reads
//! use), the wallet's SOL and test USDC accounts (`accountSubscribe`), and the slots
//! (`slotSubscribe`), decoded as the reads decode them.
//!
//! The Clock sysvar is not subscribed to: surfpool-core 1.6.1 writes it with `set_sysvar`, which
//! notifies no account subscriber, so an `accountSubscribe` on it stays silent. Slots are what a
//! node announces; what they say about the clock is the caller's to judge.

use std::time::Duration;

use anchor_lang::AccountDeserialize;
use anchor_lang::prelude::Pubkey;
use anchor_spl::token::TokenAccount;
use futures_util::future::ready;
use futures_util::stream::{self, BoxStream, StreamExt};
use settlement::state::{Market, Position};
use solana_account_decoder_client_types::UiAccount;
use solana_commitment_config::CommitmentConfig;
use solana_pubsub_client::nonblocking::pubsub_client::PubsubClient;
use solana_rpc_client_api::config::{RpcAccountInfoConfig, RpcProgramAccountsConfig};
use solana_rpc_client_api::filter::RpcFilterType;

use super::account_data::{base64_config, decode_ui};
use super::accounts::{market_filters, position_filters};
use super::{ClientError, FulltimeClient};
use crate::pda;

/// A WebSocket handshake that takes longer than this is taken for no WebSocket.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// A change the node pushed.
#[derive(Clone, Debug)]
pub enum Pushed {
    /// A market as it now is, at its account's address.
    Market { address: Pubkey, market: Market },
    /// One of the wallet's positions as it now is.
    Position(Position),
    /// The wallet's SOL, in lamports.
    Lamports(u64),
    /// The wallet's test USDC; `None` while it has no token account.
    Usdc(Option<u64>),
    /// The node began a slot.
    Slot(u64),
}

/// Why the node's WebSocket could not be used.
#[derive(Debug, thiserror::Error)]
#[error("WebSocket {url}: {reason}")]
pub struct PushError {
    pub url: String,
    pub reason: String,
}

/// A WebSocket connection to a node, for [`PushClient::chain`].
pub struct PushClient {
    pubsub: PubsubClient,
    url: String,
}

impl PushClient {
    /// Opens the WebSocket at `ws_url`.
    pub async fn connect(ws_url: &str) -> Result<Self, PushError> {
        let failed = |reason: String| PushError {
            url: ws_url.to_owned(),
            reason,
        };
        let pubsub = tokio::time::timeout(CONNECT_TIMEOUT, PubsubClient::new(ws_url))
            .await
            .map_err(|_| failed(format!("no answer within {} s", CONNECT_TIMEOUT.as_secs())))?
            .map_err(|error| failed(error.to_string()))?;
        Ok(Self {
            pubsub,
            url: ws_url.to_owned(),
        })
    }

    /// Subscribes to the markets, the slots and, with a `wallet`, its positions, SOL and test
    /// USDC (of `client`'s mint), and merges what they push into one stream, in the order it
    /// arrives. The stream ends when any subscription ends, which is when the socket closes.
    /// Every subscription is made before this returns, so a reading taken after it misses
    /// nothing.
    pub async fn chain(
        &self,
        client: &FulltimeClient,
        wallet: Option<Pubkey>,
    ) -> Result<BoxStream<'_, Result<Pushed, ClientError>>, PushError> {
        let commitment = client.rpc().commitment();
        let mut streams = vec![
            self.program::<Market>(market_filters(), commitment, "market", |address, market| {
                Pushed::Market { address, market }
            })
            .await?,
            self.slots().await?,
        ];
        if let Some(wallet) = wallet {
            streams.push(
                self.program::<Position>(
                    position_filters(&wallet),
                    commitment,
                    "position",
                    |_, position| Pushed::Position(position),
                )
                .await?,
            );
            streams.push(
                self.account(&wallet, commitment, |_, account| {
                    Ok(Pushed::Lamports(account.lamports))
                })
                .await?,
            );
            let usdc = pda::token_account(&wallet, &client.usdc_mint());
            streams.push(self.account(&usdc, commitment, usdc_of).await?);
        }
        // Each stream ends with a `None`; the merged one stops at the first.
        let ended = streams
            .into_iter()
            .map(|pushed| pushed.map(Some).chain(stream::once(ready(None))));
        Ok(stream::select_all(ended)
            .take_while(|item| ready(item.is_some()))
            .filter_map(ready)
            .boxed())
    }

    async fn program<T: AccountDeserialize + Send + 'static>(
        &self,
        filters: Vec<RpcFilterType>,
        commitment: CommitmentConfig,
        what: &'static str,
        pushed: fn(Pubkey, T) -> Pushed,
    ) -> Result<BoxStream<'_, Result<Pushed, ClientError>>, PushError> {
        let config = RpcProgramAccountsConfig {
            filters: Some(filters),
            account_config: RpcAccountInfoConfig {
                commitment: Some(commitment),
                ..base64_config()
            },
            ..RpcProgramAccountsConfig::default()
        };
        let (accounts, _unsubscribe) = self
            .pubsub
            .program_subscribe(&settlement::ID, Some(config))
            .await
            .map_err(|error| self.failed("programSubscribe", &error))?;
        Ok(accounts
            .map(move |keyed| {
                let address: Pubkey =
                    keyed
                        .value
                        .pubkey
                        .parse()
                        .map_err(|_| ClientError::Decode {
                            what,
                            address: Pubkey::default(),
                            reason: format!("the node named it `{}`", keyed.value.pubkey),
                        })?;
                let account = decode_ui(&keyed.value.account, &address, what)?;
                Ok(pushed(address, account))
            })
            .boxed())
    }

    async fn account(
        &self,
        address: &Pubkey,
        commitment: CommitmentConfig,
        pushed: fn(&Pubkey, &UiAccount) -> Result<Pushed, ClientError>,
    ) -> Result<BoxStream<'_, Result<Pushed, ClientError>>, PushError> {
        let config = RpcAccountInfoConfig {
            commitment: Some(commitment),
            ..base64_config()
        };
        let (accounts, _unsubscribe) = self
            .pubsub
            .account_subscribe(address, Some(config))
            .await
            .map_err(|error| self.failed("accountSubscribe", &error))?;
        let address = *address;
        Ok(accounts
            .map(move |account| pushed(&address, &account.value))
            .boxed())
    }

    async fn slots(&self) -> Result<BoxStream<'_, Result<Pushed, ClientError>>, PushError> {
        let (slots, _unsubscribe) = self
            .pubsub
            .slot_subscribe()
            .await
            .map_err(|error| self.failed("slotSubscribe", &error))?;
        Ok(slots.map(|slot| Ok(Pushed::Slot(slot.slot))).boxed())
    }

    fn failed(&self, method: &str, error: &dyn std::fmt::Display) -> PushError {
        PushError {
            url: self.url.clone(),
            reason: format!("{method}: {error}"),
        }
    }
}

/// The test USDC in a token account as pushed; a closed or never-created account (no data) holds
/// none.
fn usdc_of(address: &Pubkey, account: &UiAccount) -> Result<Pushed, ClientError> {
    let empty = account.data.decode().is_some_and(|data| data.is_empty());
    if empty {
        return Ok(Pushed::Usdc(None));
    }
    let token: TokenAccount = decode_ui(account, address, "test USDC token account")?;
    Ok(Pushed::Usdc(Some(token.amount)))
}
