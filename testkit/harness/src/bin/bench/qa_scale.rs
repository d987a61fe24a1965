//! The QA-scale step: what a match-day QA run sets up, done through the node's JSON-RPC and
//! WebSocket as any client would (each market created is confirmed by `signatureSubscribe`). A
//! thousand wallets funded with SOL and test USDC (`FulltimeClient::fund_all`), a hundred
//! markets on one proof file's match, ten thousand deposits spread over them, every market
//! settled with the proof, and every winning position claimed; each phase timed. Bulk phases
//! send through the client's pipeline (many transactions before any is confirmed, one
//! confirmation loop).

use std::time::{Duration, Instant};

use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::instructions::{self, Withdrawal};
use fulltime_client::pda;
use fulltime_client::proof_file::{Expected, ProofFile, ProofMarket};
use fulltime_client::rpc::{FulltimeClient, Funding, Unsigned};
use fulltime_client::side::Side;
use fulltime_localnet::node::{ChainStart, MINT_AUTHORITY_FILE, Node, load_keypair};
use solana_keypair::Keypair;
use solana_signer::Signer;

use super::local_node::{node_options, write_wallet};
use super::per_second;

pub const WALLETS: usize = 1_000;
pub const MARKETS: usize = 100;
/// Each wallet stakes in this many markets, every one a different market.
pub const MARKETS_PER_WALLET: usize = 10;
pub const DEPOSITS: usize = WALLETS * MARKETS_PER_WALLET;
/// The match the markets are on: a demo proof file, which resolves YES.
pub const PROOF_FILE: &str = "arsenal-home-goals-over-1";
const DISPUTE_WINDOW_SECS: i64 = 60;
const WALLET_LAMPORTS: u64 = 50_000_000;
pub const WALLET_USDC: u64 = 100_000_000;
/// Winning positions claimed per transaction: as many as fit in a transaction's 1,232 bytes with
/// room to spare.
const CLAIMS_PER_TRANSACTION: usize = 5;

type Failure = Box<dyn std::error::Error>;

pub async fn run() -> Result<(), Failure> {
    let state_dir = std::env::temp_dir().join(format!("fulltime-bench-qa-{}", std::process::id()));
    let options = node_options(&state_dir, write_wallet(&state_dir), ChainStart::Reset);
    let node = Node::start(options).await?;
    let outcome = qa_run(&node, &state_dir).await;
    node.shutdown();
    let _ = std::fs::remove_dir_all(&state_dir);
    outcome
}

