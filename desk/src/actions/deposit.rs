//! Staking test USDC on one side of a market: the program's refusals in its order, the send, and
//! a receipt from the program's own arithmetic on what the market and the wallet held before, so
//! that nothing is read back.

use fulltime_client::rpc::{Standing, check_balance};
use fulltime_client::settlement::SettlementError;
use fulltime_client::settlement::state::{Market, Position};
use fulltime_client::side::Side;
use fulltime_client::validate::{check_amount, check_deposit_market, check_outcome};
use fulltime_client::{instructions, pda};

use super::{Actor, Refusal};
use crate::error::Error;
use crate::output::market::MarketView;
use crate::output::position::PositionView;
use crate::output::receipt::deposit::DepositReceipt;
use crate::output::receipt::{TransactionLink, UsdcChange};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DepositOrder {
    pub market: u64,
    /// The side as the instruction carries it: a byte, which `--force` sends even when it is no
    /// side, for the program to answer `InvalidOutcome`.
    pub outcome: u8,
    /// Base units of test USDC.
    pub amount: u64,
    /// Send it without the checks.
    pub force: bool,
}

/// The program's refusals of `order` into `market` at cluster time `now`, of a wallet holding
/// `position` there and `usdc` test USDC, the first it would name: the outcome, the amount, the
/// market's state ([`check_deposit_market`]), the balance, an overflow. Without a test USDC account the
/// balance is not judged: that refusal names the account, which [`deposit`] knows.
pub fn check(
    order: &DepositOrder,
    market: &Market,
    position: Option<&Position>,
    usdc: Option<u64>,
    now: i64,
) -> Result<(), Refusal> {
    check_outcome(order.outcome)?;
    check_amount(order.amount)?;
    check_deposit_market(order.outcome, market, position, now)?;
    if let Some(held) = usdc {
        check_balance(held, order.amount)?;
    }
    match staked(order, market, position) {
        Some(_) => Ok(()),
        None => Err(SettlementError::Overflow.into()),
    }
}

/// The market and the position's stake after `order`, by the program's arithmetic; `None` where
/// it refuses (an outcome that is no side, an overflow).
pub fn staked(
    order: &DepositOrder,
    market: &Market,
    position: Option<&Position>,
) -> Option<(Market, u64)> {
    let mut after = market.clone();
    after
        .add_stake(Side::try_from(order.outcome).ok()?, order.amount)
        .ok()?;
    let stake = position
        .map_or(0, |position| position.amount)
        .checked_add(order.amount)?;
    Some((after, stake))
}

/// Deposits as `order` says, checked against `held` (what the caller knows of the market and the
/// wallet, as the dashboard's feed does) or what it reads (one request) unless `order.force`.
pub async fn deposit(
    actor: &Actor<'_>,
    order: DepositOrder,
    held: Option<Standing>,
) -> Result<DepositReceipt, Error> {
    let signing = actor.signing().await?;
    let owner = signing.address();
    let mint = signing.client.usdc_mint();
    let before = signing.standing(order.market, held).await?;
    if !order.force {
        check(
            &order,
            &before.market,
            before.position.as_ref(),
            before.usdc,
            before.now,
        )?;
        if before.usdc.is_none() {
            return Err(Refusal::NoUsdcAccount {
                wallet: owner,
                mint,
            }
            .into());
        }
    }
    let instruction = instructions::deposit(
        owner,
        mint,
        pda::market(order.market),
        order.outcome,
        order.amount,
    );
    let signature = signing.send(instruction).await?;
    // The program took it, so its arithmetic holds; were it to differ, the chain says.
    let left = before.usdc.and_then(|usdc| usdc.checked_sub(order.amount));
    let (market, stake, usdc_after) = match (
        staked(&order, &before.market, before.position.as_ref()),
        left,
    ) {
        (Some((market, stake)), Some(left)) => (market, stake, left),
        _ => {
            let after = signing.standing(order.market, None).await?;
            let stake = after.position.map_or(0, |position| position.amount);
            (after.market, stake, after.usdc.unwrap_or(0))
        }
    };
    // The program took the deposit, so its byte names a side.
    let side = Side::try_from(order.outcome).unwrap_or(Side::No);
    Ok(DepositReceipt {
        amount: order.amount,
        usdc: UsdcChange {
            before: before.usdc.unwrap_or(0),
            after: usdc_after,
        },
        position: PositionView {
            market_id: Some(order.market),
            market: pda::market(order.market).to_string(),
            owner: owner.to_string(),
            outcome: before
                .position
                .as_ref()
                .filter(|position| position.amount > 0)
                .map_or(side, |position| position.outcome),
            amount: stake,
            claimed: false,
        },
        market: MarketView::new(&market, before.now),
        transaction: TransactionLink::new(signing.client.endpoint(), &signature),
        side,
    })
}
