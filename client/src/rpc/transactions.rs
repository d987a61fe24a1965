//! The settlement program's transactions: built with `crate::instructions`, paid and signed by
//! the acting wallet, sent and confirmed (on the client's one WebSocket where the node serves
//! one); the convenience sends answer with the market they changed, read back.

use anchor_lang::solana_program::instruction::Instruction;
use anchor_spl::token::spl_token::error::TokenError;
use settlement::state::Market;
use settlement::{MarketTerms, StatedOutcome};
use solana_keypair::Keypair;
use solana_message::Message;
use solana_rpc_client::rpc_client::SerializableTransaction;
use solana_rpc_client_api::client_error::Error as RpcClientError;
use solana_rpc_client_api::config::RpcTransactionConfig;
use solana_signature::Signature;
use solana_signer::Signer;
use solana_transaction::Transaction;
use solana_transaction_status_client_types::UiTransactionEncoding;
use tokio::sync::mpsc::UnboundedSender;

use super::error::SendFailure;
use super::{ClientError, ConfirmedBy, FulltimeClient, send_and_confirm_by};
use crate::amount::format_usdc;
use crate::compute_budget::{SETTLE_COMPUTE_UNIT_LIMIT, unit_limit};
use crate::errors::{ProgramFailure, token_failure};
use crate::instructions;
use crate::pda;
use crate::proof_file::ProofFile;
use crate::side::Side;

/// A test USDC balance before and after a transaction, in base units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BalanceChange {
    pub before: u64,
    pub after: u64,
}

/// How far a transaction sent by [`FulltimeClient::send_with_progress`] has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SendStage {
    /// Fetching a blockhash and signing.
    Signing,
    /// Handing the signed transaction to the node (which runs its preflight).
    Sending,
    /// Accepted; waiting for the client's commitment to confirm it.
    Confirming,
    /// Confirmed; the caller reads what changed next.
    Confirmed,
}

pub struct CreatedMarket {
    pub signature: Signature,
    pub market: Market,
}

pub struct Deposited {
    pub signature: Signature,
    /// The market after the deposit, with its new totals.
    pub market: Market,
}

pub struct Settled {
    pub signature: Signature,
    /// The market once resolved.
    pub market: Market,
}

impl FulltimeClient {
    /// Signs `instructions` with `payer` (the fee payer) and `extra_signers`, sends them in one
    /// transaction and waits for confirmation. A refusal is explained by the error catalog.
    pub async fn send(
        &self,
        payer: &Keypair,
        instructions: &[Instruction],
        extra_signers: &[&Keypair],
    ) -> Result<Signature, ClientError> {
        self.send_with_progress(payer, instructions, extra_signers, None)
            .await
    }

    /// [`FulltimeClient::send`], reporting each [`SendStage`] to `progress` as it starts. A
    /// closed receiver is ignored: progress is for showing, the result is what counts.
    pub async fn send_with_progress(
        &self,
        payer: &Keypair,
        instructions: &[Instruction],
        extra_signers: &[&Keypair],
        progress: Option<&UnboundedSender<SendStage>>,
    ) -> Result<Signature, ClientError> {
        let report = |stage| {
            if let Some(progress) = progress {
                let _ = progress.send(stage);
            }
        };
        let instructions = self.packed(&payer.pubkey(), instructions)?;
        report(SendStage::Signing);
        // The first transaction opens the WebSocket for confirmations while the node gives the
        // blockhash; the next ones find it open.
        let (blockhash, socket) =
            tokio::join!(self.rpc.get_latest_blockhash(), self.confirmation_socket());
        let blockhash = blockhash.map_err(|error| self.rpc_error(error))?;
        let signers: Vec<&Keypair> = std::iter::once(payer)
            .chain(extra_signers.iter().copied())
            .collect();
        let message = Message::new(&instructions, Some(&payer.pubkey()));
        let mut transaction = Transaction::new_unsigned(message);
        transaction
            .try_sign(&signers, blockhash)
            .map_err(|error| ClientError::Signing(error.to_string()))?;
        report(SendStage::Sending);
        let signature = *transaction.get_signature();
        let send = async {
            let sent = self.rpc.send_transaction(&transaction).await;
            if sent.is_ok() {
                report(SendStage::Confirming);
            }
            sent
        };
        let confirmed = send_and_confirm_by(&self.rpc, socket.as_deref(), signature, send).await;
        // Confirmed by polling although subscribed: the socket did not answer.
        if let (Some(socket), Ok(ConfirmedBy::Polling)) = (&socket, &confirmed) {
            self.drop_confirmation_socket(socket).await;
        }
        match confirmed {
            Ok(_) => {
                report(SendStage::Confirmed);
                Ok(signature)
            }
            Err(error) => Err(self.explain(error, &signature).await),
        }
    }

