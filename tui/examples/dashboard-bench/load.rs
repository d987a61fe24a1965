//! The list load figure: one full reading of `total` markets, as the dashboard takes when it
//! connects, five times through a proxy that counts its JSON-RPC requests.

use std::time::Instant;

use color_eyre::eyre::{Result, eyre};
use fulltime::dashboard::{Addresses, Chain, read};
use fulltime_client::cluster::Endpoint;
use fulltime_client::rpc::FulltimeClient;
use fulltime_testkit::proxy::CountingProxy;
use solana_keypair::Keypair;
use solana_signer::Signer;

use crate::timing::{millis, percentile};

/// The last reading, for the frame figure.
pub async fn measure(endpoint: &Endpoint, wallet: &Keypair, total: u64) -> Result<Chain> {
    let proxy = CountingProxy::start(&endpoint.rpc_url).await?;
    let mut counted = endpoint.clone();
    counted.rpc_url = proxy.url().to_owned();
    let counted = FulltimeClient::connect(counted).await?;
    let mut loads = Vec::new();
    let mut chain = None;
    let mut methods = Vec::new();
    for _ in 0..5 {
        proxy.take();
        let started = Instant::now();
        let reading = read(&counted, Some(wallet.pubkey()), &mut Addresses::default())
            .await
            .map_err(|failure| eyre!("reading the chain: {}", failure.reason))?;
        loads.push(started.elapsed());
        methods = proxy.take();
        chain = Some(reading);
    }
    let chain = chain.ok_or_else(|| eyre!("no reading"))?;
    loads.sort();
    println!(
        "dashboard list load, {} markets: median {:.1} ms, min {:.1} ms over {} readings; {} JSON-RPC requests per reading ({})",
        chain.markets.len(),
        millis(percentile(&loads, 50)),
        millis(loads[0]),
        loads.len(),
        methods.len(),
        methods.join(", ")
    );
    if u64::try_from(chain.markets.len()).unwrap_or(u64::MAX) < total {
        return Err(eyre!("the reading missed markets"));
    }
    Ok(chain)
}
