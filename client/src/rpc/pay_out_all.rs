//! Claim all: every payable position of a wallet paid out in as few transactions as fit, claims
//! and refunds alike, with what was paid and what is still waiting.

use std::collections::HashMap;

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::instruction::Instruction;
use settlement::state::{Market, Position};
use solana_keypair::Keypair;
use solana_signature::Signature;
use solana_signer::Signer;

use tokio::sync::mpsc::UnboundedSender;

use super::packet::{TRANSACTION_SIZE_LIMIT, transaction_size};
use super::{BalanceChange, ClientError, FulltimeClient, SendStage};
use crate::instructions::{self, Withdrawal};
use crate::payable::Owed;
use crate::pda;

/// One of the wallet's positions, with its market and what it was owed when read.
#[derive(Clone, Debug)]
pub struct OwedPosition {
    pub market: Market,
    pub position: Position,
    pub owed: Owed,
}

/// A transaction of claims and refunds, and the markets it paid.
#[derive(Clone, Debug)]
pub struct PaidBatch {
    pub signature: Signature,
    pub market_ids: Vec<u64>,
}

/// What [`FulltimeClient::pay_out_all`] did.
#[derive(Debug)]
pub struct PaidOut {
    /// Every position of the wallet, by market id, as owed at `now`.
    pub positions: Vec<OwedPosition>,
    /// The transactions that landed, in order.
    pub batches: Vec<PaidBatch>,
    /// Why it stopped early, when it did: the batches before it landed, the rest were not sent.
    pub stopped: Option<ClientError>,
    pub usdc: BalanceChange,
    /// The cluster time the positions were judged at.
    pub now: i64,
}

impl FulltimeClient {
    /// Claims every winning position of `wallet` in a resolved market and refunds every stake
    /// of a refundable one, packing as many payouts into each transaction as its size allows;
    /// each transaction's stages go to `progress`.
    pub async fn pay_out_all(
        &self,
        wallet: &Keypair,
        progress: Option<&UnboundedSender<SendStage>>,
    ) -> Result<PaidOut, ClientError> {
        let owner = wallet.pubkey();
        let markets: HashMap<_, _> = self
            .markets()
            .await?
            .into_iter()
            .map(|market| (pda::market(market.id), market))
            .collect();
        let now = self.cluster_time().await?;
        let mut positions: Vec<OwedPosition> = self
            .positions(&owner)
            .await?
            .into_iter()
            .filter_map(|position| {
                let market = markets.get(&position.market)?.clone();
                let owed = Owed::of(&market, &position, now);
                Some(OwedPosition {
                    market,
                    position,
                    owed,
                })
            })
            .collect();
        positions.sort_by_key(|owed| owed.market.id);

        let payouts: Vec<(u64, Instruction)> = positions
            .iter()
            .filter_map(|owed| {
                let withdrawal = Withdrawal::of(owner, self.usdc_mint, pda::market(owed.market.id));
                let instruction = match owed.owed {
                    Owed::Claim { .. } => instructions::claim(withdrawal),
                    Owed::Refund { .. } => instructions::refund(withdrawal),
                    _ => return None,
                };
                Some((owed.market.id, instruction))
            })
            .collect();

        let before = self.usdc_balance(&owner).await?.unwrap_or(0);
        let mut batches = Vec::new();
        let mut stopped = None;
        for batch in pack(&owner, &self.fee_instructions(), payouts) {
            let (market_ids, instructions): (Vec<u64>, Vec<Instruction>) =
                batch.into_iter().unzip();
            match self
                .send_with_progress(wallet, &instructions, &[], progress)
                .await
            {
                Ok(signature) => batches.push(PaidBatch {
                    signature,
                    market_ids,
                }),
                Err(error) => {
                    stopped = Some(error);
                    break;
                }
            }
        }
        let after = if batches.is_empty() {
            before
        } else {
            self.usdc_balance(&owner).await?.unwrap_or(0)
        };
        Ok(PaidOut {
            positions,
            batches,
            stopped,
            usdc: BalanceChange { before, after },
            now,
        })
    }
}

/// Splits `payouts` into transactions paid by `payer`, each as full as the size limit allows
/// after the instructions every transaction starts with (`first`: the priority fee), in order.
pub fn pack(
    payer: &Pubkey,
    first: &[Instruction],
    payouts: Vec<(u64, Instruction)>,
) -> Vec<Vec<(u64, Instruction)>> {
    let mut batches: Vec<Vec<(u64, Instruction)>> = Vec::new();
    for payout in payouts {
        let fits = batches.last().is_some_and(|batch| {
            let instructions: Vec<Instruction> = first
                .iter()
                .cloned()
                .chain(batch.iter().map(|(_, instruction)| instruction.clone()))
                .chain(std::iter::once(payout.1.clone()))
                .collect();
            transaction_size(payer, &instructions) <= TRANSACTION_SIZE_LIMIT
        });
        match batches.last_mut() {
            Some(batch) if fits => batch.push(payout),
            _ => batches.push(vec![payout]),
        }
    }
    batches
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compute_budget::unit_price;

    fn claims(count: u64, owner: &Pubkey) -> Vec<(u64, Instruction)> {
        let mint = Pubkey::new_unique();
        (0..count)
            .map(|id| {
                let withdrawal = Withdrawal::of(*owner, mint, pda::market(id));
                (id, instructions::claim(withdrawal))
            })
            .collect()
    }

    #[test]
    fn payouts_are_packed_as_full_as_a_transaction_allows_and_keep_their_order() {
        let owner = Pubkey::new_unique();
        // Without a priority fee, and with one, which every transaction carries first.
        // The fee's instruction and program take 44 bytes of the room 8 claims leave.
        for (first, full) in [(vec![], 8), (vec![unit_price(10_000)], 8)] {
            let batches = pack(&owner, &first, claims(40, &owner));
            assert!(batches.len() > 1, "40 claims do not fit one transaction");
            let ids: Vec<u64> = batches.iter().flatten().map(|(id, _)| *id).collect();
            assert_eq!(ids, (0..40).collect::<Vec<_>>());
            for (index, batch) in batches.iter().enumerate() {
                let instructions: Vec<Instruction> = first
                    .iter()
                    .cloned()
                    .chain(batch.iter().map(|(_, instruction)| instruction.clone()))
                    .collect();
                assert!(transaction_size(&owner, &instructions) <= TRANSACTION_SIZE_LIMIT);
                // Every batch but the last is full: one more payout would not have fitted.
                if let Some(next) = batches.get(index + 1) {
                    let mut more = instructions;
                    more.push(next[0].1.clone());
                    assert!(
                        transaction_size(&owner, &more) > TRANSACTION_SIZE_LIMIT,
                        "batch {index}"
                    );
                }
            }
            // Each claim brings three accounts of its own (market, position, vault).
            assert_eq!(batches[0].len(), full, "with {} first", first.len());
            assert!(pack(&owner, &first, Vec::new()).is_empty());
        }
    }
}
