//! A deposit, refused as the program refuses it, in the order it checks: the side's byte, the
//! minimum, a settled or closed market, the side a position is locked to.

use fulltime_client::proof_file::ExpectedError;
use fulltime_client::settlement::SettlementError;
use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::DepositSide;

use super::market::Position;
use super::{Model, Unmodelled, refused, unmodelled};

/// The smallest stake the program takes, 0.1 USDC.
pub const MIN_DEPOSIT: u64 = 100_000;

impl Model<'_> {
    pub(super) fn deposit(
        &mut self,
        wallet: &WalletName,
        label: &str,
        side: DepositSide,
        amount: u64,
    ) -> Result<Option<ExpectedError>, Unmodelled> {
        let side = match side {
            DepositSide::Side(side) => side,
            DepositSide::NotASide(_) => return Ok(refused(SettlementError::InvalidOutcome)),
        };
        let now = self.now;
        let balance = self.balance(wallet);
        let market = self.market_mut(label)?;
        let locked = market
            .positions
            .get(wallet)
            .is_some_and(|position| position.side != side);
        let refusal = if amount < MIN_DEPOSIT {
            Some(SettlementError::BelowMinimum)
        } else if market.settlement.is_some() {
            Some(SettlementError::MarketResolved)
        } else if now >= market.close {
            Some(SettlementError::MarketClosed)
        } else if locked {
            Some(SettlementError::OutcomeLocked)
        } else {
            None
        };
        if let Some(error) = refusal {
            return Ok(refused(error));
        }
        if amount > balance {
            return Err(unmodelled("a deposit beyond the wallet's USDC"));
        }
        let total = market
            .total_on(side)
            .checked_add(amount)
            .ok_or_else(|| unmodelled("a pool beyond u64"))?;
        *market.total_on_mut(side) = total;
        let position = market.positions.entry(wallet.clone()).or_insert(Position {
            side,
            stake: 0,
            paid: false,
        });
        position.stake = position.stake.saturating_add(amount);
        if let Some(held) = self.balances.get_mut(wallet) {
            *held = balance - amount;
        }
        Ok(None)
    }
}
