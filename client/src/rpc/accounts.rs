//! Reads of the settlement accounts and of wallet balances.

use anchor_lang::prelude::Pubkey;
use anchor_lang::{AccountDeserialize, Discriminator};
use anchor_spl::token::TokenAccount;
use settlement::state::{Config, Market, Position};
use solana_account_decoder_client_types::UiAccount;
use solana_commitment_config::CommitmentConfig;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::Error as RpcClientError;
use solana_rpc_client_api::config::{RpcAccountInfoConfig, RpcProgramAccountsConfig};
use solana_rpc_client_api::filter::{Memcmp, RpcFilterType};
use solana_rpc_client_api::request::RpcRequest;
use solana_rpc_client_api::response::Response;

use super::account_data::{base64_config, decode_ui, multiple_accounts};
use super::{CLOCK_SYSVAR, ClientError, FulltimeClient, program_accounts, unix_timestamp};
use crate::pda;

/// A wallet's balances, in lamports and test USDC base units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Balances {
    pub lamports: u64,
    /// `None` when the wallet has no test USDC token account yet.
    pub usdc: Option<u64>,
}

/// A market and where a wallet stands in it, with the cluster clock, read in one request: what
/// a deposit, a claim or a refund is checked against and reported from.
#[derive(Clone, Debug)]
pub struct Standing {
    pub market: Market,
    /// The wallet's position in the market, once it deposited.
    pub position: Option<Position>,
    /// The wallet's test USDC; `None` while it has no token account.
    pub usdc: Option<u64>,
    /// The cluster clock (unix seconds).
    pub now: i64,
}

impl FulltimeClient {
    /// Market `market_id`, `owner`'s position in it and test USDC, and the cluster clock, as one
    /// `getMultipleAccounts`.
    pub async fn standing(&self, market_id: u64, owner: &Pubkey) -> Result<Standing, ClientError> {
        let market = pda::market(market_id);
        let position = pda::position(&market, owner);
        let token = pda::token_account(owner, &self.usdc_mint);
        let accounts = multiple_accounts(&self.rpc, &[market, position, token, CLOCK_SYSVAR])
            .await
            .map_err(|error| self.rpc_error(error))?;
        let data = |index: usize| accounts.get(index).and_then(Option::as_ref);
        let now = data(3)
            .and_then(|clock| clock.data.decode())
            .and_then(|clock| unix_timestamp(&clock))
            .ok_or_else(|| ClientError::Decode {
                what: "Clock sysvar",
                address: CLOCK_SYSVAR,
                reason: "the node returned no clock of 40 bytes".into(),
            })?;
        let token: Option<TokenAccount> = data(2)
            .map(|account| decode_ui(account, &token, "test USDC token account"))
            .transpose()?;
        Ok(Standing {
            market: data(0)
                .map(|account| decode_ui(account, &market, "market"))
                .transpose()?
                .ok_or(ClientError::MarketNotFound { id: market_id })?,
            position: data(1)
                .map(|account| decode_ui(account, &position, "position"))
                .transpose()?,
            usdc: token.map(|account| account.amount),
            now,
        })
    }

    /// The settlement program's configuration.
    pub async fn config(&self) -> Result<Config, ClientError> {
        let address = pda::config();
        match self.read_account(&address, "settlement config").await? {
            Some(config) => Ok(config),
            None => Err(self.without_config(address).await),
        }
    }

    /// Why the node has no settlement config at `address`: the program is not deployed there
    /// (no account at its id, or one that is not a program), or it is but was never initialized.
    async fn without_config(&self, address: Pubkey) -> ClientError {
        let program = match account_info(&self.rpc, &settlement::ID, self.rpc.commitment()).await {
            Ok(response) => response.value,
            Err(error) => return self.rpc_error(error),
        };
        let not_deployed = |reason| ClientError::ProgramNotDeployed {
            program: settlement::ID,
            url: self.rpc.url(),
            cluster: ClientError::cluster_name(&self.endpoint.cluster),
            reason,
        };
        match program {
            None => not_deployed("no account has its address"),
            Some(account) if !account.executable => not_deployed("its account is not executable"),
            Some(_) => ClientError::ConfigNotFound {
                address,
                url: self.rpc.url(),
            },
        }
    }

    /// Every market, by id.
    pub async fn markets(&self) -> Result<Vec<Market>, ClientError> {
        let markets = self.market_accounts().await?;
        Ok(markets.into_iter().map(|(_, market)| market).collect())
    }

    /// Every market with its address, by id: the addresses come with the answer, where deriving
    /// them costs a curve check each.
    pub async fn market_accounts(&self) -> Result<Vec<(Pubkey, Market)>, ClientError> {
        let mut markets: Vec<(Pubkey, Market)> =
            self.program_accounts("market", market_filters()).await?;
        markets.sort_by_key(|(_, market)| market.id);
        Ok(markets)
    }

    pub async fn market(&self, id: u64) -> Result<Market, ClientError> {
        self.market_at(id).await.map(|(market, _)| market)
    }

