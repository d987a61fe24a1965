//! The requests a key of the list sends at once, with no form: test USDC from the faucet (`f`),
//! a new funded wallet in the book (`+`), a snapshot of localnet's chain (`S`), a bundle of the
//! moment (`B`).

use super::component::{Ask, Context};
use super::effect::Request;
use super::wallets::next_name;
use fulltime_desk::actions::{Order, WalletOrder};
use fulltime_desk::input::format_time;

/// `f`: test USDC from the faucet for the wallet (the router's gate let it send).
pub fn faucet(context: &Context) -> Ask {
    Ask::Send {
        what: format!("Faucet request to {}", context.session.faucet_url),
        request: Request::order(Order::Faucet {
            url: context.session.faucet_url.clone(),
        }),
    }
}

/// A wallet under the first free name of the book (`qa-1`, ...).
pub fn new_wallet(context: &Context) -> Ask {
    let name = next_name(context.wallets);
    Ask::Send {
        what: format!("New wallet {name}"),
        request: Request::order(Order::NewWallet(WalletOrder {
            name,
            fund: true,
            faucet_url: context.session.faucet_url.clone(),
        })),
    }
}

/// A snapshot of localnet's chain, named after the cluster clock it shows
/// (`dashboard-20260516-155200`), so that the file says where the chain was; nothing before the
/// first reading.
pub fn snapshot(context: &Context) -> Option<Ask> {
    let name = match named_after_the_clock(context, "Snapshots")? {
        Ok(name) => name,
        Err(notice) => return Some(notice),
    };
    Some(Ask::Send {
        what: format!("Snapshot {name}"),
        request: Request::order(Order::Snapshot { name }),
    })
}

/// A bundle of the moment, named after the cluster clock as a snapshot is; the runner adds the
/// timeline set up at the step it is at.
pub fn bundle(context: &Context) -> Option<Ask> {
    let name = match named_after_the_clock(context, "Bundles")? {
        Ok(name) => name,
        Err(notice) => return Some(notice),
    };
    Some(Ask::Send {
        what: format!("Bundle {name}"),
        request: Request::Bundle { name },
    })
}

/// `dashboard-20260516-155200`, or the notice that says why there is none: `what` is of
/// localnet's chain only; nothing before the first reading.
fn named_after_the_clock(context: &Context, what: &str) -> Option<Result<String, Ask>> {
    if !context.session.on_localnet() {
        return Some(Err(Ask::Notice(format!(
            "{what} are of localnet's chain (--url localnet)"
        ))));
    }
    Some(Ok(format!(
        "dashboard-{}",
        snapshot_stamp(context.loaded()?.now)
    )))
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