async fn qa_run(node: &Node, state_dir: &std::path::Path) -> Result<(), Failure> {
    let client = FulltimeClient::connect(Endpoint::resolve(Cluster::Localnet, state_dir)?).await?;
    let funder = load_keypair(&node.env().wallet)?;
    let mint_authority = load_keypair(&state_dir.join(MINT_AUTHORITY_FILE))?;
    let proof_file = fulltime_matches::committed()?
        .proof_file(PROOF_FILE)
        .cloned()
        .ok_or("the demo proof file is missing")?;
    let kickoff = proof_file.kickoff.ok_or("the proof file has no kickoff")?;
    let market = proof_file
        .market
        .clone()
        .ok_or("the proof file names no market")?;
    let whole = Instant::now();

    let wallets = fund_wallets(&client, &funder, &mint_authority).await?;
    let market_ids = create_markets(&client, &funder, &market, kickoff).await?;
    deposit_everywhere(&client, &wallets, &market_ids).await?;
    let published = proof_file.proof.ts.div_euclid(1_000);
    settle_markets(&client, &funder, &proof_file, &market_ids, published).await?;
    claim_winnings(&client, &proof_file, &wallets, &market_ids, published).await?;

    let left = vault_balances(&client, &market_ids).await?;
    println!(
        "  the whole run: {:.2} s; the vaults keep {left} base units of dust",
        whole.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The wallets, made and funded with SOL and test USDC in one batch.
async fn fund_wallets(
    client: &FulltimeClient,
    funder: &Keypair,
    mint_authority: &Keypair,
) -> Result<Vec<Keypair>, Failure> {
    let started = Instant::now();
    let wallets: Vec<Keypair> = (0..WALLETS).map(|_| Keypair::new()).collect();
    let fundings: Vec<Funding> = wallets
        .iter()
        .map(|wallet| Funding {
            wallet: wallet.pubkey(),
            lamports: WALLET_LAMPORTS,
            usdc: WALLET_USDC,
        })
        .collect();
    let transactions = client
        .fund_all(funder, mint_authority, &fundings)
        .await
        .map_err(|error| format!("funding: {error}"))?;
    report(
        "wallets created and funded",
        WALLETS,
        transactions,
        started.elapsed(),
    );
    Ok(wallets)
}

/// The markets, all on the proof file's market and closing at kickoff, created one by one (each
/// confirmed by `signatureSubscribe`); their ids.
async fn create_markets(
    client: &FulltimeClient,
    funder: &Keypair,
    market: &ProofMarket,
    kickoff: i64,
) -> Result<Vec<u64>, Failure> {
    let started = Instant::now();
    let first = client.config().await?.market_count;
    for _ in 0..MARKETS {
        let terms = market.terms(kickoff, DISPUTE_WINDOW_SECS);
        client.create_market(funder, terms).await?;
    }
    let market_ids: Vec<u64> = (first..).take(MARKETS).collect();
    report(
        "markets created, one by one",
        MARKETS,
        MARKETS,
        started.elapsed(),
    );
    Ok(market_ids)
}

/// Every wallet's deposits, sent through the pipeline.
async fn deposit_everywhere(
    client: &FulltimeClient,
    wallets: &[Keypair],
    market_ids: &[u64],
) -> Result<(), Failure> {
    let started = Instant::now();
    let deposits = deposit_transactions(client, wallets, market_ids);
    all_landed("deposits", client.send_all(deposits).await)?;
    report("deposits", DEPOSITS, DEPOSITS, started.elapsed());
    Ok(())
}

/// Every market settled with the proof, the clock warped past its batch (`published`, unix
/// seconds).
async fn settle_markets(
    client: &FulltimeClient,
    funder: &Keypair,
    proof_file: &ProofFile,
    market_ids: &[u64],
    published: i64,
) -> Result<(), Failure> {
    let started = Instant::now();
    client.warp(published + 1).await?;
    let markets = client.markets().await?;
    let settlements: Vec<Unsigned> = markets
        .iter()
        .filter(|market| market_ids.contains(&market.id))
        .map(|market| Unsigned::by(funder, client.settle_instructions(market, proof_file)))
        .collect();
    let settled = settlements.len();
    all_landed("settlements", client.send_all(settlements).await)?;
    report("markets settled", settled, settled, started.elapsed());
    Ok(())
}

/// Every winning position claimed, the clock warped past the dispute window.
async fn claim_winnings(
    client: &FulltimeClient,
    proof_file: &ProofFile,
    wallets: &[Keypair],
    market_ids: &[u64],
    published: i64,
) -> Result<(), Failure> {
    let started = Instant::now();
    client.warp(published + DISPUTE_WINDOW_SECS + 2).await?;
    let (claims, positions) = claim_transactions(client, proof_file, wallets, market_ids);
    let transactions = claims.len();
    all_landed("claims", client.send_all(claims).await)?;
    report(
        "winning positions claimed",
        positions,
        transactions,
        started.elapsed(),
    );
    Ok(())
}

/// Every wallet's ten deposits (`market_of`); a third of the wallets back NO, the rest YES.
fn deposit_transactions<'a>(
    client: &FulltimeClient,
    wallets: &'a [Keypair],
    market_ids: &[u64],
) -> Vec<Unsigned<'a>> {
    let mint = client.usdc_mint();
    let mut deposits = Vec::with_capacity(DEPOSITS);
    for round in 0..MARKETS_PER_WALLET {
        for (index, wallet) in wallets.iter().enumerate() {
            let market = market_ids[market_of(index, round)];
            let deposit = instructions::deposit(
                wallet.pubkey(),
                mint,
                pda::market(market),
                side_of(index).byte(),
                stake(index, round),
            );
            deposits.push(Unsigned::by(wallet, vec![deposit]));
        }
    }
    deposits
}

