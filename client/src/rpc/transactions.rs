//! The settlement program's transactions: built with `crate::instructions`, paid and signed by
//! the acting wallet, sent and confirmed, then answered with the state they changed.

use anchor_lang::prelude::Pubkey;
use anchor_lang::solana_program::instruction::Instruction;
use anchor_spl::token::spl_token::error::TokenError;
use settlement::MarketTerms;
use settlement::state::{Market, Position};
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
use super::{ClientError, FulltimeClient, connect_pubsub, rpc_error, send_and_confirm_by};
use crate::amount::format_usdc;
use crate::errors::{ProgramFailure, token_failure};
use crate::fixture::ProofFixture;
use crate::instructions::{self, Withdrawal};
use crate::side::Side;
use crate::{pda, validate};

/// A test USDC balance before and after a transaction, in base units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BalanceChange {
    pub before: u64,
    pub after: u64,
}

impl BalanceChange {
    /// What the transaction paid into the account.
    pub fn received(&self) -> u64 {
        self.after.saturating_sub(self.before)
    }
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
    pub position: Position,
    pub usdc: BalanceChange,
}

pub struct Settled {
    pub signature: Signature,
    /// The market once resolved.
    pub market: Market,
}

/// A claim or a refund.
pub struct Withdrawn {
    pub signature: Signature,
    pub position: Position,
    pub usdc: BalanceChange,
}

impl FulltimeClient {
    /// Signs `instructions` with `payer` (the fee payer) and `extra_signers`, sends them in one
    /// transaction and waits for confirmation. A refusal is explained by the error catalog.
    /// Reports its stages to the sender [`FulltimeClient::with_progress`] set, if any.
    pub async fn send(
        &self,
        payer: &Keypair,
        instructions: &[Instruction],
        extra_signers: &[&Keypair],
    ) -> Result<Signature, ClientError> {
        self.send_with_progress(payer, instructions, extra_signers, self.progress.as_ref())
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
        report(SendStage::Signing);
        // The WebSocket for the confirmation opens while the node gives the blockhash.
        let (blockhash, pubsub) = tokio::join!(
            self.rpc.get_latest_blockhash(),
            connect_pubsub(self.ws_url.as_deref())
        );
        let blockhash = blockhash.map_err(|error| rpc_error(&self.rpc, error))?;
        let signers: Vec<&Keypair> = std::iter::once(payer)
            .chain(extra_signers.iter().copied())
            .collect();
        let message = Message::new(instructions, Some(&payer.pubkey()));
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
        match send_and_confirm_by(&self.rpc, pubsub.as_ref(), signature, send).await {
            Ok(_) => {
                report(SendStage::Confirmed);
                Ok(signature)
            }
            Err(error) => Err(self.explain(error, &signature).await),
        }
    }

    /// Creates the next market (its id is the config's `market_count`) as `creator`.
    pub async fn create_market(
        &self,
        creator: &Keypair,
        terms: MarketTerms,
    ) -> Result<CreatedMarket, ClientError> {
        if self.client_checks {
            validate::check_question(&terms.question).map_err(ClientError::refused)?;
            let now = self.cluster_time().await?;
            validate::check_close_time(terms.close_time, now).map_err(ClientError::refused)?;
        }
        let id = self.config().await?.market_count;
        let instruction = instructions::create_market(creator.pubkey(), self.usdc_mint, id, terms);
        let signature = self.send(creator, &[instruction], &[]).await?;
        Ok(CreatedMarket {
            signature,
            market: self.market(id).await?,
        })
    }

    /// Stakes `amount` base units of test USDC from the wallet's token account on `side`.
    pub async fn deposit(
        &self,
        wallet: &Keypair,
        market_id: u64,
        side: Side,
        amount: u64,
    ) -> Result<Deposited, ClientError> {
        self.deposit_outcome(wallet, market_id, side.byte(), amount)
            .await
    }

