//! The rules every step must leave true, read from the chain rather than from the file: each
//! market's vault holds its pools less what was paid out of it, no position is paid twice, a
//! resolved market pays at most its pool, and the clock never goes back.
//!
//! A resolved market's outcome is not checked against the value its proof proves: the market
//! records which proof it rests on (`settled_by`: batch, events root, event), not the value.

use fulltime_client::market_status::MarketStatus;
use fulltime_client::pda;
use fulltime_client::rpc::{AccountReader, CLOCK_SYSVAR, ClientError, FulltimeClient};
use fulltime_client::settlement::state::{Market, Position};
use fulltime_files::wallet_book::WalletName;
use solana_keypair::Address as Pubkey;

use super::play::Cast;
use crate::actions::payout::paid;
use crate::error::Error;
use crate::output::receipt::payout::PayoutKind;

pub const VAULT: &str = "the vault holds its pools less what was paid out of it";
pub const PAID_ONCE: &str = "no position is paid twice";
pub const AT_MOST_POOL: &str = "a resolved market pays at most its pool";
pub const CLOCK: &str = "the clock never goes back";

/// One market as the chain holds it after a step.
#[derive(Clone, Debug)]
pub struct MarketReading {
    pub label: String,
    pub market: Market,
    /// The test USDC in the market's vault.
    pub vault: u64,
    /// The positions the timeline's wallets hold in it, by wallet name.
    pub positions: Vec<(String, Position)>,
}

/// The chain after a step: its clock and every market the timeline created so far.
#[derive(Clone, Debug)]
pub struct Reading {
    pub clock: i64,
    pub markets: Vec<MarketReading>,
}

/// An invariant that does not hold: which, for which market (none for the clock), and what the
/// chain holds instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub invariant: &'static str,
    pub market: Option<String>,
    pub found: String,
}

/// Reads the clock, then every market of `cast`, their vaults and the positions the timeline's
/// deposits can have opened in them, each kind with `getMultipleAccounts` (a request per hundred
/// accounts), so a step at a thousand wallets in a hundred markets costs about a hundred
/// requests.
pub async fn read(client: &FulltimeClient, cast: &Cast) -> Result<Reading, Error> {
    read_from(client.into(), cast).await
}

/// The positions the timeline's deposits can have opened: by market index, wallet name and
/// address.
fn stakes<'a>(
    cast: &'a Cast,
    labels: &[&str],
    markets: &[Pubkey],
) -> Vec<(usize, &'a WalletName, Pubkey)> {
    labels
        .iter()
        .zip(markets)
        .enumerate()
        .flat_map(|(index, (label, market))| {
            cast.stakers(label)
                .map(move |(name, owner)| (index, name, pda::position(market, &owner)))
        })
        .collect()
}

/// The accounts [`read_from`] reads for `cast`, the clock with them, and each market's vault
/// where the program keeps it (a market names its own, which the reading checks): for a reader
/// that reads them at once with others.
pub fn addresses(cast: &Cast) -> Vec<Pubkey> {
    let (labels, ids): (Vec<&str>, Vec<u64>) = cast.markets().unzip();
    let markets: Vec<Pubkey> = ids.iter().map(|id| pda::market(*id)).collect();
    let vaults = markets.iter().map(pda::vault);
    let positions = stakes(cast, &labels, &markets)
        .into_iter()
        .map(|(_, _, address)| address);
    std::iter::once(CLOCK_SYSVAR)
        .chain(markets.iter().copied())
        .chain(vaults)
        .chain(positions)
        .collect()
}

