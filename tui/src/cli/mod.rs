//! The command line's face: one subcommand, carried out in the session and printed as text or
//! JSON; one file per group of subcommands. The arguments are parsed in `args/`; what changes
//! something is an order of `actions/`, which a file here builds from the arguments and [`run`]
//! hands to `actions::run`; the results are the types of `output/`.

mod create_market;
mod deposit;
mod emit;
mod markets;
mod settle;
mod snapshot;
mod txline;
mod wallet;
mod wallet_book;

pub use emit::emit;

use crate::args::{
    BundleCommand, BundleSaveArgs, Command, ProofCommand, SnapshotCommand, TimelineCommand,
    TxlineCommand, WalletCommand,
};
use crate::timeline::report::Verdict;
use fulltime_desk::actions::{self, Actor, BundleOrder, Order, PayoutOrder, WalletOrder};
use fulltime_desk::error::Error;
use fulltime_desk::output::receipt::payout::PayoutKind;
use fulltime_desk::session::Session;

/// What a subcommand leaves to print.
pub enum Ran {
    /// Its result, formatted as the session prints it.
    Printed(String),
    /// Printed already, as it went (`timeline run`); how it ended.
    Reported(Verdict),
}

/// Runs one subcommand.
pub async fn run(session: &Session, command: Command) -> Result<Ran, Error> {
    let format = session.output_format();
    Ok(Ran::Printed(match command {
        Command::Markets => format.formatted_string(&markets::list(session).await?),
        Command::Market(args) => format.formatted_string(&markets::show(session, args).await?),
        Command::Balance => format.formatted_string(&wallet::balance(session).await?),
        Command::CreateMarket(args) => {
            ordered(session, create_market::order(session, args).await?).await?
        }
        Command::Deposit(args) => ordered(session, deposit::order(args)?).await?,
        Command::Settle(args) => ordered(session, settle::order(args)?).await?,
        Command::Claim(args) if args.all => ordered(session, Order::ClaimAll).await?,
        Command::Claim(args) => {
            let order = PayoutOrder {
                kind: PayoutKind::Claim,
                // clap asks for an id without --all.
                market: args.id.unwrap_or_default(),
                force: args.checks.force,
            };
            ordered(session, Order::Payout(order)).await?
        }
        Command::Refund(args) => {
            let order = PayoutOrder {
                kind: PayoutKind::Refund,
                market: args.id,
                force: args.checks.force,
            };
            ordered(session, Order::Payout(order)).await?
        }
        Command::Faucet(args) => {
            let url = session.faucet_url(args.url.as_deref());
            ordered(session, Order::Faucet { url }).await?
        }
        Command::Warp(args) => ordered(session, Order::Warp { to: args.to }).await?,
        Command::Wallet(WalletCommand::New(args)) => {
            let order = WalletOrder {
                name: args.name,
                fund: args.fund,
                faucet_url: session.faucet_url(args.faucet.url.as_deref()),
            };
            ordered(session, Order::NewWallet(order)).await?
        }
        Command::Wallet(WalletCommand::List) => {
            format.formatted_string(&wallet_book::list(session).await?)
        }
        Command::Snapshot(SnapshotCommand::Save(args)) => {
            ordered(session, Order::Snapshot { name: args.name }).await?
        }
        Command::Snapshot(SnapshotCommand::List) => {
            format.formatted_string(&snapshot::list(session)?)
        }
        Command::Bundle(BundleCommand::Save(args)) => {
            ordered(session, Order::Bundle(bundle_order(args)?)).await?
        }
        // A suite prints as it goes; what is left is its exit code.
        Command::Timeline(TimelineCommand::Run(args)) => {
            return Ok(Ran::Reported(crate::timeline::run(session, &args).await?));
        }
        Command::Timeline(TimelineCommand::Coverage(args)) => {
            return Ok(Ran::Reported(
                crate::timeline::coverage::run(session, &args).await?,
            ));
        }
        Command::Timeline(TimelineCommand::Fuzz(args)) => {
            format.formatted_string(&crate::timeline::fuzz::run(session, &args).await?)
        }
        Command::Txline(TxlineCommand::Login(args)) => {
            format.formatted_string(&txline::login(session, args)?)
        }
        Command::Txline(TxlineCommand::Fixtures) => {
            format.formatted_string(&txline::fixtures(session).await?)
        }
        Command::Txline(TxlineCommand::Scores(args)) => {
            format.formatted_string(&txline::scores(session, args).await?)
        }
        Command::Proof(ProofCommand::Fetch(args)) => {
            format.formatted_string(&txline::fetch_proof(session, args).await?)
        }
    }))
}

/// Carries `order` out as the session's wallet, through the session's client (the command line
/// shows no stages); its receipt formatted as the session prints it.
async fn ordered(session: &Session, order: Order) -> Result<String, Error> {
    let receipt = actions::run(&Actor::of_session(session), order, None).await?;
    Ok(session.output_format().formatted_string(&receipt))
}

/// A bundle named as `args` say, with the timeline and step they name, once it loads and has
/// that step.
fn bundle_order(args: BundleSaveArgs) -> Result<BundleOrder, Error> {
    let timeline = match (&args.timeline, &args.step) {
        (Some(file), Some(step)) => Some(actions::timeline_at(file, step, Default::default())?),
        _ => None,
    };
    Ok(BundleOrder {
        name: args.name,
        timeline,
    })
}
