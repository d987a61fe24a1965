//! Markets that `create_market` refuses today, as a chain kept from before may still hold them: a
//! market on period 2, made before only the periods a final event carries were taken. Such a
//! market is created with terms taken today, then its stored period is rewritten: in process by
//! `TestChain::plant_market`, on a `localnet` node by [`set_market_period`] through surfpool's
//! `surfnet_setAccount` cheat code.

use anchor_lang::prelude::Pubkey;
use anchor_lang::{AccountDeserialize, AccountSerialize};
use settlement::state::Market;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::request::RpcRequest;

/// surfpool's cheat code that writes an account's fields (its data as hex).
pub const SET_ACCOUNT_METHOD: &str = "surfnet_setAccount";

/// A market account's `data` with its stored period replaced, every other byte kept (the
/// account's length included: Anchor sized it for its question and the largest second stat).
/// `None` for data that is no market.
pub fn market_data_with_period(data: &[u8], period: i32) -> Option<Vec<u8>> {
    let mut market = Market::try_deserialize(&mut &data[..]).ok()?;
    market.period = period;
    let mut written = Vec::with_capacity(data.len());
    market.try_serialize(&mut written).ok()?;
    let mut rewritten = data.to_vec();
    rewritten
        .get_mut(..written.len())?
        .copy_from_slice(&written);
    Some(rewritten)
}

/// Rewrites the stored period of `market` on the node at `rpc_url`, which must serve surfpool's
/// cheat codes.
pub async fn set_market_period(rpc_url: &str, market: &Pubkey, period: i32) -> Result<(), String> {
    let rpc = RpcClient::new(rpc_url.to_owned());
    let account = rpc
        .get_account(market)
        .await
        .map_err(|error| format!("reading market {market}: {error}"))?;
    let data = market_data_with_period(&account.data, period)
        .ok_or_else(|| format!("{market} holds no market"))?;
    rpc.send::<serde_json::Value>(
        RpcRequest::Custom {
            method: SET_ACCOUNT_METHOD,
        },
        serde_json::json!([market.to_string(), { "data": hex::encode(data) }]),
    )
    .await
    .map_err(|error| format!("{SET_ACCOUNT_METHOD} on {market}: {error}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sample;

    #[test]
    fn only_the_period_changes() {
        let market = sample::market(1_000);
        let mut data = Vec::new();
        market.try_serialize(&mut data).expect("serialize");
        // The account's room for a second stat, unused by a one-stat market.
        data.extend([0; 5]);
        let rewritten = market_data_with_period(&data, 2).expect("a market");
        assert_eq!(rewritten.len(), data.len());
        let read = Market::try_deserialize(&mut &rewritten[..]).expect("still a market");
        assert_eq!(read.period, 2);
        assert_eq!(market_data_with_period(&rewritten, 100), Some(data));
        assert_eq!(market_data_with_period(&[0; 8], 2), None);
    }
}
