//! The confirmation figure: `FulltimeClient::send` of a small transfer (blockhash, signing,
//! sending, confirming), confirmed by `signatureSubscribe` and by polling, taken in turns.

use std::time::Instant;

use anchor_lang::solana_program::system_instruction;
use color_eyre::eyre::Result;
use fulltime::Session;
use fulltime_client::rpc::FulltimeClient;
use solana_keypair::Keypair;
use solana_signer::Signer;

use crate::timing::{millis, percentile};

pub async fn measure(session: &Session, payer: &Keypair, count: u64) -> Result<()> {
    // The session's client, whose WebSocket stays open from one confirmation to the next, and
    // one of its own that polls.
    let by_subscription = session.client().await?;
    let by_polling = FulltimeClient::connect(session.endpoint()?)
        .await?
        .confirm_by_polling();
    let recipient = Keypair::new().pubkey();
    let mut subscribed = Vec::new();
    let mut polled = Vec::new();
    for turn in 0..count {
        for (client, times) in [
            (&*by_subscription, &mut subscribed),
            (&by_polling, &mut polled),
        ] {
            // Rent-exempt from the first, and each one different, so none is a duplicate.
            let lamports = 1_000_000 + 2 * turn + u64::from(times.len() % 2 == 1);
            let transfer = system_instruction::transfer(&payer.pubkey(), &recipient, lamports);
            let started = Instant::now();
            client.send(payer, &[transfer], &[]).await?;
            times.push(started.elapsed());
        }
    }
    subscribed.sort();
    polled.sort();
    println!(
        "a transfer sent and confirmed (FulltimeClient::send, {count} of each, in turns): by signatureSubscribe p50 {:.1} ms, p99 {:.1} ms; by polling p50 {:.1} ms, p99 {:.1} ms",
        millis(percentile(&subscribed, 50)),
        millis(percentile(&subscribed, 99)),
        millis(percentile(&polled, 50)),
        millis(percentile(&polled, 99)),
    );
    Ok(())
}
