//! Many transactions sent before any is confirmed, with one confirmation stream.
//!
//! A bulk path (funding a thousand wallets, ten thousand deposits, the claims after a settlement)
//! that sends one transaction and waits for it before the next pays a round trip and a
//! confirmation per transaction. Here up to [`IN_FLIGHT`] transactions are sent and unconfirmed
//! at once, and one loop confirms them all: a `getSignatureStatuses` for every transaction still
//! waiting (up to 256 a request), again and again, from a millisecond apart up to a tenth of a
//! second while none lands, and as soon as a send is answered (never closer than a millisecond).
//! A subscription per transaction would cost a request and an answer each on the WebSocket; on
//! `localnet` a `sendTransaction` answers once the block that confirms the transaction is made,
//! so the look after the answer finds the transaction confirmed. Sends start in the order given;
//! outcomes come back in that order, a refusal explained by the error catalog as for one
//! transaction.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anchor_lang::solana_program::instruction::Instruction;
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use futures_util::stream::{self, StreamExt};
use solana_hash::Hash;
use solana_keypair::Keypair;
use solana_message::Message;
use solana_rpc_client_api::client_error::Error as RpcClientError;
use solana_signature::Signature;
use solana_signer::Signer;
use solana_transaction::Transaction;
use solana_transaction_error::TransactionError;
use tokio::sync::{Notify, oneshot};
use tokio::time::Instant;

use super::confirm::{FIRST_POLL, GIVE_UP_AFTER, SLOWEST_POLL, not_confirmed};
use super::{ClientError, FulltimeClient};

/// How many transactions may be sent and unconfirmed at once: enough to keep a local node busy
/// while the client signs and the answers travel, few enough that a public node's rate limits
/// are not met with a burst of thousands.
pub const IN_FLIGHT: usize = 128;

/// The most signatures `getSignatureStatuses` takes in one request.
const STATUSES_PER_REQUEST: usize = 256;

/// How long one blockhash signs transactions before a newer one is asked for: far inside the
/// minute a blockhash stays valid on devnet and on `localnet`.
const BLOCKHASH_REUSE: Duration = Duration::from_secs(1);

/// A transaction to send: its instructions and its signers, the first of which pays the fee.
pub struct Unsigned<'a> {
    pub instructions: Vec<Instruction>,
    pub signers: Vec<&'a Keypair>,
}

impl<'a> Unsigned<'a> {
    /// Instructions paid and signed by `payer` alone.
    pub fn by(payer: &'a Keypair, instructions: Vec<Instruction>) -> Self {
        Self {
            instructions,
            signers: vec![payer],
        }
    }
}

/// How a sent transaction ended, as the statuses tell it.
type Landed = Result<(), TransactionError>;

/// A sent transaction's deadline, and where its outcome goes (`None`: not confirmed in time).
type Waiter = (Instant, oneshot::Sender<Option<Landed>>);

/// The transactions sent and not yet confirmed, and a bell rung when a send is answered or the
/// last is sent: on `localnet` a transaction is confirmed once its send is answered, and the
/// confirmation loop looks then rather than when its pause ends.
#[derive(Default)]
struct Waiting(Mutex<HashMap<Signature, Waiter>>, Notify);

impl Waiting {
    fn add(&self, signature: Signature) -> oneshot::Receiver<Option<Landed>> {
        let (answer, answered) = oneshot::channel();
        let deadline = Instant::now() + GIVE_UP_AFTER;
        self.lock().insert(signature, (deadline, answer));
        answered
    }

    fn remove(&self, signature: &Signature) {
        self.lock().remove(signature);
    }

    fn signatures(&self) -> Vec<Signature> {
        self.lock()
            .keys()
            .take(STATUSES_PER_REQUEST)
            .copied()
            .collect()
    }

    /// Tells the sender of `signature` how it ended (`None`: not confirmed in time).
    fn answer(&self, signature: &Signature, landed: Option<Landed>) {
        if let Some((_, answer)) = self.lock().remove(signature) {
            let _ = answer.send(landed);
        }
    }

    /// Gives up on every transaction past its deadline.
    fn expire(&self) {
        let now = Instant::now();
        let expired: Vec<Signature> = self
            .lock()
            .iter()
            .filter(|(_, (deadline, _))| *deadline <= now)
            .map(|(signature, _)| *signature)
            .collect();
        for signature in expired {
            self.answer(&signature, None);
        }
    }

    fn is_empty(&self) -> bool {
        self.lock().is_empty()
    }

    /// A send was answered, or the last one made.
    fn ring(&self) {
        self.1.notify_one();
    }