    /// Market `id` and the slot it was read at.
    pub async fn market_at(&self, id: u64) -> Result<(Market, u64), ClientError> {
        match self.read_account_at(&pda::market(id), "market").await? {
            (Some(market), slot) => Ok((market, slot)),
            (None, _) => Err(ClientError::MarketNotFound { id }),
        }
    }

    /// Every position `owner` holds, in any market.
    pub async fn positions(&self, owner: &Pubkey) -> Result<Vec<Position>, ClientError> {
        let positions = self
            .program_accounts("position", position_filters(owner))
            .await?;
        Ok(positions
            .into_iter()
            .map(|(_, position)| position)
            .collect())
    }

    /// `owner`'s position in market `market_id`, if they deposited.
    pub async fn position(
        &self,
        market_id: u64,
        owner: &Pubkey,
    ) -> Result<Option<Position>, ClientError> {
        let address = pda::position(&pda::market(market_id), owner);
        self.read_account(&address, "position").await
    }

    /// The wallet's SOL and test USDC, both asked at once.
    pub async fn balances(&self, wallet: &Pubkey) -> Result<Balances, ClientError> {
        let lamports = async {
            self.rpc
                .get_balance(wallet)
                .await
                .map_err(|error| self.rpc_error(error))
        };
        let (lamports, usdc) = tokio::try_join!(lamports, self.usdc_balance(wallet))?;
        Ok(Balances { lamports, usdc })
    }

    /// The test USDC in the wallet's associated token account; `None` when it has none.
    pub async fn usdc_balance(&self, wallet: &Pubkey) -> Result<Option<u64>, ClientError> {
        let address = pda::token_account(wallet, &self.usdc_mint);
        let account: Option<TokenAccount> = self
            .read_account(&address, "test USDC token account")
            .await?;
        Ok(account.map(|account| account.amount))
    }

    /// Every account of the settlement program that `filters` select (see [`market_filters`]
    /// and [`position_filters`]), decoded as `T`, with its address.
    async fn program_accounts<T: AccountDeserialize>(
        &self,
        what: &'static str,
        filters: Vec<RpcFilterType>,
    ) -> Result<Vec<(Pubkey, T)>, ClientError> {
        let config = RpcProgramAccountsConfig {
            filters: Some(filters),
            account_config: RpcAccountInfoConfig {
                commitment: Some(self.rpc.commitment()),
                ..base64_config()
            },
            ..RpcProgramAccountsConfig::default()
        };
        let body = program_accounts::request_body(&settlement::ID, &config);
        program_accounts::fetch(&self.http, &self.rpc.url(), body, what)
            .await
            .map_err(|error| self.rpc_error(error))?
    }

    /// The account at `address` decoded as `T`, or `None` when it does not exist.
    async fn read_account<T: AccountDeserialize>(
        &self,
        address: &Pubkey,
        what: &'static str,
    ) -> Result<Option<T>, ClientError> {
        self.read_account_at(address, what)
            .await
            .map(|(account, _)| account)
    }

    /// [`FulltimeClient::read_account`], with the slot the node read it at.
    async fn read_account_at<T: AccountDeserialize>(
        &self,
        address: &Pubkey,
        what: &'static str,
    ) -> Result<(Option<T>, u64), ClientError> {
        let response = account_info(&self.rpc, address, self.rpc.commitment())
            .await
            .map_err(|error| self.rpc_error(error))?;
        let account = response
            .value
            .map(|account| decode_ui(&account, address, what))
            .transpose()?;
        Ok((account, response.context.slot))
    }
}

/// The settlement program's markets: accounts that start with the market discriminator. The
/// reads and the subscriptions select with the same filters.
pub(super) fn market_filters() -> Vec<RpcFilterType> {
    vec![discriminator::<Market>()]
}

/// The positions `owner` holds, by their discriminator and the owner field.
pub(super) fn position_filters(owner: &Pubkey) -> Vec<RpcFilterType> {
    let by_owner = Memcmp::new_base58_encoded(Position::OWNER_OFFSET, owner.as_ref());
    vec![discriminator::<Position>(), RpcFilterType::Memcmp(by_owner)]
}

fn discriminator<T: Discriminator>() -> RpcFilterType {
    RpcFilterType::Memcmp(Memcmp::new_base58_encoded(0, T::DISCRIMINATOR))
}

/// The account at `address` as the node has it at `commitment` (base64), `None` when there is
/// none. `RpcClient::get_account_with_commitment` asks the same `getAccountInfo` but turns every
/// failure into a text (`AccountNotFound: pubkey=...: error sending request`), so a node out of
/// reach read as a missing account; this keeps the error as it came.
pub(crate) async fn account_info(
    rpc: &RpcClient,
    address: &Pubkey,
    commitment: CommitmentConfig,
) -> Result<Response<Option<UiAccount>>, RpcClientError> {
    let config = RpcAccountInfoConfig {
        commitment: Some(commitment),
        ..base64_config()
    };
    rpc.send(
        RpcRequest::GetAccountInfo,
        serde_json::json!([address.to_string(), config]),
    )
    .await
}