/// [`read`], reading through `reader` (from the accounts it holds, where it does).
pub async fn read_from(reader: AccountReader<'_>, cast: &Cast) -> Result<Reading, Error> {
    let clock = reader.cluster_time().await?;
    let (labels, ids): (Vec<&str>, Vec<u64>) = cast.markets().unzip();
    let addresses: Vec<Pubkey> = ids.iter().map(|id| pda::market(*id)).collect();
    let markets = reader
        .accounts::<Market>(&addresses, "market")
        .await?
        .into_iter()
        .zip(&ids)
        .map(|(market, id)| market.ok_or(ClientError::MarketNotFound { id: *id }))
        .collect::<Result<Vec<_>, _>>()?;
    let vault_addresses: Vec<Pubkey> = markets.iter().map(|market| market.vault).collect();
    let vaults = reader
        .token_balances(&vault_addresses, "market vault")
        .await?;
    // Positions by market, then by wallet name: the wallets that deposit in each market.
    let stakes = stakes(cast, &labels, &addresses);
    let position_addresses: Vec<Pubkey> = stakes.iter().map(|(_, _, address)| *address).collect();
    let positions = reader
        .accounts::<Position>(&position_addresses, "position")
        .await?;
    let mut held: Vec<Vec<(String, Position)>> = vec![Vec::new(); markets.len()];
    for ((index, name, _), position) in stakes.iter().zip(positions) {
        if let (Some(held), Some(position)) = (held.get_mut(*index), position) {
            held.push((name.to_string(), position));
        }
    }
    let mut readings = Vec::with_capacity(markets.len());
    for (((label, market), vault), positions) in labels.iter().zip(markets).zip(vaults).zip(held) {
        let vault = vault.ok_or_else(|| ClientError::Decode {
            what: "market vault",
            address: market.vault,
            reason: "the vault has no token account".into(),
        })?;
        readings.push(MarketReading {
            label: (*label).to_owned(),
            market,
            vault,
            positions,
        });
    }
    Ok(Reading {
        clock,
        markets: readings,
    })
}