    /// Waits `pause`, or less once the bell rings.
    async fn pause(&self, pause: Duration) {
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            () = self.1.notified() => {}
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Signature, Waiter>> {
        // A poisoned map only means a sender panicked; the others' entries are intact.
        self.0
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Each transaction's send, made as the stream asks for it. An iterator rather than a closure
/// mapped over the transactions: a stream holding a closure whose argument borrows makes a
/// future rustc cannot prove `Send` (rust-lang/rust#102211), and the sends are made lazily so
/// that ten thousand transactions are not ten thousand futures at once.
struct Sends<'a> {
    client: &'a FulltimeClient,
    blockhash: &'a RecentBlockhash,
    waiting: &'a Waiting,
    transactions: std::vec::IntoIter<Unsigned<'a>>,
}

impl<'a> Iterator for Sends<'a> {
    type Item = BoxFuture<'a, Result<Signature, ClientError>>;

    fn next(&mut self) -> Option<Self::Item> {
        let unsigned = self.transactions.next()?;
        Some(
            self.client
                .send_one(unsigned, self.blockhash, self.waiting)
                .boxed(),
        )
    }
}

impl FulltimeClient {
    /// Sends every transaction of `transactions`, up to [`IN_FLIGHT`] unconfirmed at once, and
    /// answers each one's outcome in the order given.
    pub async fn send_all(
        &self,
        transactions: Vec<Unsigned<'_>>,
    ) -> Vec<Result<Signature, ClientError>> {
        let blockhash = RecentBlockhash::default();
        let waiting = Waiting::default();
        let sent_all = AtomicBool::new(false);
        let sends = async {
            let sends = Sends {
                client: self,
                blockhash: &blockhash,
                waiting: &waiting,
                transactions: transactions.into_iter(),
            };
            let outcomes = stream::iter(sends)
                .buffered(IN_FLIGHT)
                .collect::<Vec<_>>()
                .await;
            sent_all.store(true, Ordering::Release);
            waiting.ring();
            outcomes
        };
        let (outcomes, ()) = tokio::join!(sends, self.confirm_waiting(&waiting, &sent_all));
        outcomes
    }

    async fn send_one(
        &self,
        unsigned: Unsigned<'_>,
        blockhash: &RecentBlockhash,
        waiting: &Waiting,
    ) -> Result<Signature, ClientError> {
        let transaction = self.sign(unsigned, blockhash).await?;
        let signature = transaction.signatures[0];
        let answered = waiting.add(signature);
        let sent = self.rpc.send_transaction(&transaction).await;
        waiting.ring();
        if let Err(error) = sent {
            waiting.remove(&signature);
            return Err(self.explain(error, &signature).await);
        }
        let failure: RpcClientError = match answered.await {
            Ok(Some(Ok(()))) => return Ok(signature),
            Ok(Some(Err(error))) => error.into(),
            Ok(None) | Err(_) => not_confirmed(signature),
        };
        Err(self.explain(failure, &signature).await)
    }

    /// The one confirmation loop: statuses of the waiting transactions, asked until every
    /// transaction is sent and none waits.
    async fn confirm_waiting(&self, waiting: &Waiting, sent_all: &AtomicBool) {
        let mut pause = FIRST_POLL;
        let mut looked: Option<Instant> = None;
        loop {
            let signatures = waiting.signatures();
            if signatures.is_empty() {
                if sent_all.load(Ordering::Acquire) && waiting.is_empty() {
                    return;
                }
                waiting.pause(FIRST_POLL).await;
                continue;
            }
            // The bell hurries a look, but looks stay at least a millisecond apart.
            if let Some(looked) = looked {
                tokio::time::sleep_until(looked + FIRST_POLL).await;
            }
            looked = Some(Instant::now());
            let mut landed = 0;
            // A failed look is retried; each transaction's deadline bounds the retries.
            if let Ok(statuses) = self.rpc.get_signature_statuses(&signatures).await {
                for (signature, status) in signatures.iter().zip(statuses.value) {
                    let Some(status) =
                        status.filter(|status| status.satisfies_commitment(self.rpc.commitment()))
                    else {
                        continue;
                    };
                    waiting.answer(signature, Some(status.status));
                    landed += 1;
                }
            }
            waiting.expire();
            pause = if landed > 0 {
                FIRST_POLL
            } else {
                (pause * 2).min(SLOWEST_POLL)
            };
            waiting.pause(pause).await;
        }
    }

    async fn sign(
        &self,
        unsigned: Unsigned<'_>,
        blockhash: &RecentBlockhash,
    ) -> Result<Transaction, ClientError> {
        let payer = unsigned
            .signers
            .first()
            .ok_or_else(|| ClientError::Signing("a transaction needs a fee payer".into()))?;
        let instructions = self.packed(&payer.pubkey(), &unsigned.instructions)?;
        let message = Message::new(&instructions, Some(&payer.pubkey()));
        let mut transaction = Transaction::new_unsigned(message);
        transaction
            .try_sign(&unsigned.signers, blockhash.get(self).await?)
            .map_err(|error| ClientError::Signing(error.to_string()))?;
        Ok(transaction)
    }
}

/// The blockhash the pipeline signs with, asked for again once it is [`BLOCKHASH_REUSE`] old.
#[derive(Default)]
struct RecentBlockhash(tokio::sync::Mutex<Option<(Hash, Instant)>>);

impl RecentBlockhash {
    async fn get(&self, client: &FulltimeClient) -> Result<Hash, ClientError> {
        let mut held = self.0.lock().await;
        if let Some((hash, asked)) = *held
            && asked.elapsed() < BLOCKHASH_REUSE
        {
            return Ok(hash);
        }
        let hash = client
            .rpc
            .get_latest_blockhash()
            .await
            .map_err(|error| client.rpc_error(error))?;
        *held = Some((hash, Instant::now()));
        Ok(hash)
    }
}
