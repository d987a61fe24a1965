//! Paying out: a claim of a final winner's share, a refund where nobody won or nobody settled
//! in time, each refused as the program refuses it; a claim-all takes what each position is
//! owed.

use fulltime_client::proof_file::ExpectedError;
use fulltime_client::settlement::SettlementError;
use fulltime_files::wallet_book::WalletName;

use super::market::{MarketState, Position};
use super::{Model, Unmodelled, refused, unmodelled};

impl Model<'_> {
    pub(super) fn claim(
        &mut self,
        wallet: &WalletName,
        label: &str,
    ) -> Result<Option<ExpectedError>, Unmodelled> {
        let now = self.now;
        let (market, position) = self.staked(wallet, label, "a claim without a position")?;
        let Some(outcome) = market.final_outcome(now) else {
            return Ok(refused(SettlementError::NotResolved));
        };
        let refusal = if position.paid {
            Some(SettlementError::AlreadyClaimed)
        } else if market.total_on(outcome) == 0 {
            Some(SettlementError::NoWinners)
        } else if position.side != outcome {
            Some(SettlementError::NotAWinner)
        } else {
            None
        };
        if let Some(error) = refusal {
            return Ok(refused(error));
        }
        let share = market.share(position.stake, outcome, self.planted);
        self.pay(wallet, label, share)?;
        Ok(None)
    }

    pub(super) fn refund(
        &mut self,
        wallet: &WalletName,
        label: &str,
    ) -> Result<Option<ExpectedError>, Unmodelled> {
        let now = self.now;
        let (market, position) = self.staked(wallet, label, "a refund without a position")?;
        let refundable = match (&market.settlement, market.final_outcome(now)) {
            (Some(_), None) => return Ok(refused(SettlementError::NotResolved)),
            (Some(_), Some(outcome)) => market.total_on(outcome) == 0,
            (None, _) => now >= market.grace_ends_at(),
        };
        let refusal = if !refundable {
            Some(SettlementError::RefundUnavailable)
        } else if position.paid {
            Some(SettlementError::AlreadyClaimed)
        } else {
            None
        };
        if let Some(error) = refusal {
            return Ok(refused(error));
        }
        let stake = position.stake;
        self.pay(wallet, label, stake)?;
        Ok(None)
    }

    /// Every position of `wallet` paid what it is owed now; nothing owed is no failure.
    pub(super) fn claim_all(&mut self, wallet: &WalletName) -> Result<(), Unmodelled> {
        let now = self.now;
        let owed: Vec<(String, u64)> = self
            .markets
            .iter()
            .map(|(label, market)| (label.clone(), market.pays(wallet, now, self.planted)))
            .filter(|(_, owed)| *owed > 0)
            .collect();
        for (label, amount) in owed {
            self.pay(wallet, &label, amount)?;
        }
        Ok(())
    }

    /// The market labelled `label` and `wallet`'s position in it; `without` says what asking
    /// for a position nobody holds is, which the drawing never does.
    fn staked(
        &self,
        wallet: &WalletName,
        label: &str,
        without: &'static str,
    ) -> Result<(&MarketState, &Position), Unmodelled> {
        let market = self.market(label)?;
        let position = market
            .positions
            .get(wallet)
            .ok_or_else(|| unmodelled(without))?;
        Ok((market, position))
    }

    /// `amount` out of the market's vault to `wallet`, its position paid.
    fn pay(&mut self, wallet: &WalletName, label: &str, amount: u64) -> Result<(), Unmodelled> {
        if let Some(position) = self.market_mut(label)?.positions.get_mut(wallet) {
            position.paid = true;
        }
        self.credit(wallet, amount)
    }
}
