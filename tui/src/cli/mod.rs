//! The command line's face: one subcommand, carried out in the session and printed as text or
//! JSON; one file per group of subcommands. The arguments are parsed in `args/`; what changes
//! something is an action of `actions/`, which a runner here only calls; the results are the
//! types of `output/`.

mod create_market;
mod deposit;
mod emit;
mod markets;
mod settle;
mod snapshot;
mod txline;
mod wallet;
mod wallet_book;
mod withdraw;

pub use emit::emit;

use crate::actions::{self, Actor, PayoutOrder};
use crate::args::{
    BundleCommand, Command, ProofCommand, SnapshotCommand, TimelineCommand, TxlineCommand,
    WalletCommand,
};
use crate::error::Error;
use crate::output::receipt::payout::PayoutKind;
use crate::session::Session;

/// Runs an action as the session's wallet through the session's client; the command line shows
/// no stages.
async fn acting<T>(
    session: &Session,
    action: impl AsyncFnOnce(&Actor<'_>) -> Result<T, Error>,
) -> Result<T, Error> {
    let wallet = session.wallet()?;
    let client = session.client().await?;
    let actor = Actor {
        client: &client,
        wallet: &wallet,
        progress: None,
    };
    action(&actor).await
}

/// Runs one subcommand; its result formatted as the session prints it.
pub async fn run(session: &Session, command: Command) -> Result<String, Error> {
    let format = session.output_format();
    Ok(match command {
        Command::Markets => format.formatted_string(&markets::list(session).await?),
        Command::Market(args) => format.formatted_string(&markets::show(session, args).await?),
        Command::Balance => format.formatted_string(&wallet::balance(session).await?),
        Command::CreateMarket(args) => {
            format.formatted_string(&create_market::run(session, args).await?)
        }
        Command::Deposit(args) => format.formatted_string(&deposit::run(session, args).await?),
        Command::Settle(args) => format.formatted_string(&settle::run(session, args).await?),
        Command::Claim(args) if args.all => format.formatted_string(&withdraw::all(session).await?),
        Command::Claim(args) => {
            let order = PayoutOrder {
                kind: PayoutKind::Claim,
                // clap asks for an id without --all.
                market: args.id.unwrap_or_default(),
                force: args.checks.force,
            };
            format.formatted_string(&withdraw::run(session, order).await?)
        }
        Command::Refund(args) => {
            let order = PayoutOrder {
                kind: PayoutKind::Refund,
                market: args.id,
                force: args.checks.force,
            };
            format.formatted_string(&withdraw::run(session, order).await?)
        }
        Command::Faucet(args) => format.formatted_string(&wallet::faucet(session, args).await?),
        Command::Warp(args) => format.formatted_string(&actions::warp(session, args.to).await?),
        Command::Wallet(WalletCommand::New(args)) => {
            format.formatted_string(&wallet_book::new(session, args).await?)
        }
        Command::Wallet(WalletCommand::List) => {
            format.formatted_string(&wallet_book::list(session).await?)
        }
        Command::Snapshot(SnapshotCommand::Save(args)) => {
            format.formatted_string(&actions::save_snapshot(session, &args.name).await?)
        }
        Command::Snapshot(SnapshotCommand::List) => {
            format.formatted_string(&snapshot::list(session)?)
        }
        Command::Bundle(BundleCommand::Save(args)) => {
            let timeline = match (&args.timeline, &args.step) {
                (Some(file), Some(step)) => {
                    Some(actions::timeline_at(file, step, Default::default())?)
                }
                _ => None,
            };
            let order = actions::BundleOrder {
                name: args.name,
                timeline,
            };
            format.formatted_string(&actions::save_bundle(session, order).await?)
        }
        Command::Timeline(TimelineCommand::Run(args)) => {
            format.formatted_string(&crate::timeline::run(session, &args).await?)
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
    })
}
