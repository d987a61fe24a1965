//! The command line's face: one subcommand, carried out in the session and printed as text or
//! JSON; one file per group of subcommands. The arguments are parsed in `args/`, the results
//! are the types of `output/`.

mod create_market;
mod deposit;
mod markets;
mod refusal;
mod settle;
mod snapshot;
mod wallet;
mod wallet_book;
mod warp;
mod withdraw;

use crate::args::{Command, SnapshotCommand, WalletCommand};
use crate::error::Error;
use crate::output::receipt::payout::PayoutKind;
use crate::session::Session;

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
            // clap asks for an id without --all.
            let id = args.id.unwrap_or_default();
            let receipt = withdraw::run(session, PayoutKind::Claim, id, args.checks.force).await?;
            format.formatted_string(&receipt)
        }
        Command::Refund(args) => {
            let receipt =
                withdraw::run(session, PayoutKind::Refund, args.id, args.checks.force).await?;
            format.formatted_string(&receipt)
        }
        Command::Faucet(args) => format.formatted_string(&wallet::faucet(session, args).await?),
        Command::Warp(args) => format.formatted_string(&warp::run(session, args).await?),
        Command::Wallet(WalletCommand::New(args)) => {
            format.formatted_string(&wallet_book::new(session, args).await?)
        }
        Command::Wallet(WalletCommand::List) => {
            format.formatted_string(&wallet_book::list(session).await?)
        }
        Command::Snapshot(SnapshotCommand::Save(args)) => {
            format.formatted_string(&snapshot::save(session, args).await?)
        }
        Command::Snapshot(SnapshotCommand::List) => {
            format.formatted_string(&snapshot::list(session)?)
        }
    })
}
