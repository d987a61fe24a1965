//! A mint answered while its transaction was sent but not confirmed: followed in the
//! background until its fate is known, holding the wallet's reservation meanwhile, so a retry
//! cannot mint a second time while the first transaction may still land.

use std::{sync::Arc, time::Duration};

use tracing::{Instrument, Span};

use crate::{
    cooldown::Reservation,
    mint::{Fate, Minter, Sent},
};

/// Bound on following one transaction. A blockhash expires after 150 blocks, about 60 to 90 s
/// on a live cluster, so a fate still unknown after this means the node cannot tell us (it is
/// unreachable, or the cluster stalled); the mint is then counted as landed.
pub const FOLLOW_LIMIT: Duration = Duration::from_secs(180);

/// Follows `sent` on a task of its own, then settles `reservation`: a confirmed mint, or one
/// whose fate is still unknown at [`FOLLOW_LIMIT`], starts the cooldown; a failed or expired
/// one frees the wallet.
pub fn spawn(minter: Arc<dyn Minter>, reservation: Reservation, sent: Sent) {
    let signature = sent.signature;
    let follow = async move {
        match tokio::time::timeout(FOLLOW_LIMIT, minter.follow(sent)).await {
            Ok(Fate::Confirmed) => {
                tracing::info!(%signature, "the unconfirmed mint landed; the cooldown starts");
                reservation.minted();
            }
            Ok(Fate::Failed(reason)) => {
                tracing::warn!(%signature, %reason, "the unconfirmed mint failed on chain; the wallet is free");
            }
            Ok(Fate::Expired) => {
                tracing::info!(%signature, "the unconfirmed mint expired; the wallet is free");
            }
            Err(_) => {
                tracing::warn!(%signature, limit = ?FOLLOW_LIMIT,
                    "the unconfirmed mint's fate is still unknown; counted as landed, the cooldown starts");
                reservation.minted();
            }
        }
    };
    tokio::spawn(follow.instrument(Span::current()));
}
