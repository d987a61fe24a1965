//! The pipeline against a real `localnet`: hundreds of transactions sent before any is confirmed
//! all land, each outcome is the one of the transaction at its place, and a refused transaction
//! in the middle fails alone, named by the catalog.

use anchor_lang::solana_program::system_instruction;
use fulltime_client::cluster::{Cluster, Endpoint};
use fulltime_client::keypair::read_keypair_file;
use fulltime_client::rpc::{FulltimeClient, Unsigned};
use fulltime_testkit::process::{LocalnetProcess, binary_beside};
use solana_keypair::Keypair;
use solana_signer::Signer;

const TRANSFERS: usize = 600;
/// The transfer that cannot be paid: more lamports than the wallet holds.
const REFUSED_AT: usize = 300;

fn start_localnet() -> LocalnetProcess {
    let test = std::env::current_exe().expect("test executable");
    let binary = binary_beside(&test).expect("the localnet binary");
    LocalnetProcess::start(&binary, "pipeline").expect("localnet ready")
}

/// Transfer `n` pays `1_000_000 + n` lamports, so each recipient's balance says which
/// transaction paid it.
fn amount(n: usize) -> u64 {
    1_000_000 + n as u64
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_transactions_in_flight_each_answered_in_its_place() {
    let node = start_localnet();
    let endpoint =
        Endpoint::resolve(Cluster::Localnet, node.state_dir()).expect("localnet's env.json");
    let client = FulltimeClient::connect(endpoint).await.expect("connect");
    let payer = read_keypair_file(node.wallet_path()).expect("localnet's wallet");
    let recipients: Vec<Keypair> = (0..TRANSFERS).map(|_| Keypair::new()).collect();
    let transfers = recipients
        .iter()
        .enumerate()
        .map(|(n, recipient)| {
            let lamports = if n == REFUSED_AT { u64::MAX } else { amount(n) };
            let transfer =
                system_instruction::transfer(&payer.pubkey(), &recipient.pubkey(), lamports);
            Unsigned::by(&payer, vec![transfer])
        })
        .collect();

    let outcomes = client.send_all(transfers).await;

    assert_eq!(outcomes.len(), TRANSFERS);
    for (n, outcome) in outcomes.iter().enumerate() {
        match (n == REFUSED_AT, outcome) {
            (false, Ok(_)) => {}
            (true, Err(error)) => {
                let told = format!("{error} {error:?}");
                assert!(
                    told.contains("insufficient"),
                    "the refusal names the missing lamports: {told}"
                );
            }
            (refused, outcome) => {
                panic!("transfer {n} (refused expected: {refused}) ended {outcome:?}")
            }
        }
    }
    let addresses: Vec<_> = recipients.iter().map(Keypair::pubkey).collect();
    for (chunk_start, chunk) in (0..).step_by(100).zip(addresses.chunks(100)) {
        let accounts = client
            .rpc()
            .get_multiple_accounts(chunk)
            .await
            .expect("the recipients");
        for (offset, account) in accounts.iter().enumerate() {
            let n = chunk_start + offset;
            let lamports = account.as_ref().map_or(0, |account| account.lamports);
            let expected = if n == REFUSED_AT { 0 } else { amount(n) };
            assert_eq!(lamports, expected, "recipient {n}");
        }
    }
}