    /// Creates the next market (its id is the config's `market_count`) as `creator`, and reads
    /// it back.
    pub async fn create_market(
        &self,
        creator: &Keypair,
        terms: MarketTerms,
    ) -> Result<CreatedMarket, ClientError> {
        let id = self.config().await?.market_count;
        let instruction = instructions::create_market(creator.pubkey(), self.usdc_mint, id, terms);
        let signature = self.send(creator, &[instruction], &[]).await?;
        Ok(CreatedMarket {
            signature,
            market: self.market(id).await?,
        })
    }

    /// Stakes `amount` base units of test USDC from the wallet's token account on `side`, and
    /// reads the market back.
    pub async fn deposit(
        &self,
        wallet: &Keypair,
        market_id: u64,
        side: Side,
        amount: u64,
    ) -> Result<Deposited, ClientError> {
        let instruction = instructions::deposit(
            wallet.pubkey(),
            self.usdc_mint,
            pda::market(market_id),
            side.byte(),
            amount,
        );
        let signature = self.send(wallet, &[instruction], &[]).await?;
        Ok(Deposited {
            signature,
            market: self.market(market_id).await?,
        })
    }

    /// Settles market `market_id` with the proof file's proof, validated by the cluster's oracle,
    /// stating the outcome the proven value gives the market's own predicate, and reads the
    /// market back. Anyone may settle; `payer` only pays the fee.
    pub async fn settle(
        &self,
        payer: &Keypair,
        market_id: u64,
        proof_file: &ProofFile,
    ) -> Result<Settled, ClientError> {
        let market = self.market(market_id).await?;
        let signature = self
            .send(payer, &self.settle_instructions(&market, proof_file), &[])
            .await?;
        Ok(Settled {
            signature,
            market: self.market(market_id).await?,
        })
    }

    /// The instructions that settle `market` with the proof file's proof, stating the outcome
    /// the proven value gives the market's predicate: the compute budget the oracle's validation
    /// needs on a real validator, then the settle.
    pub fn settle_instructions(&self, market: &Market, proof_file: &ProofFile) -> Vec<Instruction> {
        self.settle_instructions_stating(market, proof_file, proof_file.stated_outcome(market))
    }

    /// The instructions that settle `market` with the proof file's proof, stating `stated`
    /// whatever the proof gives: a settler that states another outcome is refused by the
    /// program (`OutcomeNotProven`), which is what a test of a lying settler sends.
    pub fn settle_instructions_stating(
        &self,
        market: &Market,
        proof_file: &ProofFile,
        stated: StatedOutcome,
    ) -> Vec<Instruction> {
        vec![
            unit_limit(SETTLE_COMPUTE_UNIT_LIMIT),
            instructions::settle(
                pda::market(market.id),
                self.endpoint.oracle_program,
                proof_file.to_settlement_proof(),
                stated,
            ),
        ]
    }

    pub(super) async fn explain(
        &self,
        error: RpcClientError,
        signature: &Signature,
    ) -> ClientError {
        let failure = SendFailure::classify(error);
        let logs = match failure {
            SendFailure::Executed { .. } => self.transaction_logs(signature).await,
            _ => Vec::new(),
        };
        failure.into_client_error(signature, logs, |error| self.rpc_error(error))
    }

    /// The logs of a transaction that failed on chain. Best effort: the failure is known
    /// already, the logs only tell which program raised it.
    async fn transaction_logs(&self, signature: &Signature) -> Vec<String> {
        let config = RpcTransactionConfig {
            encoding: Some(UiTransactionEncoding::Json),
            commitment: Some(self.rpc.commitment()),
            max_supported_transaction_version: Some(0),
        };
        self.rpc
            .get_transaction_with_config(signature, config)
            .await
            .ok()
            .and_then(|transaction| transaction.transaction.meta)
            .and_then(|meta| Option::from(meta.log_messages))
            .unwrap_or_default()
    }
}

/// The token program's `InsufficientFunds`, refused before sending, with what the wallet holds:
/// the program would only say "insufficient funds".
pub fn check_balance(held: u64, amount: u64) -> Result<(), ProgramFailure> {
    if amount <= held {
        return Ok(());
    }
    let mut failure = token_failure(TokenError::InsufficientFunds);
    failure.message = format!(
        "{} (the wallet holds {}, the deposit is {})",
        failure.message,
        format_usdc(held),
        format_usdc(amount)
    );
    Err(failure)
}
