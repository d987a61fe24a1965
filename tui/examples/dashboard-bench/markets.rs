//! The bench's markets: created on the node, or made up for the frame figure without one.

use std::time::Instant;

use color_eyre::eyre::{Result, WrapErr};
use fulltime::dashboard::Chain;
use fulltime_client::amount::LAMPORTS_PER_SOL;
use fulltime_client::instructions;
use fulltime_client::pda;
use fulltime_client::rpc::{FulltimeClient, wait_for_confirmation};
use fulltime_client::settlement::MarketTerms;
use fulltime_client::settlement::state::{Market, Position};
use fulltime_client::side::Side;
use fulltime_client::txline_interface::{Comparison, TraderPredicate};
use solana_keypair::{Address as Pubkey, Keypair};
use solana_signer::Signer;

/// Creates markets until the config counts `wanted`. Each create takes the id the config counts
/// next, so they cannot be in flight together (sent unconfirmed, the node reorders or drops
/// them and most fail): one after another through `FulltimeClient::send` (blockhash, send with
/// preflight, confirm). The caller's `client` confirms by polling: surfpool-core 1.6.1 looks for a
/// subscribed signature's confirmation every 50 ms, and polling from 1 ms up is quicker there,
/// which over 10,000 markets is minutes.
pub async fn create(client: &FulltimeClient, wanted: u64) -> Result<u64> {
    let rpc = client.rpc();
    let creator = Keypair::new();
    let signature = rpc
        .request_airdrop(&creator.pubkey(), 1_000 * LAMPORTS_PER_SOL)
        .await
        .wrap_err("airdrop to the market creator")?;
    wait_for_confirmation(rpc, signature).await?;
    let now = client.cluster_time().await?;
    let first = client.config().await?.market_count;
    let started = Instant::now();
    for id in first..wanted {
        let instruction =
            instructions::create_market(creator.pubkey(), client.usdc_mint(), id, terms(id, now));
        client
            .send(&creator, &[instruction], &[])
            .await
            .wrap_err_with(|| format!("creating market {id}"))?;
    }
    let count = client.config().await?.market_count;
    let elapsed = started.elapsed();
    let created = count.saturating_sub(first);
    println!(
        "created {created} markets in {:.2} s = {:.0} markets/s (one after another, each confirmed: each takes the id the config counts next); the node holds {count}",
        elapsed.as_secs_f64(),
        created as f64 / elapsed.as_secs_f64().max(f64::EPSILON)
    );
    Ok(count)
}

fn terms(id: u64, now: i64) -> MarketTerms {
    MarketTerms {
        question: format!("Bench market {id}: will the home side score more than 1 goal?"),
        close_time: now + 86_400 + i64::try_from(id % 10_000).unwrap_or(0),
        // 20 markets a fixture, for the frames grouped by fixture.
        fixture_id: 18_500_000 + i64::try_from(id % 500).unwrap_or(0),
        stat_key: 1,
        period: 100,
        predicate: TraderPredicate {
            threshold: 1,
            comparison: Comparison::GreaterThan,
        },
        dispute_window: 600,
        second_stat: None,
    }
}

/// `count` markets like those `create` creates, five demo-like ones with pools and the
/// wallet's positions among them, read at one cluster time: the frame figure without a node.
pub fn synthetic_chain(count: u64) -> Chain {
    let now = 1_790_000_000;
    let markets: Vec<Market> = (0..count)
        .map(|id| {
            let terms = terms(id, now);
            let pooled = id < 5;
            Market {
                total_yes: if pooled { 2_500_000 * id } else { 0 },
                total_no: if pooled { 1_500_000 } else { 0 },
                ..Market::open(
                    id,
                    Pubkey::new_from_array([7; 32]),
                    Pubkey::new_from_array(array_of(id)),
                    terms,
                    255,
                )
            }
        })
        .collect();
    let positions = markets
        .iter()
        .take(3)
        .map(|market| {
            let position = Position {
                owner: Pubkey::new_from_array([9; 32]),
                market: pda::market(market.id),
                outcome: Side::Yes,
                amount: 2_500_000,
                claimed: false,
                bump: 254,
            };
            (market.id, position)
        })
        .collect();
    Chain {
        now,
        markets,
        positions,
        balances: None,
        round_trip_ms: 180,
    }
}

/// Distinct 32 bytes per id, for made-up addresses.
fn array_of(id: u64) -> [u8; 32] {
    let mut bytes = [0; 32];
    bytes[..8].copy_from_slice(&id.to_le_bytes());
    bytes
}
