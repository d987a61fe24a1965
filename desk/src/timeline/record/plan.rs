//! A hand action planned as a step before the chain is read: the file's action for it, the
//! step's name, and the expectations whose values the chain then fills in.

use fulltime_client::amount::format_usdc;
use fulltime_client::side::Side;
use fulltime_matches::timeline::{ActionKind, Expectation, SettleWith, Stage};

use super::Recorder;
use super::error::RecordError;
use super::made::{Made, settled_with};
use crate::actions::Order;
use crate::output::receipt::Landed;
use crate::output::receipt::payout::PayoutKind;

/// A recorded step before the chain is read: its action, its name, and what to read after it.
pub struct Planned {
    pub action: Option<ActionKind>,
    pub force: bool,
    pub said: String,
    /// Expectations whose values the chain fills in.
    pub reads: Vec<Expectation>,
}

impl Planned {
    /// A step that sends `action`.
    fn sending(action: ActionKind, force: bool, said: String, reads: Vec<Expectation>) -> Self {
        Self {
            action: Some(action),
            force,
            said,
            reads,
        }
    }

    /// A step with no action of its own, only what to read after it.
    fn reading(said: String, reads: Vec<Expectation>) -> Self {
        Self {
            action: None,
            force: false,
            said,
            reads,
        }
    }
}

impl Recorder {
    /// The file's action for `made` (none for a warp, whose step's time is where it landed, nor
    /// for a new wallet, there from the start), its step's name and what to read after it.
    pub(super) fn plan(&mut self, made: &Made) -> Result<Planned, RecordError> {
        let wallet = made.wallet.clone();
        let balance = Expectation::Balance {
            wallet: wallet.clone(),
            usdc: 0,
        };
        let not_a_step = || RecordError::NotAStep(made.order.doing());
        Ok(match &made.order {
            Order::Deposit(order) => {
                let side = Side::try_from(order.outcome).map_err(|_| not_a_step())?;
                let (usdc, market) = (order.amount, self.market_label(order.market)?);
                let said = format!(
                    "{wallet} deposits {} on {side} in {market}",
                    format_usdc(usdc)
                );
                let reads = with_market(vec![balance], &market);
                let action = ActionKind::Deposit {
                    wallet,
                    market,
                    side: side.into(),
                    usdc,
                };
                Planned::sending(action, order.force, said, reads)
            }
            Order::Settle(order) => {
                let with = settled_with(order);
                self.plan_settle(order.market, &with, order.stated, order.force)?
            }
            Order::SettleByRecord(order) => {
                let with = SettleWith::Record(order.pick);
                self.plan_settle(order.market, &with, order.stated, order.force)?
            }
            Order::Payout(order) => {
                let market = self.market_label(order.market)?;
                let reads = with_market(vec![balance], &market);
                let (action, said) = match order.kind {
                    PayoutKind::Claim => {
                        let said = format!("{wallet} claims from {market}");
                        (ActionKind::Claim { wallet, market }, said)
                    }
                    PayoutKind::Refund => {
                        let said = format!("{wallet} takes a refund from {market}");
                        (ActionKind::Refund { wallet, market }, said)
                    }
                };
                Planned::sending(action, order.force, said, reads)
            }
            Order::ClaimAll => {
                let said = format!("{wallet} claims all");
                Planned::sending(ActionKind::ClaimAll { wallet }, false, said, vec![balance])
            }
            Order::Faucet { .. } => {
                let said = format!("{wallet} asks the faucet");
                Planned::sending(ActionKind::Faucet { wallet }, false, said, vec![balance])
            }
            Order::Create(order) => {
                let id = match made.landed {
                    Landed::Market(id) => Some(id),
                    _ => None,
                };
                self.plan_new_market(id, order.force)
            }
            Order::Warp { .. } => self.plan_warp(made.clock),
            Order::NewWallet(_) => Planned::reading(format!("{wallet} is made"), vec![balance]),
            Order::Snapshot { .. } | Order::Bundle(_) => return Err(not_a_step()),
        })
    }

    /// A settlement, by the desk: with a proof file of the catalog, or by record from TxLINE;
    /// stating `stated` when the order named a side.
    fn plan_settle(
        &mut self,
        market: u64,
        with: &SettleWith,
        stated: Option<Side>,
        force: bool,
    ) -> Result<Planned, RecordError> {
        let market = self.market_label(market)?;
        let mut said = match with {
            SettleWith::Case(proof) => format!("settle {market} with {proof}"),
            SettleWith::Record(_) => format!("settle {market} from TxLINE"),
            SettleWith::File { file, .. } => format!("settle {market} with {file}"),
        };
        if let Some(side) = stated {
            said = format!("{said}, stating {side}");
        }
        let reads = with_market(Vec::new(), &market);
        let action = ActionKind::Settle {
            market,
            with: with.clone(),
            stated,
        };
        Ok(Planned::sending(action, force, said, reads))
    }

    /// A market's creation, by the desk: labelled by its id when it was created, else a label
    /// of its own that nothing reads.
    fn plan_new_market(&mut self, id: Option<u64>, force: bool) -> Planned {
        let (label, reads) = match id {
            Some(id) => {
                let label = self.label_for(id);
                self.touched.insert(label.clone());
                let reads = with_market(Vec::new(), &label);
                (label, reads)
            }
            None => (format!("refused-market-{}", self.recorded + 1), Vec::new()),
        };
        let said = format!("create {label}");
        Planned::sending(ActionKind::Create { market: label }, force, said, reads)
    }

    /// A warp: its step's time is where it landed, and it reads the stage of every market
    /// recorded so far.
    fn plan_warp(&self, clock: i64) -> Planned {
        Planned::reading(
            format!("warp to {}", crate::input::format_time(clock)),
            self.touched
                .iter()
                .map(|market| stage_read(market))
                .collect(),
        )
    }
}

fn stage_read(market: &str) -> Expectation {
    Expectation::Stage {
        market: market.to_owned(),
        stage: Stage::Open,
    }
}

/// `reads` and then the market's stage and pool.
fn with_market(mut reads: Vec<Expectation>, market: &str) -> Vec<Expectation> {
    reads.push(stage_read(market));
    reads.push(Expectation::Pool {
        market: market.to_owned(),
        yes: 0,
        no: 0,
    });
    reads
}
