//! A step's actions split into waves that may be sent together. Consecutive actions join the
//! current wave unless one conflicts with an action already in it; a wave's actions run at once,
//! and the waves one after another, so each action still sees every earlier action it could
//! depend on.
//!
//! Two actions conflict when their order can change what either does:
//! - they share a wallet (a double claim, a deposit that spends what an earlier one left);
//! - they touch one market and not both are deposits, claims or refunds (those commute on-chain:
//!   a deposit needs an open market and a payout a resolved one, and neither moves the other's
//!   rule); a claim-all touches every market;
//! - both create (market ids come from one counter), both ask the faucet (its limits count
//!   requests in order), or either warps (the clock moves under everything).

use std::ops::Range;

use fulltime_files::wallet_book::WalletName;
use fulltime_matches::timeline::{Action, ActionKind};

/// The waves of `actions`, as ranges of their indices, in order and covering them all.
pub fn waves(actions: &[Action]) -> Vec<Range<usize>> {
    let mut waves: Vec<Range<usize>> = Vec::new();
    for (index, action) in actions.iter().enumerate() {
        let joins = waves.last().is_some_and(|wave| {
            actions[wave.clone()]
                .iter()
                .all(|earlier| !conflict(&earlier.kind, &action.kind))
        });
        match waves.last_mut() {
            Some(wave) if joins => wave.end = index + 1,
            _ => waves.push(index..index + 1),
        }
    }
    waves
}

/// What an action touches, for the conflict rule.
struct Touch<'a> {
    wallet: Option<&'a WalletName>,
    markets: Markets<'a>,
    kind: Kind,
}

enum Markets<'a> {
    None,
    One(&'a str),
    All,
}

#[derive(PartialEq, Eq)]
enum Kind {
    /// A deposit, claim, refund or claim-all: commutes with its like on one market.
    Stake,
    Create,
    Settle,
    Faucet,
    Warp,
    /// The oracle's root of a slot: what a settle in the step may need, and what a second
    /// post to the slot is judged against, so it keeps its place among them.
    PostRoot,
}

fn touch(kind: &ActionKind) -> Touch<'_> {
    let (wallet, markets, kind) = match kind {
        ActionKind::Deposit { wallet, market, .. }
        | ActionKind::Claim { wallet, market }
        | ActionKind::Refund { wallet, market } => {
            (Some(wallet), Markets::One(market), Kind::Stake)
        }
        ActionKind::ClaimAll { wallet } => (Some(wallet), Markets::All, Kind::Stake),
        ActionKind::Create { market } => (None, Markets::One(market), Kind::Create),
        ActionKind::Settle { market, .. } => (None, Markets::One(market), Kind::Settle),
        ActionKind::Faucet { wallet } => (Some(wallet), Markets::None, Kind::Faucet),
        ActionKind::Warp { .. } => (None, Markets::All, Kind::Warp),
        ActionKind::PostRoot { .. } => (None, Markets::All, Kind::PostRoot),
    };
    Touch {
        wallet,
        markets,
        kind,
    }
}

fn conflict(first: &ActionKind, second: &ActionKind) -> bool {
    let (first, second) = (touch(first), touch(second));
    let same_kind = |kind: Kind| first.kind == kind && second.kind == kind;
    if first.kind == Kind::Warp || second.kind == Kind::Warp {
        return true;
    }
    if first.wallet.is_some() && first.wallet == second.wallet {
        return true;
    }
    if same_kind(Kind::Create) || same_kind(Kind::Faucet) {
        return true;
    }
    let share_market = match (&first.markets, &second.markets) {
        (Markets::None, _) | (_, Markets::None) => false,
        (Markets::All, _) | (_, Markets::All) => true,
        (Markets::One(one), Markets::One(other)) => one == other,
    };
    share_market && !same_kind(Kind::Stake)
}

#[cfg(test)]
mod tests {
    use fulltime_client::side::Side;
    use fulltime_matches::timeline::SettleWith;

    use super::*;

    fn wallet(name: &str) -> WalletName {
        name.parse().expect("a wallet name")
    }

    fn action(kind: ActionKind) -> Action {
        Action {
            kind,
            fails: None,
            force: false,
        }
    }

    fn deposit(who: &str, market: &str) -> Action {
        action(ActionKind::Deposit {
            wallet: wallet(who),
            market: market.into(),
            side: Side::Yes.into(),
            usdc: 1,
        })
    }

    fn claim(who: &str, market: &str) -> Action {
        action(ActionKind::Claim {
            wallet: wallet(who),
            market: market.into(),
        })
    }

    fn settle(market: &str) -> Action {
        action(ActionKind::Settle {
            market: market.into(),
            with: SettleWith::Case("arsenal-home-goals-over-1".into()),
            stated: None,
        })
    }

    fn create(market: &str) -> Action {
        action(ActionKind::Create {
            market: market.into(),
        })
    }

    #[test]
    fn stakes_of_different_wallets_go_together_even_on_one_market() {
        let actions = [
            deposit("alice", "m"),
            deposit("bob", "m"),
            deposit("carol", "n"),
            claim("dave", "m"),
        ];
        assert_eq!(waves(&actions), vec![0..4]);
    }

    #[test]
    fn a_wallet_acts_once_a_wave_so_a_double_claim_stays_ordered() {
        let actions = [
            claim("alice", "m"),
            claim("bob", "m"),
            claim("alice", "m"),
            claim("carol", "m"),
        ];
        assert_eq!(waves(&actions), vec![0..2, 2..4]);
    }

    #[test]
    fn a_settlement_waits_for_its_market_and_not_for_others() {
        let actions = [
            deposit("alice", "m"),
            settle("n"),
            claim("bob", "n"),
            settle("m"),
        ];
        assert_eq!(waves(&actions), vec![0..2, 2..4]);
    }

    #[test]
    fn creates_go_one_at_a_time_and_a_warp_alone() {
        let warp = action(ActionKind::Warp { to: 1 });
        let actions = [
            create("m"),
            deposit("alice", "n"),
            create("o"),
            warp,
            deposit("bob", "o"),
        ];
        assert_eq!(waves(&actions), vec![0..2, 2..3, 3..4, 4..5]);
    }

    /// A root's posting keeps its place among the actions on markets: a settle after it may need
    /// its root, and a second post to its slot is judged against it.
    #[test]
    fn a_post_root_goes_before_what_follows_it_and_after_what_precedes_it() {
        let post = || {
            action(ActionKind::PostRoot {
                slot: 300,
                root: [1; 32],
            })
        };
        let actions = [deposit("alice", "m"), post(), settle("m"), post()];
        assert_eq!(waves(&actions), vec![0..1, 1..2, 2..3, 3..4]);
    }

    #[test]
    fn a_claim_all_waits_for_every_settlement_and_the_faucet_for_itself() {
        let claim_all = action(ActionKind::ClaimAll {
            wallet: wallet("alice"),
        });
        let faucet = |who: &str| {
            action(ActionKind::Faucet {
                wallet: wallet(who),
            })
        };
        let actions = [
            settle("m"),
            claim_all,
            deposit("bob", "n"),
            faucet("carol"),
            faucet("dave"),
        ];
        assert_eq!(waves(&actions), vec![0..1, 1..4, 4..5]);
    }
}
