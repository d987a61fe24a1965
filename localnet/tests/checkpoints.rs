//! Checkpoints against the `localnet` binary: a restore reaches a WebSocket subscriber that
//! stays connected, puts back every account byte for byte (twice over) and the clock, removes
//! what was made since, refuses an unknown id, lets no transaction processed before it run
//! again, and leaves a blockhash fetched before it valid (the slot goes on).

mod common;

use std::time::Duration;

use anchor_lang::prelude::Pubkey;
use common::binary;
use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::rpc::{ClientError, FulltimeClient, PushClient, Pushed};
use fulltime_client::side::Side;
use fulltime_client::{instructions, pda};
use fulltime_testkit::process::LocalnetProcess;
use futures_util::StreamExt;
use solana_account::Account;
use solana_hash::Hash;
use solana_keypair::Keypair;
use solana_rpc_client::nonblocking::rpc_client::RpcClient;
use solana_signer::Signer;
use solana_transaction::Transaction;

const STAKE: u64 = 1_000_000;
/// Open markets on the demo chain, an hour after the warp below.
const MARKET: u64 = 0;
const OTHER_MARKET: u64 = 1;
/// Generous: a push comes in milliseconds; this only stops a hang.
const PUSH_WITHIN: Duration = Duration::from_secs(60);

/// Every account the settlement program, the mock oracle and SPL Token own (markets,
/// positions, vaults, the wallet's test USDC), and the wallet's own, sorted by address.
async fn chain_accounts(rpc: &RpcClient, wallet: &Pubkey) -> Vec<(Pubkey, Account)> {
    let mut accounts = Vec::new();
    for program in [settlement::ID, mock_oracle::ID, anchor_spl::token::ID] {
        accounts.extend(rpc.get_program_accounts(&program).await.expect("accounts"));
    }
    let wallet_account = rpc.get_account(wallet).await.expect("the wallet");
    accounts.push((*wallet, wallet_account));
    accounts.sort_by_key(|(address, _)| *address);
    accounts
}

fn deposit(wallet: &Keypair, mint: Pubkey, market: u64, blockhash: Hash) -> Transaction {
    let instruction = instructions::deposit(wallet.pubkey(), mint, pda::market(market), 1, STAKE);
    Transaction::new_signed_with_payer(&[instruction], Some(&wallet.pubkey()), &[wallet], blockhash)
}

/// Waits for the push in which the market holds `total_yes` and the wallet `usdc`, on the same
/// stream it has read since before the restore.
async fn until_pushed<S>(pushed: &mut S, market: Pubkey, total_yes: u64, usdc: u64)
where
    S: futures_util::Stream<Item = Result<Pushed, ClientError>> + Unpin,
{
    let (mut market_seen, mut usdc_seen) = (false, false);
    let waited = tokio::time::timeout(PUSH_WITHIN, async {
        while !(market_seen && usdc_seen) {
            match pushed.next().await {
                Some(Ok(Pushed::Market {
                    address,
                    market: pushed_market,
                })) if address == market => {
                    market_seen = pushed_market.total_yes == total_yes;
                }
                Some(Ok(Pushed::Usdc(balance))) => usdc_seen = balance == Some(usdc),
                Some(_) => {}
                None => panic!("the WebSocket closed"),
            }
        }
    })
    .await;
    assert!(
        waited.is_ok(),
        "no push of the restored market ({market_seen}) and balance ({usdc_seen})"
    );
}

