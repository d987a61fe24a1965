//! The signatures committed since the node started, so that a signature subscription made after
//! its transaction's commit is answered at once; the oldest dropped past a capacity.

use std::collections::{HashMap, VecDeque};

use solana_signature::Signature;
use solana_transaction_error::TransactionError;

/// How many committed signatures the record keeps; older ones are looked up in surfpool's
/// transaction store (as are those of a chain the node resumed).
const RECORD_CAPACITY: usize = 200_000;

/// How a transaction ended, as the record keeps it.
#[derive(Clone, Debug)]
pub struct SignatureStatus {
    pub slot: u64,
    pub err: Option<TransactionError>,
}

pub struct Record {
    pub statuses: HashMap<Signature, SignatureStatus>,
    order: VecDeque<Signature>,
    /// Whether every signature the chain ever committed is here: a new chain's record, until
    /// the first is dropped.
    pub complete: bool,
}

impl Record {
    /// An empty record; `complete` when the chain is new, so that every signature it commits
    /// reaches it.
    pub fn new(complete: bool) -> Self {
        Self {
            statuses: HashMap::new(),
            order: VecDeque::new(),
            complete,
        }
    }

    pub fn insert(&mut self, signature: Signature, status: SignatureStatus) {
        if self.statuses.insert(signature, status).is_some() {
            return;
        }
        self.order.push_back(signature);
        if self.order.len() > RECORD_CAPACITY
            && let Some(oldest) = self.order.pop_front()
        {
            self.statuses.remove(&oldest);
            self.complete = false;
        }
    }
}
