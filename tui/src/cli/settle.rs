//! `settle`: resolving a market with a proof, from a file or fetched from TxLINE's API by
//! record, or replacing its provisional settlement with a later proof.

use fulltime_client::proof_file::ProofFile;
use fulltime_client::txline::api::RecordPick;

use crate::args::SettleArgs;
use fulltime_desk::actions::{Order, RecordSettleOrder, SettleOrder};
use fulltime_desk::error::Error;

/// The settle `args` describe: with the proof file they name, else by record from the
/// session's TxLINE API.
pub fn order(args: SettleArgs) -> Result<Order, Error> {
    let force = args.checks.force;
    Ok(match args.proof {
        Some(path) => {
            let order = SettleOrder {
                market: args.id,
                proof_file: Box::new(ProofFile::load(&path)?),
                stated: None,
                force,
            };
            Order::Settle(order)
        }
        None => {
            let order = RecordSettleOrder {
                market: args.id,
                pick: args.seq.map_or(RecordPick::Finalised, RecordPick::Seq),
                stated: None,
                force,
            };
            Order::SettleByRecord(order)
        }
    })
}
