//! Many transactions sent before any is confirmed, with one confirmation stream.
//!
//! A bulk path (funding a thousand wallets, ten thousand deposits, the claims after a settlement)
//! that sends one transaction and waits for it before the next pays a round trip and a
//! confirmation per transaction. Here up to [`IN_FLIGHT`] transactions wait for their
//! confirmation at once: each is subscribed to on the client's one WebSocket before it is sent
//! (by polling where the node serves none), as [`FulltimeClient::send`] does for one. Sends start
//! in the order given; outcomes come back in that order, a refusal explained by the error
//! catalog as for one transaction.

use std::time::{Duration, Instant};

use anchor_lang::solana_program::instruction::Instruction;
use futures_util::stream::{self, StreamExt};
use solana_hash::Hash;
use solana_keypair::Keypair;
use solana_message::Message;
use solana_signature::Signature;
use solana_signer::Signer;
use solana_transaction::Transaction;
use tokio::sync::Mutex;

use super::{ClientError, FulltimeClient, rpc_error, send_and_confirm_by};

/// How many transactions may wait for their confirmation at once: enough to keep a local node
/// busy while the client signs and the answers travel, few enough that a public node's rate
/// limits are not met with a burst of thousands.
pub const IN_FLIGHT: usize = 128;

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

impl FulltimeClient {
    /// Sends every transaction of `transactions`, up to [`IN_FLIGHT`] unconfirmed at once, and
    /// answers each one's outcome in the order given.
    pub async fn send_all(
        &self,
        transactions: Vec<Unsigned<'_>>,
    ) -> Vec<Result<Signature, ClientError>> {
        let socket = self.confirmation_socket().await;
        let blockhash = RecentBlockhash::default();
        stream::iter(transactions)
            .map(|unsigned| {
                let (socket, blockhash) = (socket.as_deref(), &blockhash);
                async move {
                    let transaction = self.sign(unsigned, blockhash).await?;
                    let signature = transaction.signatures[0];
                    let send = self.rpc.send_transaction(&transaction);
                    match send_and_confirm_by(&self.rpc, socket, signature, send).await {
                        Ok(_) => Ok(signature),
                        Err(error) => Err(self.explain(error, &signature).await),
                    }
                }
            })
            .buffered(IN_FLIGHT)
            .collect()
            .await
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
        let message = Message::new(&unsigned.instructions, Some(&payer.pubkey()));
        let mut transaction = Transaction::new_unsigned(message);
        transaction
            .try_sign(&unsigned.signers, blockhash.get(self).await?)
            .map_err(|error| ClientError::Signing(error.to_string()))?;
        Ok(transaction)
    }
}

/// The blockhash the pipeline signs with, asked for again once it is [`BLOCKHASH_REUSE`] old.
#[derive(Default)]
struct RecentBlockhash(Mutex<Option<(Hash, Instant)>>);

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
            .map_err(|error| rpc_error(&client.rpc, error))?;
        *held = Some((hash, Instant::now()));
        Ok(hash)
    }
}