/// The first invariant `after` breaks, given `before`, the reading after the previous step.
pub fn first_broken(before: Option<&Reading>, after: &Reading) -> Option<Broken> {
    if let Some(before) = before
        && let Err(found) = clock_goes_forward(before.clock, after.clock)
    {
        return Some(Broken {
            invariant: CLOCK,
            market: None,
            found,
        });
    }
    after.markets.iter().find_map(|reading| {
        let earlier = before.and_then(|before| {
            before
                .markets
                .iter()
                .find(|earlier| earlier.label == reading.label)
        });
        // A second payment of a position also leaves the vault short: named as what it is.
        let checks: [(&'static str, Result<(), String>); 3] = [
            (
                PAID_ONCE,
                earlier.map_or(Ok(()), |earlier| paid_once(earlier, reading)),
            ),
            (VAULT, vault_holds_pools_less_paid(reading)),
            (AT_MOST_POOL, pays_at_most_pool(reading, after.clock)),
        ];
        checks.into_iter().find_map(|(invariant, held)| {
            held.err().map(|found| Broken {
                invariant,
                market: Some(reading.label.clone()),
                found,
            })
        })
    })
}

pub fn clock_goes_forward(before: i64, after: i64) -> Result<(), String> {
    if after < before {
        return Err(format!(
            "the clock reads {after} after reading {before} at the previous step"
        ));
    }
    Ok(())
}

/// What a position marked paid was paid, by the program's rules: a winner's share of a market
/// with winners, else its stake (a refund); a loser marked paid is an error.
fn paid_out(market: &Market, name: &str, position: &Position) -> Result<u64, String> {
    if !position.claimed {
        return Ok(0);
    }
    let kind = if market.settled && market.winning_total() > 0 {
        if position.outcome != market.outcome {
            return Err(format!(
                "{name}'s position on {} is marked paid, but {} won",
                position.outcome, market.outcome
            ));
        }
        PayoutKind::Claim
    } else {
        PayoutKind::Refund
    };
    paid(kind, market, position)
        .ok_or_else(|| format!("{name}'s payout overflows the program's rule"))
}

/// The test USDC paid out of the market so far: the sum of what its paid positions were paid.
fn paid_in_all(reading: &MarketReading) -> Result<u64, String> {
    reading
        .positions
        .iter()
        .try_fold(0u64, |total, (name, position)| {
            let paid = paid_out(&reading.market, name, position)?;
            total
                .checked_add(paid)
                .ok_or_else(|| "the payouts overflow u64".to_owned())
        })
}

pub fn vault_holds_pools_less_paid(reading: &MarketReading) -> Result<(), String> {
    let market = &reading.market;
    let pool = market
        .total_yes
        .checked_add(market.total_no)
        .ok_or_else(|| "its pools overflow u64".to_owned())?;
    let paid = paid_in_all(reading)?;
    let Some(expected) = pool.checked_sub(paid) else {
        return Err(format!("{paid} paid out of a pool of {pool}"));
    };
    if reading.vault != expected {
        return Err(format!(
            "the vault holds {}, the pools {pool} less {paid} paid out is {expected}",
            reading.vault
        ));
    }
    Ok(())
}

/// A position marked paid stays paid with its stake unchanged, and what left the vault during
/// the step is what the positions paid during it are owed.
pub fn paid_once(before: &MarketReading, after: &MarketReading) -> Result<(), String> {
    let mut newly_paid = Vec::new();
    for (name, position) in &after.positions {
        let earlier = before
            .positions
            .iter()
            .find(|(earlier, _)| earlier == name)
            .map(|(_, earlier)| earlier);
        match earlier {
            Some(earlier)
                if earlier.claimed && (!position.claimed || position.amount != earlier.amount) =>
            {
                return Err(format!(
                    "{name}'s position was paid at the previous step and now reads {} with a \
                     stake of {} (was {})",
                    if position.claimed { "paid" } else { "unpaid" },
                    position.amount,
                    earlier.amount
                ));
            }
            Some(earlier) if earlier.claimed => {}
            _ if position.claimed => newly_paid.push((name, position)),
            _ => {}
        }
    }
    let owed = newly_paid
        .iter()
        .try_fold(0i128, |total, (name, position)| {
            paid_out(&after.market, name, position).map(|paid| total + i128::from(paid))
        })?;
    let staked = |market: &Market| i128::from(market.total_yes) + i128::from(market.total_no);
    let left = i128::from(before.vault) + staked(&after.market)
        - staked(&before.market)
        - i128::from(after.vault);
    if left != owed {
        return Err(format!(
            "{left} left the vault during the step, the positions paid during it are owed {owed}"
        ));
    }
    Ok(())
}

/// Once a market is resolved with winners, what its winners are owed in all is at most the pool.
pub fn pays_at_most_pool(reading: &MarketReading, now: i64) -> Result<(), String> {
    let market = &reading.market;
    let MarketStatus::Resolved {
        outcome,
        refundable: false,
    } = MarketStatus::of(market, now)
    else {
        return Ok(());
    };
    let pool = u128::from(market.total_yes) + u128::from(market.total_no);
    let owed = reading
        .positions
        .iter()
        .filter(|(_, position)| position.outcome == outcome)
        .try_fold(0u128, |total, (name, position)| {
            paid(PayoutKind::Claim, market, position)
                .map(|payout| total + u128::from(payout))
                .ok_or_else(|| format!("{name}'s payout overflows the program's rule"))
        })?;
    if owed > pool {
        return Err(format!("its winners are owed {owed} of a pool of {pool}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use fulltime_client::side::Side;
    use fulltime_testkit::sample;

    use super::*;

    const CLOSE: i64 = 1_000;
    const FINAL: i64 = 2_000;

    /// YES 17 (alice 10, bob 7), NO 5 (carol), resolved YES at `FINAL`; its vault as deposited.
    fn resolved() -> MarketReading {
        let market = Market {
            total_yes: 17,
            total_no: 5,
            ..sample::settled(sample::market(CLOSE), Side::Yes, FINAL)
        };
        let position = |side, amount| sample::position(&market, side, amount);
        MarketReading {
            label: "home-over-1".into(),
            positions: vec![
                ("alice".into(), position(Side::Yes, 10)),
                ("bob".into(), position(Side::Yes, 7)),
                ("carol".into(), position(Side::No, 5)),
            ],
            vault: 22,
            market,
        }
    }

    /// `reading` after `name` was paid what the program pays it.
    fn paid_to(mut reading: MarketReading, name: &str, payout: u64) -> MarketReading {
        if let Some((_, position)) = reading.positions.iter_mut().find(|(n, _)| n == name) {
            position.claimed = true;
        }
        reading.vault -= payout;
        reading
    }

    #[test]
    fn the_vault_holds_the_pools_less_the_shares_and_refunds_paid() {
        // alice's share: 10 * 22 / 17 = 12, rounded down.
        let claimed = paid_to(resolved(), "alice", 12);
        assert_eq!(vault_holds_pools_less_paid(&claimed), Ok(()));
        let short = MarketReading {
            vault: 9,
            ..claimed.clone()
        };
        assert_eq!(
            vault_holds_pools_less_paid(&short),
            Err("the vault holds 9, the pools 22 less 12 paid out is 10".into())
        );
        // Unsettled past the grace period: a paid position was refunded its stake.
        let mut expired = resolved();
        expired.market.settled = false;
        assert_eq!(
            vault_holds_pools_less_paid(&paid_to(expired, "carol", 5)),
            Ok(())
        );
        // A loser marked paid is no payout the program makes.
        let loser = paid_to(resolved(), "carol", 0);
        assert_eq!(
            vault_holds_pools_less_paid(&loser),
            Err("carol's position on NO is marked paid, but YES won".into())
        );
    }

    #[test]
    fn a_paid_position_stays_paid_and_pays_nothing_more() {
        let before = paid_to(resolved(), "alice", 12);
        let then_bob = paid_to(before.clone(), "bob", 9);
        assert_eq!(paid_once(&before, &then_bob), Ok(()));
        // 9 left the vault, and no position was newly paid: someone was paid again.
        let again = MarketReading {
            vault: then_bob.vault,
            ..before.clone()
        };
        assert_eq!(
            paid_once(&before, &again),
            Err("9 left the vault during the step, the positions paid during it are owed 0".into())
        );
        // Her position no longer reads paid, so a claim would pay it again.
        let mut unmarked = then_bob;
        unmarked.positions[0].1.claimed = false;
        assert!(paid_once(&before, &unmarked).is_err_and(|found| found.starts_with("alice's")));
    }

    #[test]
    fn winners_are_owed_at_most_the_pool_once_resolved() {
        let reading = resolved();
        assert_eq!(pays_at_most_pool(&reading, FINAL), Ok(()));
        // A position the YES total does not count: 27 * 22 / 17 = 34 owed of a 22 pool.
        let mut overcounted = reading;
        overcounted.positions[0].1.amount = 20;
        assert_eq!(
            pays_at_most_pool(&overcounted, FINAL),
            Err("its winners are owed 34 of a pool of 22".into())
        );
        // Still provisional: nothing is owed yet.
        assert_eq!(pays_at_most_pool(&overcounted, FINAL - 1), Ok(()));
    }

    #[test]
    fn the_clock_may_stand_but_not_go_back() {
        assert_eq!(clock_goes_forward(FINAL, FINAL), Ok(()));
        assert_eq!(clock_goes_forward(FINAL, FINAL + 1), Ok(()));
        assert!(clock_goes_forward(FINAL, FINAL - 1).is_err());
    }

    #[test]
    fn the_first_broken_invariant_names_the_market() {
        let before = Reading {
            clock: FINAL,
            markets: vec![paid_to(resolved(), "alice", 12)],
        };
        let good = Reading {
            clock: FINAL + 1,
            markets: vec![paid_to(before.markets[0].clone(), "bob", 9)],
        };
        assert_eq!(first_broken(Some(&before), &good), None);
        let mut paid_twice = good.clone();
        paid_twice.markets[0].vault = 0;
        let broken = first_broken(Some(&before), &paid_twice).expect("broken");
        assert_eq!(
            (broken.invariant, broken.market.as_deref()),
            (PAID_ONCE, Some("home-over-1"))
        );
        let went_back = Reading {
            clock: FINAL - 1,
            ..good
        };
        let broken = first_broken(Some(&before), &went_back).expect("broken");
        assert_eq!((broken.invariant, broken.market), (CLOCK, None));
    }
}