/// The index of the market wallet `wallet_index` stakes in at its `round`-th deposit: ten
/// rounds, ten different markets, each market staked in as often as any other.
pub fn market_of(wallet_index: usize, round: usize) -> usize {
    (wallet_index + round * MARKETS / MARKETS_PER_WALLET) % MARKETS
}

/// What wallet `wallet_index` stakes at its `round`-th deposit: 1 USDC and a few base units, so
/// that no two stakes are alike.
pub fn stake(wallet_index: usize, round: usize) -> u64 {
    1_000_000 + (wallet_index * MARKETS_PER_WALLET + round) as u64
}

pub fn side_of(wallet_index: usize) -> Side {
    if wallet_index.is_multiple_of(3) {
        Side::No
    } else {
        Side::Yes
    }
}

/// Every position on the winning side claimed by its owner, a few per transaction; and how many
/// positions that is.
fn claim_transactions<'a>(
    client: &FulltimeClient,
    proof_file: &ProofFile,
    wallets: &'a [Keypair],
    market_ids: &[u64],
) -> (Vec<Unsigned<'a>>, usize) {
    let mint = client.usdc_mint();
    // The demo proof file states the side it resolves to; one that expects an error pays no one.
    let winner = match proof_file.expected {
        Some(Expected::Outcome(side)) => Some(side),
        Some(Expected::Error(_)) | None => None,
    };
    let mut claims = Vec::new();
    let mut positions = 0;
    for (index, wallet) in wallets.iter().enumerate() {
        if Some(side_of(index)) != winner {
            continue;
        }
        let markets: Vec<u64> = (0..MARKETS_PER_WALLET)
            .map(|round| market_ids[market_of(index, round)])
            .collect();
        positions += markets.len();
        for chunk in markets.chunks(CLAIMS_PER_TRANSACTION) {
            let paid = chunk
                .iter()
                .map(|id| {
                    instructions::claim(Withdrawal::of(wallet.pubkey(), mint, pda::market(*id)))
                })
                .collect();
            claims.push(Unsigned::by(wallet, paid));
        }
    }
    (claims, positions)
}

/// What the markets' vaults hold once every winner has claimed: the rounding dust.
async fn vault_balances(client: &FulltimeClient, market_ids: &[u64]) -> Result<u64, Failure> {
    let vaults: Vec<_> = market_ids
        .iter()
        .map(|id| pda::vault(&pda::market(*id)))
        .collect();
    let mut left = 0u64;
    for chunk in vaults.chunks(100) {
        for account in client.rpc().get_multiple_accounts(chunk).await? {
            let account = account.ok_or("a vault is missing")?;
            let amount = account
                .data
                .get(64..72)
                .and_then(|bytes| bytes.try_into().ok())
                .map(u64::from_le_bytes)
                .ok_or("a vault is not a token account")?;
            left = left.checked_add(amount).ok_or("vault balances overflow")?;
        }
    }
    Ok(left)
}

fn all_landed<T>(
    phase: &str,
    outcomes: Vec<Result<T, fulltime_client::rpc::ClientError>>,
) -> Result<(), Failure> {
    let failed: Vec<_> = outcomes
        .iter()
        .filter_map(|outcome| outcome.as_ref().err())
        .collect();
    match failed.first() {
        None => Ok(()),
        Some(first) => Err(format!(
            "{phase}: {} of {} transactions failed, the first: {first}",
            failed.len(),
            outcomes.len()
        )
        .into()),
    }
}

fn report(what: &str, count: usize, transactions: usize, elapsed: Duration) {
    println!(
        "  {count} {what}: {:.2} s, {:.0}/s ({transactions} transactions, {:.0} tx/s)",
        elapsed.as_secs_f64(),
        per_second(count, elapsed),
        per_second(transactions, elapsed),
    );
}
