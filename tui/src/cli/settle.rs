//! `settle`: resolving a market with a proof, from a file or fetched from TxLINE's API by
//! record, or replacing its provisional settlement with a later proof.

use fulltime_client::proof_file::ProofFile;
use fulltime_client::txline::api::RecordPick;

use super::acting;
use crate::actions::{self, RecordSettleOrder, SettleOrder};
use crate::args::SettleArgs;
use crate::error::Error;
use crate::output::receipt::settle::SettleReceipt;
use crate::session::Session;

pub async fn run(session: &Session, args: SettleArgs) -> Result<SettleReceipt, Error> {
    let force = args.checks.force;
    match args.proof {
        Some(path) => {
            let order = SettleOrder {
                market: args.id,
                proof_file: Box::new(ProofFile::load(&path)?),
                force,
            };
            acting(session, async |actor| {
                actions::settle(actor, order, None).await
            })
            .await
        }
        None => {
            let api = session.txline_api()?;
            let order = RecordSettleOrder {
                market: args.id,
                pick: args.seq.map_or(RecordPick::Finalised, RecordPick::Seq),
                force,
            };
            acting(session, async |actor| {
                actions::settle_by_record(actor, &api, order, None).await
            })
            .await
        }
    }
}
