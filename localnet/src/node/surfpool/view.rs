//! The chain as it is, read under the runtime's lock: its accounts, where it is in time, and
//! the transactions surfpool's store holds.

use anchor_lang::prelude::Pubkey;
use fulltime_files::snapshot::ChainClock;
use solana_account::{Account, AccountSharedData};
use solana_signature::Signature;
use solana_sysvar::epoch_schedule::EpochSchedule;
use solana_transaction_error::TransactionError;
use surfpool_core::surfnet::svm::SurfnetSvm;
use surfpool_core::types::SurfnetTransactionStatus;

/// Reads one state of the chain (see [`super::Chain::read`]).
pub struct ChainView<'a> {
    svm: &'a SurfnetSvm,
}

/// How a transaction in surfpool's store ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransactionOutcome {
    pub slot: u64,
    pub err: Option<TransactionError>,
}

impl<'a> ChainView<'a> {
    pub(super) fn new(svm: &'a SurfnetSvm) -> Self {
        Self { svm }
    }

    /// The account at `address` as surfpool's methods read it; `Err` when it cannot be read.
    pub fn account(&self, address: &Pubkey) -> Result<Option<Account>, String> {
        self.svm
            .get_account(address)
            .map_err(|error| error.to_string())
    }

    /// Every account the runtime holds, in no order, each sharing its data with the chain.
    pub fn accounts(&self) -> impl Iterator<Item = (&'a Pubkey, &'a AccountSharedData)> + use<'a> {
        self.svm.inner.svm.accounts_db().inner.iter()
    }

    /// The runtime's account at `address`, as [`Self::accounts`] holds it.
    pub fn held_account(&self, address: &Pubkey) -> Option<&'a AccountSharedData> {
        self.svm.inner.svm.accounts_db().inner.get(address)
    }

    /// The cluster clock, in unix milliseconds.
    pub fn unix_ms(&self) -> u64 {
        self.svm.updated_at
    }

    /// The latest slot.
    pub fn slot(&self) -> u64 {
        self.svm.latest_epoch_info.absolute_slot
    }

    /// The block height a transaction's blockhash is judged at (`getBlockHeight`'s).
    pub fn block_height(&self) -> u64 {
        self.svm.latest_epoch_info.block_height
    }

    /// How far each slot moves the clock.
    pub fn slot_time_ms(&self) -> u64 {
        self.svm.slot_time
    }

    pub fn epoch_schedule(&self) -> EpochSchedule {
        self.svm.inner.get_sysvar::<EpochSchedule>()
    }

    /// Where the chain is in time, as a snapshot keeps it: the clock, the slot, the chain tip's
    /// height and the transactions processed.
    pub fn clock(&self) -> ChainClock {
        let epoch = &self.svm.latest_epoch_info;
        ChainClock {
            unix_ms: self.unix_ms(),
            slot: self.slot(),
            block_height: self.svm.chain_tip.index,
            transaction_count: epoch.transaction_count.unwrap_or_default(),
        }
    }

    /// How the transaction of `signature` ended, if surfpool's store holds it processed.
    pub fn transaction_outcome(&self, signature: &Signature) -> Option<TransactionOutcome> {
        match self.svm.transactions.get(&signature.to_string()) {
            Ok(Some(SurfnetTransactionStatus::Processed(transaction))) => {
                let (transaction, _) = transaction.as_ref();
                Some(TransactionOutcome {
                    slot: transaction.slot,
                    err: transaction.meta.status.clone().err(),
                })
            }
            _ => None,
        }
    }
}
