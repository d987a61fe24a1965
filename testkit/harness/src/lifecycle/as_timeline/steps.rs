//! Each transaction a lifecycle sent as one timeline step: its action, forced, with the model's
//! prediction as `fails`, then what the model holds after it as expectations.

use fulltime_client::errors::ErrorSource;
use fulltime_client::proof_file::{ExpectedError, ProofFile};
use fulltime_client::time::format_time;
use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::{
    Action, ActionKind, DepositSide, Expectation, Market, SettleWith, Stage, Step,
};

use super::Unwritable;
use crate::SlotRoot;
use crate::lifecycle::model::{Expected, Refusal};
use crate::lifecycle::sent::{Act, After, MarketAfter, Sent, SettleProof, StatedAs};

/// A stage is expected only this far from the market's close, dispute end and grace end: the
/// node's clock runs on with the wall clock between a step's transaction and the reading.
const STAGE_MARGIN_SECS: i64 = 20;

pub(super) fn wallet_name(number: usize) -> WalletName {
    format!("w{number}")
        .parse()
        .unwrap_or_else(|_| unreachable!("`w` and digits is a wallet name"))
}

fn market_label(number: usize) -> String {
    format!("m{number}")
}

/// The timeline so far.
pub(super) struct Steps<'a> {
    /// The folder of proof files, as the timeline names it.
    proofs_dir: &'a str,
    pub markets: Vec<Market>,
    pub steps: Vec<Step>,
    /// Each proof file's path as the timeline names it, and the file.
    pub proof_files: Vec<(String, ProofFile)>,
    pub left_out: Vec<String>,
    /// Markets created so far: the lifecycle's market numbers.
    created: usize,
}

impl<'a> Steps<'a> {
    pub fn new(proofs_dir: &'a str) -> Self {
        Self {
            proofs_dir,
            markets: Vec::new(),
            steps: Vec::new(),
            proof_files: Vec::new(),
            left_out: Vec::new(),
            created: 0,
        }
    }

    /// Adds transaction `index`; `failed` when it is the one that parted from the model, which
    /// must be written for the timeline to fail the same way.
    pub fn add(&mut self, index: usize, sent: &Sent, failed: bool) -> Result<(), Unwritable> {
        let fails = match fails(sent.expected) {
            Ok(fails) => fails,
            Err(why) if !failed => {
                self.left_out
                    .push(format!("transaction {index} ({}): {why}", what(&sent.act)));
                return Ok(());
            }
            Err(why) => return Err(unwritable(&sent.act, why)),
        };
        let step_index = self.steps.len();
        let (kind, name, expect) = match &sent.act {
            Act::Create { terms, planted } => {
                if *planted {
                    return Err(unwritable(
                        &sent.act,
                        "the market was planted under a retired rule, which only a chain kept \
                         from before holds",
                    ));
                }
                let label = match fails {
                    None => {
                        self.created += 1;
                        market_label(self.created - 1)
                    }
                    Some(_) => format!("refused-{index}"),
                };
                self.markets.push(Market {
                    label: label.clone(),
                    case: None,
                    terms: terms.clone(),
                    created_in: Some(step_index),
                });
                let expect = match fails {
                    None => market_expectations(self.created - 1, &sent.after),
                    Some(_) => Vec::new(),
                };
                (
                    ActionKind::Create {
                        market: label.clone(),
                    },
                    format!("create {label}"),
                    expect,
                )
            }
            &Act::Deposit {
                wallet,
                market,
                side,
                amount,
            } => (
                ActionKind::Deposit {
                    wallet: wallet_name(wallet),
                    market: market_label(market),
                    side: DepositSide::from(side),
                    usdc: amount,
                },
                format!("w{wallet} stakes on {}", market_label(market)),
                wallet_and_market(wallet, market, &sent.after),
            ),
            Act::PostRoot(root) => {
                let slot = slot_start(root);
                (
                    ActionKind::PostRoot {
                        slot,
                        root: root.root,
                    },
                    format!("the oracle posts the root of {}", format_time(slot)),
                    Vec::new(),
                )
            }
            Act::Settle {
                market,
                proof,
                stated,
            } => {
                let published = match proof {
                    SettleProof::Published(published) => published,
                    SettleProof::Forged(why) => return Err(unwritable(&sent.act, why)),
                };
                let stated = match stated {
                    StatedAs::Proven => None,
                    StatedAs::Side(side) => Some(*side),
                    StatedAs::Unsayable(stated) => {
                        return Err(unwritable(
                            &sent.act,
                            &format!(
                                "it states {stated:?}, a NO the client never states for this \
                                 market and proof"
                            ),
                        ));
                    }
                };
                let name = format!("settle-{index}");
                let file = format!("{}/{name}.json", self.proofs_dir);
                let proof_file = ProofFile {
                    description: format!(
                        "The proof a `just soak` lifecycle settled {} with (transaction {index}).",
                        market_label(*market)
                    ),
                    name,
                    kickoff: None,
                    record: None,
                    market: None,
                    expected: None,
                    proof: (**published).clone(),
                };
                self.proof_files.push((file.clone(), proof_file.clone()));
                (
                    ActionKind::Settle {
                        market: market_label(*market),
                        with: SettleWith::File {
                            file,
                            proof: Box::new(proof_file),
                        },
                        stated,
                    },
                    format!("settle {}", market_label(*market)),
                    market_expectations(*market, &sent.after),
                )
            }
            &Act::Claim { wallet, market } => (
                ActionKind::Claim {
                    wallet: wallet_name(wallet),
                    market: market_label(market),
                },
                format!("w{wallet} claims from {}", market_label(market)),
                wallet_and_market(wallet, market, &sent.after),
            ),
            &Act::Refund { wallet, market } => (
                ActionKind::Refund {
                    wallet: wallet_name(wallet),
                    market: market_label(market),
                },
                format!("w{wallet} takes a refund from {}", market_label(market)),
                wallet_and_market(wallet, market, &sent.after),
            ),
        };
        // Only a settle, a claim, a refund, a deposit and a create take `force`.
        let force = !matches!(kind, ActionKind::PostRoot { .. });
        self.steps.push(Step {
            name: format!("{index}: {name}"),
            at: sent.at,
            actions: vec![Action { kind, fails, force }],
            expect,
        });
        Ok(())
    }
}