    /// [`FulltimeClient::deposit`] with the outcome as the instruction carries it, a byte: what
    /// `fulltime deposit --force` sends for a number that is no side (like 2), so that the program
    /// answers InvalidOutcome. With the client's checks on, the client refuses such a byte first.
    pub async fn deposit_outcome(
        &self,
        wallet: &Keypair,
        market_id: u64,
        outcome: u8,
        amount: u64,
    ) -> Result<Deposited, ClientError> {
        let owner = wallet.pubkey();
        if self.client_checks {
            validate::check_outcome(outcome).map_err(ClientError::refused)?;
            validate::check_amount(amount).map_err(ClientError::refused)?;
        }
        let market = self.market(market_id).await?;
        let before = self.usdc_balance(&owner).await?;
        if self.client_checks {
            let Some(held) = before else {
                return Err(ClientError::NoUsdcAccount {
                    wallet: owner,
                    mint: self.usdc_mint,
                });
            };
            if amount > held
                && self
                    .deposit_reaches_transfer(&market, owner, outcome)
                    .await?
            {
                check_balance(held, amount).map_err(ClientError::refused)?;
            }
        }
        let instruction = instructions::deposit(
            owner,
            self.usdc_mint,
            pda::market(market_id),
            outcome,
            amount,
        );
        let signature = self.send(wallet, &[instruction], &[]).await?;
        Ok(Deposited {
            signature,
            market: self.market(market_id).await?,
            position: self.existing_position(market_id, owner).await?,
            usdc: BalanceChange {
                before: before.unwrap_or(0),
                after: self.usdc_balance(&owner).await?.unwrap_or(0),
            },
        })
    }

    /// Settles market `market_id` with the fixture's proof, validated by the cluster's oracle,
    /// stating the outcome the proven value gives the market's own predicate. Anyone may settle;
    /// `payer` only pays the fee.
    pub async fn settle(
        &self,
        payer: &Keypair,
        market_id: u64,
        fixture: &ProofFixture,
    ) -> Result<Settled, ClientError> {
        let market = self.market(market_id).await?;
        let instruction = instructions::settle(
            pda::market(market_id),
            self.endpoint.oracle_program,
            fixture.to_settlement_proof(),
            fixture.stated_outcome(&market),
        );
        let signature = self.send(payer, &[instruction], &[]).await?;
        Ok(Settled {
            signature,
            market: self.market(market_id).await?,
        })
    }

    /// Pays the wallet's winning position out to its token account.
    pub async fn claim(&self, wallet: &Keypair, market_id: u64) -> Result<Withdrawn, ClientError> {
        self.withdraw(wallet, market_id, instructions::claim).await
    }

    /// Returns the wallet's stake when the market is refundable.
    pub async fn refund(&self, wallet: &Keypair, market_id: u64) -> Result<Withdrawn, ClientError> {
        self.withdraw(wallet, market_id, instructions::refund).await
    }

    async fn withdraw(
        &self,
        wallet: &Keypair,
        market_id: u64,
        instruction: fn(Withdrawal) -> Instruction,
    ) -> Result<Withdrawn, ClientError> {
        let owner = wallet.pubkey();
        self.market(market_id).await?;
        if self.client_checks {
            self.existing_position(market_id, owner).await?;
        }
        let before = self.usdc_balance(&owner).await?.unwrap_or(0);
        let withdrawal = Withdrawal::of(owner, self.usdc_mint, pda::market(market_id));
        let signature = self.send(wallet, &[instruction(withdrawal)], &[]).await?;
        Ok(Withdrawn {
            signature,
            position: self.existing_position(market_id, owner).await?,
            usdc: BalanceChange {
                before,
                after: self.usdc_balance(&owner).await?.unwrap_or(0),
            },
        })
    }

    /// Whether the program would get as far as moving the tokens: it names a resolved, closed
    /// or side-locked market first, and so must the client, so those are left to it. `outcome`
    /// is the instruction's byte, compared with the one the position stores.
    async fn deposit_reaches_transfer(
        &self,
        market: &Market,
        owner: Pubkey,
        outcome: u8,
    ) -> Result<bool, ClientError> {
        if market.settled || self.cluster_time().await? >= market.close_time {
            return Ok(false);
        }
        let position = self.position(market.id, &owner).await?;
        Ok(position
            .is_none_or(|position| position.amount == 0 || position.outcome.byte() == outcome))
    }

    async fn existing_position(
        &self,
        market_id: u64,
        owner: Pubkey,
    ) -> Result<Position, ClientError> {
        self.position(market_id, &owner)
            .await?
            .ok_or(ClientError::PositionNotFound { market_id, owner })
    }

    async fn explain(&self, error: RpcClientError, signature: &Signature) -> ClientError {
        let failure = SendFailure::classify(error);
        let logs = match failure {
            SendFailure::Executed { .. } => self.transaction_logs(signature).await,
            _ => Vec::new(),
        };
        failure.into_client_error(signature, logs, |error| rpc_error(&self.rpc, error))
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
