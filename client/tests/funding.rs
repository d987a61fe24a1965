//! Many wallets funded at once and read back at once, against a real `localnet`: `fund_all`
//! gives each wallet exactly its own SOL and test USDC (and nothing of what it is given none of),
//! and `usdc_balances` answers more wallets than one `getMultipleAccounts` takes, each in its
//! place.

use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::rpc::{ACCOUNTS_PER_REQUEST, FulltimeClient, Funding};
use fulltime_files::localnet_env::LocalnetEnv;
use fulltime_testkit::process::{LocalnetProcess, binary_beside};
use solana_keypair::Keypair;
use solana_signer::Signer;

/// Wallets funded: enough for three requests of `getMultipleAccounts` to read back.
const WALLETS: usize = 2 * ACCOUNTS_PER_REQUEST + 50;

/// Wallet `n` is given `n + 1` lamports' worth of SOL and `1_000 + n` base units of test USDC,
/// except that every seventh is given no SOL and every fifth no USDC.
fn funding(n: usize, wallet: &Keypair) -> Funding {
    let lamports = if n.is_multiple_of(7) {
        0
    } else {
        1_000_000 + n as u64
    };
    let usdc = if n.is_multiple_of(5) {
        0
    } else {
        1_000 + n as u64
    };
    Funding {
        wallet: wallet.pubkey(),
        lamports,
        usdc,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_wallets_funded_and_read_back_each_in_its_place() {
    let test = std::env::current_exe().expect("test executable");
    let binary = binary_beside(&test).expect("the localnet binary");
    let node = LocalnetProcess::start(&binary, "funding").expect("localnet ready");
    let endpoint =
        Endpoint::resolve(Cluster::Localnet, node.state_dir()).expect("localnet's env.json");
    let client = FulltimeClient::connect(endpoint).await.expect("connect");
    let funder = read_keypair_file(node.wallet_path()).expect("localnet's wallet");
    let env = LocalnetEnv::load(node.state_dir()).expect("localnet's env.json");
    let mint_authority = read_keypair_file(&env.mint_authority).expect("the mint authority");
    let wallets: Vec<Keypair> = (0..WALLETS).map(|_| Keypair::new()).collect();
    let fundings: Vec<Funding> = wallets
        .iter()
        .enumerate()
        .map(|(n, wallet)| funding(n, wallet))
        .collect();

    let sent = client
        .fund_all(&funder, &mint_authority, &fundings)
        .await
        .expect("every wallet funded");

    assert_eq!(sent, WALLETS.div_ceil(6), "six wallets a transaction");
    // One wallet never funded, at the end: it has no token account.
    let mut addresses: Vec<_> = wallets.iter().map(Signer::pubkey).collect();
    addresses.push(Keypair::new().pubkey());
    let held = client.usdc_balances(&addresses).await.expect("read back");
    assert_eq!(held.len(), WALLETS + 1);
    for (n, funding) in fundings.iter().enumerate() {
        let expected = (funding.usdc > 0).then_some(funding.usdc);
        assert_eq!(held[n], expected, "wallet {n}'s test USDC");
    }
    assert_eq!(held[WALLETS], None);
    for n in [0, 1, 7, 200, WALLETS - 1] {
        let lamports = client
            .rpc()
            .get_balance(&wallets[n].pubkey())
            .await
            .expect("balance");
        assert_eq!(lamports, fundings[n].lamports, "wallet {n}'s SOL");
    }
}
