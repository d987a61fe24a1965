//! Params read exactly as surfpool's methods read them: each type here is read by surfpool's own
//! type and keeps only what the node looks at, so that the node checks the very value surfpool
//! would act on.

use serde::{Deserialize, Deserializer};
use solana_account_decoder::UiAccountEncoding;
use solana_rpc_client_api::filter::RpcFilterType;
use solana_transaction_status_client_types::UiTransactionEncoding;
use surfpool_core::rpc::full::SurfpoolRpcSendTransactionConfig;
use surfpool_core::rpc::ws::{RpcAccountSubscribeConfig, RpcProgramSubscribeConfig};
use surfpool_core::types::TimeTravelConfig;
use surfpool_types::{AccountUpdate, ResetAccountConfig};

/// `sendTransaction`'s config: how its transaction is encoded.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SendConfig {
    pub encoding: Option<UiTransactionEncoding>,
}

/// `surfnet_setAccount`'s update: what it would make of the account's code and owner (an
/// address, as text).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccountWrite {
    pub executable: Option<bool>,
    pub owner: Option<String>,
}

/// `surfnet_resetAccount`'s config: whether every account the address owns is reset too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ResetOptions {
    pub include_owned_accounts: Option<bool>,
}

/// Where `surfnet_timeTravel` moves the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warp {
    UnixMs(u64),
    Slot(u64),
    Epoch(u64),
}

/// `accountSubscribe`'s config: the encoding asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AccountSubscribeConfig {
    pub encoding: Option<UiAccountEncoding>,
}

/// `programSubscribe`'s config: the encoding and the filters asked for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProgramSubscribeConfig {
    pub encoding: Option<UiAccountEncoding>,
    pub filters: Option<Vec<RpcFilterType>>,
}

impl<'de> Deserialize<'de> for SendConfig {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let config = SurfpoolRpcSendTransactionConfig::deserialize(deserializer)?;
        Ok(Self {
            encoding: config.base.encoding,
        })
    }
}

impl<'de> Deserialize<'de> for AccountWrite {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let update = AccountUpdate::deserialize(deserializer)?;
        Ok(Self {
            executable: update.executable,
            owner: update.owner,
        })
    }
}

impl<'de> Deserialize<'de> for ResetOptions {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let config = ResetAccountConfig::deserialize(deserializer)?;
        Ok(Self {
            include_owned_accounts: config.include_owned_accounts,
        })
    }
}

impl<'de> Deserialize<'de> for Warp {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match TimeTravelConfig::deserialize(deserializer)? {
            TimeTravelConfig::AbsoluteTimestamp(unix_ms) => Self::UnixMs(unix_ms),
            TimeTravelConfig::AbsoluteSlot(slot) => Self::Slot(slot),
            TimeTravelConfig::AbsoluteEpoch(epoch) => Self::Epoch(epoch),
        })
    }
}

impl<'de> Deserialize<'de> for AccountSubscribeConfig {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let config = RpcAccountSubscribeConfig::deserialize(deserializer)?;
        Ok(Self {
            encoding: config.encoding,
        })
    }
}

impl<'de> Deserialize<'de> for ProgramSubscribeConfig {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let config = RpcProgramSubscribeConfig::deserialize(deserializer)?;
        Ok(Self {
            encoding: config.encoding,
            filters: config.filters,
        })
    }
}
