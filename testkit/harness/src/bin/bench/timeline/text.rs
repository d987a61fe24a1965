//! The QA-scale match day as a timeline file's text: a thousand wallets, a hundred markets on one
//! demo match, ten thousand deposits (each wallet in ten markets, a third of them on NO, as the
//! QA-scale step stakes), every market settled with the match's proof case, every winning
//! position claimed and each loser's claim on its first market refused with `NotAWinner`; the
//! pools, the stages and every wallet's test USDC expected after each step, worked out here from
//! the program's rule.

use std::fmt::Write as _;

use fulltime_client::side::Side;

use crate::qa_scale::{
    MARKETS, MARKETS_PER_WALLET, PROOF_FILE, WALLET_USDC, WALLETS, market_of, side_of, stake,
};

type Failure = Box<dyn std::error::Error>;

fn wallet(index: usize) -> String {
    format!("w{index:04}")
}

fn market(index: usize) -> String {
    format!("m{index:03}")
}

/// Base units as the decimal text a timeline takes: `1.000123`.
fn usdc(units: u64) -> String {
    format!("{}.{:06}", units / 1_000_000, units % 1_000_000)
}

/// The stakes as the program will hold them: by market, each wallet's stake and side.
struct Pools {
    stakes: Vec<Vec<(usize, u64)>>,
    yes: Vec<u64>,
    no: Vec<u64>,
}

impl Pools {
    fn of_every_deposit() -> Result<Self, Failure> {
        let mut pools = Self {
            stakes: vec![Vec::new(); MARKETS],
            yes: vec![0; MARKETS],
            no: vec![0; MARKETS],
        };
        for round in 0..MARKETS_PER_WALLET {
            for index in 0..WALLETS {
                let market = market_of(index, round);
                let side = match side_of(index) {
                    Side::Yes => &mut pools.yes[market],
                    Side::No => &mut pools.no[market],
                };
                *side = side
                    .checked_add(stake(index, round))
                    .ok_or("a pool overflows")?;
                pools.stakes[market].push((index, stake(index, round)));
            }
        }
        Ok(pools)
    }

    /// A YES winner's payout in `market`: stake times pool over the YES total, rounded down.
    fn payout(&self, market: usize, stake: u64) -> Result<u64, Failure> {
        let pool = u128::from(self.yes[market]) + u128::from(self.no[market]);
        let share = u128::from(stake) * pool / u128::from(self.yes[market]);
        Ok(u64::try_from(share)?)
    }
}

/// Each wallet's test USDC as the steps leave it: after its stakes, and after its claims.
struct Held {
    after_stakes: Vec<u64>,
    after_claims: Vec<u64>,
}

impl Held {
    fn of(pools: &Pools) -> Result<Self, Failure> {
        let mut staked = vec![0u64; WALLETS];
        let mut paid = vec![0u64; WALLETS];
        let overflow = || "a wallet's stakes or payouts overflow";
        for (market, stakes) in pools.stakes.iter().enumerate() {
            for (index, stake) in stakes {
                staked[*index] = staked[*index].checked_add(*stake).ok_or_else(overflow)?;
                if side_of(*index) == Side::Yes {
                    let payout = pools.payout(market, *stake)?;
                    paid[*index] = paid[*index].checked_add(payout).ok_or_else(overflow)?;
                }
            }
        }
        let after_stakes: Vec<u64> = staked
            .iter()
            .map(|staked| WALLET_USDC.checked_sub(*staked).ok_or_else(overflow))
            .collect::<Result<_, _>>()?;
        let after_claims: Vec<u64> = after_stakes
            .iter()
            .zip(&paid)
            .map(|(left, paid)| left.checked_add(*paid).ok_or_else(overflow))
            .collect::<Result<_, _>>()?;
        Ok(Self {
            after_stakes,
            after_claims,
        })
    }
}

/// The timeline file's text.
pub fn timeline_text() -> Result<String, Failure> {
    let pools = Pools::of_every_deposit()?;
    let held = Held::of(&pools)?;
    let mut text = String::new();
    write_wallets_and_markets(&mut text)?;
    write_stakes_step(&mut text, &pools, &held.after_stakes)?;
    write_settle_step(&mut text)?;
    write_claims_step(&mut text, &held.after_claims)?;
    Ok(text)
}

/// The match, every wallet with its test USDC, and every market on the match's proof case.
fn write_wallets_and_markets(text: &mut String) -> Result<(), Failure> {
    writeln!(text, "match = \"{PROOF_FILE}\"\n\n[wallets]")?;
    for index in 0..WALLETS {
        writeln!(
            text,
            "{} = {{ sol = 1, usdc = \"{}\" }}",
            wallet(index),
            usdc(WALLET_USDC)
        )?;
    }
    for index in 0..MARKETS {
        writeln!(
            text,
            "\n[markets.{}]\ncase = \"{PROOF_FILE}\"\ndispute_window = \"60s\"",
            market(index)
        )?;
    }
    Ok(())
}

