//! The requests a key of the list sends at once, with no form: test USDC from the faucet (`f`),
//! a new funded wallet in the book (`+`), a snapshot of localnet's chain (`S`).

use super::component::{Ask, Context, still_running};
use super::effect::Request;
use super::wallets::next_name;
use crate::input::format_time;

pub fn faucet(context: &Context) -> Ask {
    if let Some(problem) = context.wallet_problem() {
        return Ask::Notice(problem);
    }
    Ask::Send {
        what: format!("Faucet request to {}", context.session.faucet_url),
        request: Request::Faucet,
    }
}

/// A wallet under the first free name of the book (`qa-1`, ...).
pub fn new_wallet(context: &Context) -> Ask {
    if context.busy() {
        return Ask::Notice(still_running());
    }
    let name = next_name(context.wallets);
    Ask::Send {
        what: format!("New wallet {name}"),
        request: Request::NewWallet { name },
    }
}

/// A snapshot of localnet's chain, named after the cluster clock it shows
/// (`dashboard-20260516-155200`), so that the file says where the chain was; nothing before the
/// first reading.
pub fn snapshot(context: &Context) -> Option<Ask> {
    if context.session.cluster != "localnet" {
        return Some(Ask::Notice(
            "Snapshots are of localnet's chain (--url localnet)".to_owned(),
        ));
    }
    if context.busy() {
        return Some(Ask::Notice(still_running()));
    }
    let name = format!("dashboard-{}", snapshot_stamp(context.loaded()?.now));
    Some(Ask::Send {
        what: format!("Snapshot {name}"),
        request: Request::Snapshot { name },
    })
}

/// `20260516-155200` for a unix time.
pub fn snapshot_stamp(unix_seconds: i64) -> String {
    format_time(unix_seconds)
        .chars()
        .filter_map(|c| match c {
            'T' => Some('-'),
            c if c.is_ascii_digit() => Some(c),
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests;