/// The error a prediction names as a timeline's `fails`; `Err` for one no timeline can name.
fn fails(expected: Expected) -> Result<Option<ExpectedError>, &'static str> {
    let refusal = match expected {
        Expected::Done(_) => return Ok(None),
        Expected::Refused(refusal) => refusal,
    };
    Ok(Some(match refusal {
        Refusal::Settlement(error) => ExpectedError::from(error),
        Refusal::Oracle(error) => ExpectedError::from(error),
        Refusal::InsufficientFunds => ExpectedError {
            program: ErrorSource::Token,
            name: "InsufficientFunds".into(),
            code: anchor_spl::token::spl_token::error::TokenError::InsufficientFunds as u32,
        },
        Refusal::PositionMissing => {
            return Err(
                "Anchor refuses it (no position account) before the program runs, an error no \
                 timeline names",
            );
        }
    }))
}

fn unwritable(act: &Act, why: &str) -> Unwritable {
    Unwritable::Act {
        what: what(act),
        why: why.to_owned(),
    }
}

/// An act in a few words, for what is left out or cannot be written.
fn what(act: &Act) -> String {
    match act {
        Act::Create { .. } => "a create".into(),
        Act::Deposit { wallet, market, .. } => {
            format!("wallet {wallet}'s deposit on market {market}")
        }
        Act::PostRoot(_) => "a root posted".into(),
        Act::Settle { market, .. } => format!("a settle of market {market}"),
        Act::Claim { wallet, market } => format!("wallet {wallet}'s claim on market {market}"),
        Act::Refund { wallet, market } => format!("wallet {wallet}'s refund from market {market}"),
    }
}

/// The start of a root's five-minute slot, unix seconds.
fn slot_start(root: &SlotRoot) -> i64 {
    const DAY_SECS: i64 = 86_400;
    let minutes = i64::from(root.hour_of_day) * 60 + i64::from(root.minute_of_hour);
    i64::from(root.epoch_day) * DAY_SECS + minutes * 60
}

/// The wallet's test USDC, then the market's pool and stage.
fn wallet_and_market(wallet: usize, market: usize, after: &After) -> Vec<Expectation> {
    let mut expect = Vec::new();
    if let Some(&usdc) = after.balances.get(wallet) {
        expect.push(Expectation::Balance {
            wallet: wallet_name(wallet),
            usdc,
        });
    }
    expect.extend(market_expectations(market, after));
    expect
}

/// The market's pool, and its stage where the node's running clock cannot carry it over a
/// deadline before it is read.
fn market_expectations(market: usize, after: &After) -> Vec<Expectation> {
    let Some(model) = after.markets.get(market) else {
        return Vec::new();
    };
    let label = market_label(market);
    let mut expect = vec![Expectation::Pool {
        market: label.clone(),
        yes: model.totals.yes,
        no: model.totals.no,
    }];
    if let Some(stage) = stage_clear_of_deadlines(model, after.now) {
        expect.push(Expectation::Stage {
            market: label,
            stage,
        });
    }
    expect
}

/// Where the market stands at `now`, by the program's rules; `None` near a deadline.
fn stage_clear_of_deadlines(model: &MarketAfter, now: i64) -> Option<Stage> {
    let deadlines = [
        Some(model.close_time),
        Some(model.grace_ends_at),
        model.settled.map(|(_, ends)| ends),
    ];
    if deadlines
        .iter()
        .flatten()
        .any(|&deadline| now.abs_diff(deadline) < STAGE_MARGIN_SECS.unsigned_abs())
    {
        return None;
    }
    Some(match model.settled {
        Some((outcome, ends)) if now < ends => Stage::Provisional(outcome),
        Some((outcome, _)) => Stage::Resolved(outcome),
        None if now < model.close_time => Stage::Open,
        None if now >= model.grace_ends_at => Stage::Expired,
        None => Stage::Closed,
    })
}