#[tokio::test]
async fn a_restore_puts_the_chain_back_in_place_and_reaches_its_subscribers() {
    let node = LocalnetProcess::start(binary(), "checkpoints").expect("localnet ready");
    let endpoint = Endpoint::resolve(Cluster::Localnet, node.state_dir()).expect("env.json");
    let client = FulltimeClient::connect(endpoint).await.expect("connect");
    let rpc = client.rpc();
    let mint = client.usdc_mint();
    let wallet = read_keypair_file(node.wallet_path()).expect("the wallet");
    let usdc_account = pda::token_account(&wallet.pubkey(), &mint);
    let market = pda::market(MARKET);
    let push = PushClient::connect(&node.ws_url())
        .await
        .expect("WebSocket");
    let mut pushed = push
        .chain(&client, Some(wallet.pubkey()))
        .await
        .expect("subscribed");

    let before_checkpoint = deposit(
        &wallet,
        mint,
        MARKET,
        rpc.get_latest_blockhash().await.expect("blockhash"),
    );
    rpc.send_and_confirm_transaction(&before_checkpoint)
        .await
        .expect("a deposit before the checkpoint");
    let old_blockhash = rpc.get_latest_blockhash().await.expect("blockhash");
    let checkpoint = client.save_checkpoint().await.expect("a checkpoint");
    let kept = chain_accounts(rpc, &wallet.pubkey()).await;
    let kept_usdc = rpc
        .get_token_account_balance(&usdc_account)
        .await
        .expect("balance")
        .amount
        .parse::<u64>()
        .expect("an amount");
    let kept_market = client.market(MARKET).await.expect("the market");
    assert_eq!(kept_market.total_yes, STAKE);
    assert!(
        checkpoint.accounts >= kept.len() as u64 - 1,
        "{checkpoint:?}"
    );

    // After the checkpoint: a second deposit, a position on another market (an account that
    // did not exist), and the clock an hour on.
    let after_checkpoint = deposit(
        &wallet,
        mint,
        MARKET,
        rpc.get_latest_blockhash().await.expect("blockhash"),
    );
    rpc.send_and_confirm_transaction(&after_checkpoint)
        .await
        .expect("a deposit after the checkpoint");
    client
        .deposit(&wallet, OTHER_MARKET, Side::No, STAKE)
        .await
        .expect("a new position");
    let now = client.cluster_time().await.expect("clock");
    client.warp(now + 3_600).await.expect("warp");
    assert_ne!(chain_accounts(rpc, &wallet.pubkey()).await, kept);

    let restored = client
        .restore_checkpoint(checkpoint.id)
        .await
        .expect("restored");
    assert_eq!(restored.checkpoint, checkpoint);
    assert!(restored.changed >= 5, "{restored:?}");
    assert!(
        restored.slot > checkpoint.slot,
        "the slot goes on: {restored:?}"
    );
    until_pushed(&mut pushed, market, STAKE, kept_usdc).await;
    assert_eq!(chain_accounts(rpc, &wallet.pubkey()).await, kept);
    let position = client
        .position(OTHER_MARKET, &wallet.pubkey())
        .await
        .expect("read");
    assert!(position.is_none(), "the position made since is gone");
    let clock = client.clock().await.expect("clock");
    // The wall clock moves it on from the checkpoint's; a minute's margin for a loaded machine,
    // far from the hour of the warp.
    assert!(
        (checkpoint.unix_timestamp..checkpoint.unix_timestamp + 60).contains(&clock.unix_timestamp),
        "clock {} after restoring {}",
        clock.unix_timestamp,
        checkpoint.unix_timestamp
    );

    // No transaction processed before the restore runs again, from either side of the
    // checkpoint.
    for (which, transaction) in [
        ("before the checkpoint", &before_checkpoint),
        ("after the checkpoint", &after_checkpoint),
    ] {
        let sent = rpc.send_and_confirm_transaction(transaction).await;
        let refusal = sent.expect_err(which).to_string();
        assert!(
            refusal.contains("already been processed"),
            "{which}: {refusal}"
        );
    }
    assert_eq!(chain_accounts(rpc, &wallet.pubkey()).await, kept);

    // A blockhash from before the checkpoint is still alive: the slot never went back.
    let later = deposit(&wallet, mint, MARKET, old_blockhash);
    rpc.send_and_confirm_transaction(&later)
        .await
        .expect("a deposit on a blockhash fetched before the checkpoint");
    until_pushed(&mut pushed, market, 2 * STAKE, kept_usdc - STAKE).await;

    // The same checkpoint again: the same accounts, byte for byte.
    client
        .restore_checkpoint(checkpoint.id)
        .await
        .expect("restored again");
    until_pushed(&mut pushed, market, STAKE, kept_usdc).await;
    assert_eq!(chain_accounts(rpc, &wallet.pubkey()).await, kept);

    let unknown = client
        .restore_checkpoint(checkpoint.id + 1_000)
        .await
        .expect_err("an unknown checkpoint");
    assert!(
        matches!(&unknown, ClientError::Checkpoint { reason, .. }
            if reason.contains(&format!("no checkpoint {}", checkpoint.id + 1_000))
                && reason.contains("-32602")),
        "{unknown}"
    );
    drop(pushed);
    node.terminate().expect("localnet stops");
}