/// Every deposit before kickoff; then every market's pools and every wallet's test USDC.
fn write_stakes_step(
    text: &mut String,
    pools: &Pools,
    after_stakes: &[u64],
) -> Result<(), Failure> {
    // Round after round, so that a wave holds a deposit of every wallet.
    text.push_str("\n[[step]]\nname = \"stakes\"\nat = \"kickoff - 30m\"\ndo = [\n");
    for round in 0..MARKETS_PER_WALLET {
        for index in 0..WALLETS {
            let side = match side_of(index) {
                Side::Yes => "yes",
                Side::No => "no",
            };
            writeln!(
                text,
                "    {{ deposit = {{ wallet = \"{}\", market = \"{}\", side = \"{side}\", usdc = \"{}\" }} }},",
                wallet(index),
                market(market_of(index, round)),
                usdc(stake(index, round))
            )?;
        }
    }
    text.push_str("]\nexpect = [\n");
    for index in 0..MARKETS {
        writeln!(
            text,
            "    {{ market = \"{}\", pool = {{ yes = \"{}\", no = \"{}\" }} }},",
            market(index),
            usdc(pools.yes[index]),
            usdc(pools.no[index])
        )?;
    }
    text.push_str(&balance_expectations(after_stakes));
    text.push_str("]\n");
    Ok(())
}

/// Every market settled with the match's proof case, and then provisional on YES.
fn write_settle_step(text: &mut String) -> Result<(), Failure> {
    text.push_str("\n[[step]]\nname = \"settle\"\nat = \"result + 1s\"\ndo = [\n");
    for index in 0..MARKETS {
        writeln!(
            text,
            "    {{ settle = {{ market = \"{}\", proof = \"{PROOF_FILE}\" }} }},",
            market(index)
        )?;
    }
    text.push_str("]\nexpect = [\n");
    text.push_str(&stage_expectations("provisional"));
    text.push_str("]\n");
    Ok(())
}

/// Past the dispute window: every winner claims, each loser's claim on its first market is
/// refused; then every market is resolved and every wallet holds what it was paid.
fn write_claims_step(text: &mut String, after_claims: &[u64]) -> Result<(), Failure> {
    text.push_str("\n[[step]]\nname = \"claims\"\nat = \"+61s\"\ndo = [\n");
    for round in 0..MARKETS_PER_WALLET {
        for index in 0..WALLETS {
            let claim = format!(
                "wallet = \"{}\", market = \"{}\"",
                wallet(index),
                market(market_of(index, round))
            );
            match side_of(index) {
                Side::Yes => writeln!(text, "    {{ claim = {{ {claim} }} }},")?,
                Side::No if round == 0 => writeln!(
                    text,
                    "    {{ claim = {{ {claim}, fails = \"NotAWinner\" }} }},"
                )?,
                Side::No => {}
            }
        }
    }
    text.push_str("]\nexpect = [\n");
    text.push_str(&stage_expectations("resolved"));
    text.push_str(&balance_expectations(after_claims));
    text.push_str("]\n");
    Ok(())
}

/// An expectation of each wallet's test USDC, `held` by wallet index.
fn balance_expectations(held: &[u64]) -> String {
    held.iter()
        .enumerate()
        .map(|(index, held)| {
            format!(
                "    {{ wallet = \"{}\", usdc = \"{}\" }},\n",
                wallet(index),
                usdc(*held)
            )
        })
        .collect()
}

/// An expectation that every market is at `stage`, on YES.
fn stage_expectations(stage: &str) -> String {
    (0..MARKETS)
        .map(|index| {
            format!(
                "    {{ market = \"{}\", stage = \"{stage}\", outcome = \"yes\" }},\n",
                market(index)
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use fulltime_matches::timeline::{ActionKind, SettleWith, Timeline};

    use super::*;

    fn generated() -> Timeline {
        let text = timeline_text().expect("a timeline");
        fulltime_matches::timeline::parse(&text, Path::new("bench.toml"))
            .expect("the generated timeline loads")
    }

    #[test]
    fn the_generated_timeline_loads_and_holds_every_deposit() {
        let timeline = generated();
        assert_eq!(timeline.wallets.len(), WALLETS);
        assert_eq!(timeline.markets.len(), MARKETS);
        assert_eq!(
            timeline.steps[0].actions.len(),
            WALLETS * MARKETS_PER_WALLET
        );
    }

    /// The bench plays it with no faucet and no TxLINE API beside its node.
    #[test]
    fn the_generated_timeline_asks_no_faucet_and_settles_from_proof_cases() {
        let timeline = generated();
        let actions = timeline.steps.iter().flat_map(|step| &step.actions);
        for action in actions {
            assert!(
                !matches!(
                    action.kind,
                    ActionKind::Faucet { .. }
                        | ActionKind::Settle {
                            with: SettleWith::Record(_),
                            ..
                        }
                ),
                "{:?} needs a faucet or a TxLINE API",
                action.kind
            );
        }
    }
}
