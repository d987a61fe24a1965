//! Every order the desk takes, one list: the command line builds them from arguments, the
//! dashboard from keys, the timeline engine from a file, and the recorder records them. [`run`]
//! carries one out as an actor and returns its [`Receipt`].

use fulltime_client::rpc::Standing;

use super::{
    Actor, BundleOrder, CreateOrder, DepositOrder, PayoutOrder, RecordSettleOrder, SettleOrder,
    WalletOrder,
};
use crate::error::Error;
use crate::input::When;
use crate::output::receipt::Receipt;

#[derive(Clone, Debug)]
pub enum Order {
    /// Test USDC for the wallet from the faucet at `url`.
    Faucet {
        url: String,
    },
    Deposit(DepositOrder),
    /// A settle with a proof file.
    Settle(SettleOrder),
    /// A settle with a proof fetched from the session's TxLINE API by record.
    SettleByRecord(RecordSettleOrder),
    /// A claim or a refund.
    Payout(PayoutOrder),
    /// Every payout and refund the wallet is owed.
    ClaimAll,
    Create(Box<CreateOrder>),
    /// Move localnet's clock forward.
    Warp {
        to: When,
    },
    NewWallet(WalletOrder),
    /// Save localnet's chain to `<state-dir>/snapshots/<name>.snapshot`.
    Snapshot {
        name: String,
    },
    Bundle(BundleOrder),
}

impl Order {
    /// The order in one word or two, as a failure says what was being done.
    pub fn doing(&self) -> &'static str {
        match self {
            Self::Faucet { .. } => "Faucet",
            Self::Deposit(_) => "Deposit",
            Self::Settle(_) | Self::SettleByRecord(_) => "Settle",
            Self::Payout(order) => order.kind.verb(),
            Self::ClaimAll => "Claim all",
            Self::Create(_) => "Create market",
            Self::Warp { .. } => "Warp",
            Self::NewWallet(_) => "New wallet",
            Self::Snapshot { .. } => "Snapshot",
            Self::Bundle(_) => "Bundle",
        }
    }
}

/// Carries `order` out as `actor`. `held` is what the face holds of the market and the wallet
/// (the dashboard's feed), so that a deposit, a settle or a payout reads nothing again; without
/// it they read what they check in one request.
pub async fn run(
    actor: &Actor<'_>,
    order: Order,
    held: Option<Standing>,
) -> Result<Receipt, Error> {
    Ok(match order {
        Order::Faucet { url } => super::faucet(actor, &url).await?.into(),
        Order::Deposit(order) => super::deposit(actor, order, held).await?.into(),
        Order::Settle(order) => super::settle(actor, order, held).await?.into(),
        Order::SettleByRecord(order) => super::settle_by_record(actor, order, held).await?.into(),
        Order::Payout(order) => super::pay_out(actor, order, held).await?.into(),
        Order::ClaimAll => super::claim_all(actor).await?.into(),
        Order::Create(order) => super::create_market(actor, *order).await?.into(),
        Order::Warp { to } => super::warp(actor, to).await?.into(),
        Order::NewWallet(order) => super::make_wallet(actor, order).await?.into(),
        Order::Snapshot { name } => super::save_snapshot(actor, &name).await?.into(),
        Order::Bundle(order) => super::save_bundle(actor, order).await?.into(),
    })
}
