//! What the chain commits, in the node's words: surfpool's geyser events (sent while it holds
//! the runtime's write lock, on a channel of 1,024), read one at a time in the order it sent
//! them. The commit feed (`pubsub::commit_feed`) drains them.

use std::sync::Arc;

use anchor_lang::prelude::Pubkey;
use crossbeam_channel::{Receiver, Sender, select};
use solana_account::Account;
use solana_signature::Signature;
use solana_transaction_error::TransactionError;
use surfpool_core::surfnet::{
    FINALIZATION_SLOT_THRESHOLD, GeyserBlockMetadata, GeyserEvent, GeyserSlotStatus,
};

/// A slot is rooted (finalized) this many slots after it is confirmed, as surfpool roots them.
pub const FINALIZATION_SLOTS: u64 = FINALIZATION_SLOT_THRESHOLD;

/// One thing that committed, in the order the node committed it.
#[derive(Clone, Debug)]
pub enum Committed {
    /// A transaction was processed in `slot` (with `err` when it failed).
    Transaction {
        signature: Signature,
        slot: u64,
        err: Option<TransactionError>,
    },
    /// An account holds `account` as of `slot` (a closed account is `Account::default()`).
    Account {
        pubkey: Pubkey,
        account: Arc<Account>,
        slot: u64,
    },
    /// The block of `slot` is confirmed: the node moved on to the next slot.
    SlotConfirmed { slot: u64 },
    /// `slot` is rooted (finalized): every transaction up to it is final.
    SlotRooted { slot: u64 },
    /// A block was made.
    Block(BlockMade),
}

/// A block made, as surfpool describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockMade {
    pub slot: u64,
    pub blockhash: String,
    pub parent_slot: u64,
    pub parent_blockhash: String,
    pub block_time: Option<i64>,
    pub block_height: Option<u64>,
    pub executed_transaction_count: u64,
}

/// surfpool's commits, as they wait to be read.
pub struct CommitEvents(Receiver<GeyserEvent>);

/// What [`CommitEvents::next`] heard.
pub enum Heard {
    Commit(Committed),
    /// Something no listener needs (entries, startup accounts: surfpool sends neither here).
    Nothing,
    /// A channel closed, or the feed is stopping.
    Ended,
}

impl CommitEvents {
    pub(super) fn new(geyser: Receiver<GeyserEvent>) -> Self {
        Self(geyser)
    }

    /// Waits for surfpool's next commit, or one on `read_back` (accounts read back from the
    /// chain), or `stopped`. A failed transaction still takes its fee (and advances a nonce),
    /// but surfpool sends no account commit for it: the accounts whose balance it moved are
    /// named on `rereads`, to be read back.
    pub fn next(
        &self,
        read_back: &Receiver<Committed>,
        stopped: &Receiver<()>,
        rereads: &Sender<Pubkey>,
    ) -> Heard {
        select! {
            recv(self.0) -> event => match event {
                Ok(event) => committed(event, rereads).map_or(Heard::Nothing, Heard::Commit),
                Err(_) => Heard::Ended,
            },
            recv(read_back) -> read => match read {
                Ok(committed) => Heard::Commit(committed),
                Err(_) => Heard::Ended,
            },
            recv(stopped) -> _ => Heard::Ended,
        }
    }

    /// How many of surfpool's commits wait to be read.
    pub fn backlog(&self) -> usize {
        self.0.len()
    }

    /// How many may wait before surfpool waits for the reader.
    pub fn capacity(&self) -> Option<usize> {
        self.0.capacity()
    }
}

fn committed(event: GeyserEvent, rereads: &Sender<Pubkey>) -> Option<Committed> {
    match event {
        GeyserEvent::NotifyTransaction(event) => {
            let transaction = event.transaction_with_status_meta;
            let signature = *transaction.transaction.signatures.first()?;
            let err = transaction.meta.status.clone().err();
            if err.is_some() {
                let keys = transaction.transaction.message.static_account_keys();
                let moved = transaction
                    .meta
                    .pre_balances
                    .iter()
                    .zip(&transaction.meta.post_balances)
                    .zip(keys)
                    .filter(|((before, after), _)| before != after);
                for (_, pubkey) in moved {
                    let _ = rereads.send(*pubkey);
                }
            }
            Some(Committed::Transaction {
                signature,
                slot: transaction.slot,
                err,
            })
        }
        GeyserEvent::UpdateAccount(update) => Some(Committed::Account {
            pubkey: update.pubkey,
            account: Arc::new(update.account),
            slot: update.slot,
        }),
        GeyserEvent::UpdateSlotStatus { slot, status, .. } => match status {
            GeyserSlotStatus::Confirmed => Some(Committed::SlotConfirmed { slot }),
            GeyserSlotStatus::Rooted => Some(Committed::SlotRooted { slot }),
            GeyserSlotStatus::Processed => None,
        },
        GeyserEvent::NotifyBlockMetadata(block) => Some(Committed::Block(block_made(block))),
        GeyserEvent::StartupAccountUpdate(_)
        | GeyserEvent::EndOfStartup
        | GeyserEvent::NotifyEntry(_) => None,
    }
}

fn block_made(block: GeyserBlockMetadata) -> BlockMade {
    BlockMade {
        slot: block.slot,
        blockhash: block.blockhash,
        parent_slot: block.parent_slot,
        parent_blockhash: block.parent_blockhash,
        block_time: block.block_time,
        block_height: block.block_height,
        executed_transaction_count: block.executed_transaction_count,
    }
}
