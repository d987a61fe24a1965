//! `wallet list`: the wallet book (`fulltime_files::wallet_book`), each wallet's money read from
//! the cluster. `wallet new` is an order (`fulltime_desk::actions::WalletOrder`).

use fulltime_files::wallet_book::{BookEntry, WalletBook};

use super::wallet::{market_ids, position_views};
use fulltime_desk::error::Error;
use fulltime_desk::output::wallet_book::{BookWallet, WalletBookList};
use fulltime_desk::session::Session;

pub async fn list(session: &Session) -> Result<WalletBookList, Error> {
    let book = WalletBook::in_state_dir(session.state_dir());
    let entries = book.list()?;
    let mut wallets = Vec::with_capacity(entries.len());
    if !entries.is_empty() {
        let client = session.client().await?;
        let ids = market_ids(&client).await?;
        for BookEntry {
            name,
            address,
            path,
        } in entries
        {
            let balances = client.balances(&address).await?;
            wallets.push(BookWallet {
                name: name.to_string(),
                address: address.to_string(),
                path: path.display().to_string(),
                lamports: balances.lamports,
                usdc: balances.usdc,
                positions: position_views(client.positions(&address).await?, &ids),
            });
        }
    }
    Ok(WalletBookList {
        book: book.dir().display().to_string(),
        wallets,
    })
}
