//! How a market's pools grew: its deposits read back from its transaction history, oldest first,
//! for the dashboard's pool history.

use anchor_lang::{AnchorDeserialize, Discriminator};
use solana_commitment_config::CommitmentConfig;
use solana_rpc_client::rpc_client::GetConfirmedSignaturesForAddress2Config;
use solana_signature::Signature;

use super::{ClientError, FulltimeClient, rpc_error};
use crate::pda;
use crate::side::Side;

/// The most signatures a node returns a page.
const PAGE: usize = 1_000;

/// The pools after one deposit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolPoint {
    pub slot: u64,
    /// Unix seconds, when the node knows the block's time.
    pub time: Option<i64>,
    pub total_yes: u64,
    pub total_no: u64,
}

impl FulltimeClient {
    /// The pools of market `id` after each deposit that landed in it, oldest first: one page of
    /// the market's signatures at a time, then each transaction's deposit instructions for this
    /// market.
    pub async fn pool_history(&self, id: u64) -> Result<Vec<PoolPoint>, ClientError> {
        let market = pda::market(id);
        let mut signatures = Vec::new();
        let mut before = None;
        loop {
            let config = GetConfirmedSignaturesForAddress2Config {
                before,
                until: None,
                limit: Some(PAGE),
                commitment: Some(CommitmentConfig::confirmed()),
            };
            let page = self
                .rpc
                .get_signatures_for_address_with_config(&market, config)
                .await
                .map_err(|error| rpc_error(&self.rpc, error))?;
            let full = page.len() == PAGE;
            before = page
                .last()
                .and_then(|status| status.signature.parse::<Signature>().ok());
            signatures.extend(
                page.into_iter()
                    .filter(|status| status.err.is_none())
                    .filter_map(|status| status.signature.parse::<Signature>().ok()),
            );
            if !full || before.is_none() {
                break;
            }
        }
        // Newest first from the node; the pools grow oldest first.
        signatures.reverse();
        let mut points = Vec::new();
        let (mut total_yes, mut total_no) = (0u64, 0u64);
        for signature in signatures {
            let detail = self.transaction_detail(&signature).await?;
            if detail.error.is_some() {
                continue;
            }
            for (side, amount) in detail.deposits_into(market) {
                let total = match side {
                    Side::Yes => &mut total_yes,
                    Side::No => &mut total_no,
                };
                *total = total.saturating_add(amount);
                points.push(PoolPoint {
                    slot: detail.slot,
                    time: detail.block_time,
                    total_yes,
                    total_no,
                });
            }
        }
        Ok(points)
    }
}

impl super::TransactionDetail {
    /// The deposits this transaction made into `market`: each settlement `deposit` whose market
    /// account it is, with its side and amount.
    pub fn deposits_into(
        &self,
        market: anchor_lang::prelude::Pubkey,
    ) -> impl Iterator<Item = (Side, u64)> + '_ {
        self.instructions.iter().filter_map(move |instruction| {
            let data = instruction
                .data
                .strip_prefix(settlement::instruction::Deposit::DISCRIMINATOR)?;
            let into_market = instruction
                .accounts
                .iter()
                .any(|account| account.role == Some("market") && account.address == market);
            let args = settlement::instruction::Deposit::try_from_slice(data).ok()?;
            into_market.then_some((Side::stored(args.outcome), args.amount))
        })
    }
}
