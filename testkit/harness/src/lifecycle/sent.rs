//! What a lifecycle sent, in order: each transaction with the clock it was sent at, what the
//! model predicted of it, and what the model holds after it. A violation is written as a
//! timeline from this (`as_timeline`), so the record keeps the model's word, never the chain's.

use fulltime_client::proof_file::ProofFile;
use fulltime_client::txline::{ProvenStat, TxlineProof};
use settlement::state::Market;
use settlement::{MarketTerms, SettlementProof, Side, StatedOutcome};

use super::model::{Expected, MarketModel, Model, Totals};
use crate::SlotRoot;

#[derive(Clone, Debug)]
pub struct Sent {
    /// The model's clock when it was sent, unix seconds.
    pub at: i64,
    pub act: Act,
    pub expected: Expected,
    /// The model after it, as it assumes the transaction ended.
    pub after: After,
}

#[derive(Clone, Debug)]
pub enum Act {
    /// A market created on `terms`; `planted` when the chain was written instead, as a chain
    /// kept from before holds a market under a retired rule.
    Create {
        terms: MarketTerms,
        planted: bool,
    },
    Deposit {
        wallet: usize,
        market: usize,
        side: u8,
        amount: u64,
    },
    /// The oracle posted a batch's root.
    PostRoot(SlotRoot),
    Settle {
        market: usize,
        proof: SettleProof,
        stated: StatedAs,
    },
    Claim {
        wallet: usize,
        market: usize,
    },
    Refund {
        wallet: usize,
        market: usize,
    },
}

/// A settle's proof, in TxLINE's published shape when the instruction's argument has one.
#[derive(Clone, Debug)]
pub enum SettleProof {
    Published(Box<TxlineProof>),
    /// The instruction carries what no TxLINE proof gives (a forged second stat, two events'
    /// roots): why.
    Forged(&'static str),
}

/// The outcome a settler stated, as a timeline's settle says it.
#[derive(Clone, Copy, Debug)]
pub enum StatedAs {
    /// Left out: the one the client works out from the proof.
    Proven,
    /// `outcome = "yes"` or `"no"`: the client states it as this.
    Side(Side),
    /// A NO on the side of the threshold the client never states for this market and proof.
    Unsayable(StatedOutcome),
}

impl StatedAs {
    /// `stated` of `market` with `proof`, as a timeline can say it.
    pub(super) fn of(market: &Market, proof: &TxlineProof, stated: StatedOutcome) -> Self {
        let side = Side::from(stated);
        let file = ProofFile {
            name: String::new(),
            description: String::new(),
            kickoff: None,
            record: None,
            market: None,
            expected: None,
            proof: proof.clone(),
        };
        if file.outcome_stating(market, side) == stated {
            Self::Side(side)
        } else {
            Self::Unsayable(stated)
        }
    }
}

/// What the model holds after a transaction: the clock, each wallet's test USDC, and each
/// market's pool and where it stands.
#[derive(Clone, Debug)]
pub struct After {
    pub now: i64,
    pub balances: Vec<u64>,
    pub markets: Vec<MarketAfter>,
}

#[derive(Clone, Copy, Debug)]
pub struct MarketAfter {
    pub totals: Totals,
    pub close_time: i64,
    pub grace_ends_at: i64,
    /// The settled outcome and when its dispute window ends.
    pub settled: Option<(Side, i64)>,
}

impl After {
    pub(super) fn of(model: &Model) -> Self {
        Self {
            now: model.now,
            balances: model.balances.clone(),
            markets: model.markets.iter().map(MarketAfter::of).collect(),
        }
    }
}

impl MarketAfter {
    fn of(model: &MarketModel) -> Self {
        Self {
            totals: model.totals,
            close_time: model.close_time,
            grace_ends_at: model.grace_ends_at(),
            settled: model
                .settlement
                .as_ref()
                .map(|settlement| (settlement.outcome, settlement.dispute_ends_at)),
        }
    }
}

impl SettleProof {
    /// `proof` as TxLINE would publish it: the second stat's path made whole again from the
    /// siblings it shares with the first. Only when the client, writing that back as the
    /// instruction's argument, sends exactly `proof`: a second stat forged to claim other
    /// siblings than it shares is not something a TxLINE proof can say.
    pub(super) fn of(proof: &SettlementProof) -> Self {
        let stat_b = match &proof.stat_b {
            None => None,
            Some(second) => {
                let first = &proof.stat.stat_proof;
                let Some(from) = first.len().checked_sub(usize::from(second.shared)) else {
                    return Self::Forged("its second stat claims more siblings than the first has");
                };
                Some(ProvenStat {
                    stat: second.stat_to_prove,
                    path: second
                        .stat_proof
                        .iter()
                        .chain(&first[from..])
                        .cloned()
                        .collect(),
                })
            }
        };
        let published = TxlineProof {
            ts: proof.ts,
            fixture_summary: proof.fixture_summary,
            fixture_proof: proof.fixture_proof.clone(),
            main_tree_proof: proof.main_tree_proof.clone(),
            event_stat_root: proof.stat.event_stat_root,
            stat: ProvenStat {
                stat: proof.stat.stat_to_prove,
                path: proof.stat.stat_proof.clone(),
            },
            stat_b,
        };
        if published.to_settlement_proof() == *proof {
            Self::Published(Box::new(published))
        } else {
            Self::Forged(
                "its second stat claims other siblings than its path shares with the first",
            )
        }
    }
}
