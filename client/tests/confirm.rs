//! Confirmations against a real `localnet`: by `signatureSubscribe` and by polling, a success
//! and a failure on chain end the same way; an answer lost on the way is found by the status
//! check behind the subscription, and a socket that closes before the node answers falls back to
//! polling.

use std::time::Duration;

use anchor_lang::solana_program::system_instruction;
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::rpc::{ConfirmedBy, connect_pubsub, send_and_confirm_by};
use fulltime_testkit::process::{LocalnetProcess, binary_beside};
use fulltime_testkit::proxy::CountingProxy;
use solana_commitment_config::CommitmentConfig;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_rpc_client_api::client_error::{Error as ClientError, ErrorKind};
use solana_rpc_client_api::config::RpcSendTransactionConfig;
use solana_signature::Signature;
use solana_signer::Signer;
use solana_transaction::Transaction;
use solana_transaction_error::TransactionError;

fn start_localnet() -> LocalnetProcess {
    let test = std::env::current_exe().expect("test executable");
    let binary = binary_beside(&test).expect("the localnet binary");
    LocalnetProcess::start(&binary, "confirm").expect("localnet ready")
}

/// A transfer of `lamports` to a new account.
async fn transfer(rpc: &RpcClient, payer: &Keypair, lamports: u64) -> Transaction {
    let instruction =
        system_instruction::transfer(&payer.pubkey(), &Keypair::new().pubkey(), lamports);
    let blockhash = rpc.get_latest_blockhash().await.expect("blockhash");
    Transaction::new_signed_with_payer(&[instruction], Some(&payer.pubkey()), &[payer], blockhash)
}

fn signature_of(transaction: &Transaction) -> Signature {
    transaction.signatures.first().copied().expect("signed")
}

/// Sends `transaction`; `checked` runs the node's preflight first.
async fn send(
    rpc: &RpcClient,
    transaction: &Transaction,
    checked: bool,
) -> Result<Signature, ClientError> {
    let config = RpcSendTransactionConfig {
        skip_preflight: !checked,
        // As `send_transaction` does: the default would simulate at `finalized`, where a
        // blockhash read at `confirmed` may not be known yet.
        preflight_commitment: Some(rpc.commitment().commitment),
        ..RpcSendTransactionConfig::default()
    };
    rpc.send_transaction_with_config(transaction, config).await
}

#[test]
fn by_subscription_and_by_polling_alike() {
    let node = start_localnet();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime");
    runtime.block_on(async {
        let rpc = RpcClient::new_with_commitment(node.rpc_url(), CommitmentConfig::confirmed());
        let payer = read_keypair_file(node.wallet_path()).expect("localnet's wallet");
        let pubsub = connect_pubsub(Some(&node.ws_url()))
            .await
            .expect("localnet serves WebSocket");
        let confirm = async |pubsub, transaction: &Transaction, checked| {
            let signature = signature_of(transaction);
            send_and_confirm_by(&rpc, pubsub, signature, send(&rpc, transaction, checked)).await
        };

        for (pubsub, by) in [
            (Some(&pubsub), ConfirmedBy::Subscription),
            (None, ConfirmedBy::Polling),
        ] {
            let landed = transfer(&rpc, &payer, 1_000_000).await;
            assert_eq!(confirm(pubsub, &landed, true).await.expect("confirmed"), by);
        }

        // More than the payer holds, past preflight: it fails on chain, the same both ways.
        let mut failures = Vec::new();
        for pubsub in [Some(&pubsub), None] {
            let failed = transfer(&rpc, &payer, u64::MAX / 2).await;
            let error = confirm(pubsub, &failed, false)
                .await
                .expect_err("failed on chain");
            assert!(
                matches!(
                    error.kind(),
                    ErrorKind::TransactionError(TransactionError::InstructionError(0, _))
                ),
                "{error:?}"
            );
            failures.push(format!("{:?}", error.kind()));
        }
        assert_eq!(failures[0], failures[1]);

        // Nothing listening: no WebSocket.
        assert!(connect_pubsub(Some("ws://127.0.0.1:9")).await.is_none());

        // The node's answer lost on the way: the status check behind the subscription finds it.
        let socket = CountingProxy::start(&node.ws_url()).await.expect("proxy");
        let pubsub = connect_pubsub(Some(socket.url()))
            .await
            .expect("the proxy carries the handshake");
        let landed = transfer(&rpc, &payer, 1_000_001).await;
        let silenced = async {
            socket.silence();
            send(&rpc, &landed, true).await
        };
        let confirmed = send_and_confirm_by(&rpc, Some(&pubsub), signature_of(&landed), silenced);
        assert_eq!(confirmed.await.expect("confirmed"), ConfirmedBy::Polling);

        // The socket closing before the answer: polling.
        socket.cut();
        let pubsub = connect_pubsub(Some(socket.url()))
            .await
            .expect("the proxy carries the handshake");
        let landed = transfer(&rpc, &payer, 1_000_002).await;
        let cut = async {
            socket.silence();
            let sent = send(&rpc, &landed, true).await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            socket.cut();
            sent
        };
        let confirmed = send_and_confirm_by(&rpc, Some(&pubsub), signature_of(&landed), cut);
        assert_eq!(confirmed.await.expect("confirmed"), ConfirmedBy::Polling);
    });
}
