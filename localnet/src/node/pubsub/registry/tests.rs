use std::sync::Arc;

use serde_json::{Value, json};
use solana_account::Account;
use solana_rpc_client_api::filter::Memcmp;
use solana_transaction_error::TransactionError;
use tokio_tungstenite::tungstenite::Message;

use super::super::frames::Frame;
use super::super::outbox::{Outgoing, outbox};
use super::super::subscribers::tests::comparisons;
use super::*;
use crate::node::surfpool::{Committed, FINALIZATION_SLOTS};

/// Enough for every frame these tests queue.
const ROOMY: usize = 64 << 20;

fn client(registry: &Registry, limit: usize) -> (ConnectionId, Outgoing) {
    let (outbox, outgoing) = outbox(limit);
    (registry.open_connection(outbox), outgoing)
}

fn subscribe_account(registry: &Registry, connection: ConnectionId, pubkey: Pubkey) -> u64 {
    let id = registry.reserve(connection, 0).expect("room");
    registry.watch_account(Key { connection, id }, pubkey, UiAccountEncoding::Base64);
    id
}

fn changed(pubkey: Pubkey, lamports: u64) -> Committed {
    Committed::Account {
        pubkey,
        account: Arc::new(Account {
            lamports,
            ..Account::default()
        }),
        slot: 9,
    }
}

fn notifications(outgoing: &mut Outgoing) -> Vec<(String, Arc<str>, Vec<u64>)> {
    std::iter::from_fn(|| outgoing.try_next())
        .filter_map(|frame| match frame {
            Frame::Notification(notification) => Some((
                notification.method.to_owned(),
                notification.result,
                notification.subscriptions,
            )),
            Frame::Message(_) => None,
        })
        .collect()
}

#[test]
fn removing_a_subscription_never_looks_at_the_others() {
    const SUBSCRIPTIONS: usize = 4_096;
    // A B-tree search compares a key with at most 11 others on each of its levels (5 for
    // 4,096 keys); a scan of the others, as before, compared thousands.
    const MOST_PER_REMOVAL: usize = 64;
    let registry = Registry::new(1, true, SUBSCRIPTIONS);
    let pubkey = Pubkey::new_unique();
    let (connection, _outgoing) = client(&registry, ROOMY);
    let ids: Vec<u64> = (0..SUBSCRIPTIONS)
        .map(|_| subscribe_account(&registry, connection, pubkey))
        .collect();
    let before = comparisons();
    for id in ids.iter().step_by(2) {
        registry.unsubscribe(connection, *id);
    }
    let unsubscribes = comparisons() - before;
    assert!(
        unsubscribes <= SUBSCRIPTIONS / 2 * MOST_PER_REMOVAL,
        "{unsubscribes} comparisons for {} unsubscribes",
        SUBSCRIPTIONS / 2
    );
    assert_eq!(registry.load().subscriptions, SUBSCRIPTIONS / 2);
    let before = comparisons();
    registry.close_connection(connection);
    let teardown = comparisons() - before;
    assert!(
        teardown <= SUBSCRIPTIONS / 2 * MOST_PER_REMOVAL,
        "{teardown} comparisons to tear down {} subscriptions",
        SUBSCRIPTIONS / 2
    );
    assert_eq!(registry.load(), PubsubLoad::default());
}

#[test]
fn a_connection_holds_at_most_its_cap_its_relayed_subscriptions_included() {
    let registry = Registry::new(1, true, 3);
    let (connection, _outgoing) = client(&registry, ROOMY);
    let pubkey = Pubkey::new_unique();
    let first = subscribe_account(&registry, connection, pubkey);
    subscribe_account(&registry, connection, pubkey);
    assert_eq!(
        registry.reserve(connection, 1),
        Err(Refused::Full { held: 3 })
    );
    subscribe_account(&registry, connection, pubkey);
    assert_eq!(
        registry.reserve(connection, 0),
        Err(Refused::Full { held: 3 })
    );
    registry.unsubscribe(connection, first);
    assert!(registry.reserve(connection, 0).is_ok());
    // Another connection has a cap of its own.
    let (other, _other_outgoing) = client(&registry, ROOMY);
    assert!(registry.reserve(other, 0).is_ok());
    registry.close_connection(connection);
    assert_eq!(registry.reserve(connection, 0), Err(Refused::Gone));
}

#[test]
fn a_commit_queues_one_frame_per_connection_its_result_serialised_once() {
    let registry = Registry::new(1, true, 100);
    let pubkey = Pubkey::new_unique();
    let (first, mut first_outgoing) = client(&registry, ROOMY);
    let (second, mut second_outgoing) = client(&registry, ROOMY);
    let first_ids: Vec<u64> = (0..3)
        .map(|_| subscribe_account(&registry, first, pubkey))
        .collect();
    let second_ids: Vec<u64> = (0..2)
        .map(|_| subscribe_account(&registry, second, pubkey))
        .collect();
    let slots = registry.reserve(second, 0).expect("room");
    registry.watch_slots(Key {
        connection: second,
        id: slots,
    });
    // The replies the connection would have written are not queued here: only what the
    // registry sends is.
    registry.committed(&changed(pubkey, 42));
    registry.committed(&Committed::SlotConfirmed { slot: 9 });
    let first_frames = notifications(&mut first_outgoing);
    let second_frames = notifications(&mut second_outgoing);
    assert_eq!(first_frames.len(), 1);
    assert_eq!(second_frames.len(), 2);
    let (method, first_result, ids) = &first_frames[0];
    assert_eq!(method, "accountNotification");
    assert_eq!(ids, &first_ids);
    let (_, second_result, ids) = &second_frames[0];
    assert_eq!(ids, &second_ids);
    assert!(Arc::ptr_eq(first_result, second_result));
    let value: serde_json::Value = serde_json::from_str(first_result).expect("JSON");
    assert_eq!(value["context"]["slot"], 9);
    assert_eq!(value["value"]["lamports"], 42);
    let (method, slot, ids) = &second_frames[1];
    assert_eq!(method, "slotNotification");
    assert_eq!(ids, &vec![slots]);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(slot).expect("JSON"),
        serde_json::json!({"parent": 9, "root": 0, "slot": 10})
    );
}

#[test]
fn a_client_that_does_not_read_overflows_its_own_outbox_only() {
    let registry = Registry::new(1, true, 1_000);
    let pubkey = Pubkey::new_unique();
    let (stalled, mut stalled_outgoing) = client(&registry, 4_096);
    let (reading, mut reading_outgoing) = client(&registry, ROOMY);
    for _ in 0..100 {
        subscribe_account(&registry, stalled, pubkey);
    }
    subscribe_account(&registry, reading, pubkey);
    for lamports in 1..=50 {
        registry.committed(&changed(pubkey, lamports));
    }
    // The stalled client's first notification was already past its bound: nothing queued.
    assert!(stalled_outgoing.try_next().is_none());
    let heard: Vec<u64> = notifications(&mut reading_outgoing)
        .into_iter()
        .map(|(_, result, _)| {
            let value: serde_json::Value = serde_json::from_str(&result).expect("JSON");
            value["value"]["lamports"].as_u64().expect("lamports")
        })
        .collect();
    assert_eq!(heard, (1..=50).collect::<Vec<u64>>());
}

#[test]
fn a_signature_is_answered_once_to_each_of_its_subscriptions() {
    let registry = Registry::new(1, true, 100);
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let signature = Signature::from([4; 64]);
    let ids: Vec<u64> = [SignatureLevel::Processed, SignatureLevel::Confirmed]
        .into_iter()
        .map(|level| {
            let id = registry.reserve(connection, 0).expect("room");
            let key = Key { connection, id };
            assert!(!registry.watch_signature(key, signature, level));
            id
        })
        .collect();
    let commit = Committed::Transaction {
        signature,
        slot: 5,
        err: None,
    };
    registry.committed(&commit);
    registry.committed(&Committed::SlotConfirmed { slot: 5 });
    registry.committed(&commit);
    registry.committed(&Committed::SlotConfirmed { slot: 6 });
    let answered: Vec<Vec<u64>> = notifications(&mut outgoing)
        .into_iter()
        .map(|(method, _, ids)| {
            assert_eq!(method, "signatureNotification");
            ids
        })
        .collect();
    assert_eq!(answered, vec![vec![ids[0]], vec![ids[1]]]);
    assert_eq!(registry.load().subscriptions, 0);
    // A message frame never comes from the registry.
    assert!(!matches!(
        outgoing.try_next(),
        Some(Frame::Message(Message::Text(_)))
    ));
}

// What a client hears, driven by synthetic commits: who is told of a commit, with what, and
// what is then left of each subscription.

/// The JSON of each notification queued for a client: its method, its result and its ids.
fn heard(outgoing: &mut Outgoing) -> Vec<(String, Value, Vec<u64>)> {
    notifications(outgoing)
        .into_iter()
        .map(|(method, result, ids)| {
            let result = serde_json::from_str(&result).expect("a result is JSON");
            (method, result, ids)
        })
        .collect()
}

fn account_with(owner: Pubkey, lamports: u64, data: Vec<u8>) -> Arc<Account> {
    Arc::new(Account {
        lamports,
        data,
        owner,
        ..Account::default()
    })
}

fn subscribe_signature(
    registry: &Registry,
    connection: ConnectionId,
    signature: Signature,
    level: SignatureLevel,
) -> (u64, bool) {
    let id = registry.reserve(connection, 0).expect("room");
    let look_up = registry.watch_signature(Key { connection, id }, signature, level);
    (id, look_up)
}

fn processed(signature: Signature, slot: u64) -> Committed {
    Committed::Transaction {
        signature,
        slot,
        err: None,
    }
}

#[test]
fn an_account_change_reaches_its_subscribers_each_in_its_encoding_and_no_one_else() {
    let registry = Registry::new(1, true, 100);
    let watched = Pubkey::new_unique();
    let (base64_client, mut base64_heard) = client(&registry, ROOMY);
    let (base58_client, mut base58_heard) = client(&registry, ROOMY);
    let (elsewhere, mut elsewhere_heard) = client(&registry, ROOMY);
    let base64_id = subscribe_account(&registry, base64_client, watched);
    let base58_id = registry.reserve(base58_client, 0).expect("room");
    let key = Key {
        connection: base58_client,
        id: base58_id,
    };
    registry.watch_account(key, watched, UiAccountEncoding::Base58);
    subscribe_account(&registry, elsewhere, Pubkey::new_unique());
    let owner = Pubkey::new_unique();
    registry.committed(&Committed::Account {
        pubkey: watched,
        account: account_with(owner, 7, vec![1, 2, 3]),
        slot: 12,
    });

    let [(method, result, ids)] = heard(&mut base64_heard).try_into().expect("one frame");
    assert_eq!(method, "accountNotification");
    assert_eq!(ids, [base64_id]);
    assert_eq!(result["context"]["slot"], 12);
    assert_eq!(result["value"]["lamports"], 7);
    assert_eq!(result["value"]["owner"], owner.to_string());
    assert_eq!(result["value"]["data"], json!(["AQID", "base64"]));
    let [(_, result, ids)] = heard(&mut base58_heard).try_into().expect("one frame");
    assert_eq!(ids, [base58_id]);
    assert_eq!(result["value"]["data"], json!(["Ldp", "base58"]));
    assert!(heard(&mut elsewhere_heard).is_empty());
}

#[test]
fn a_program_subscriber_hears_the_accounts_of_its_program_that_pass_its_filters() {
    let registry = Registry::new(1, true, 100);
    let program = Pubkey::new_unique();
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let watch = |filters: Vec<RpcFilterType>| {
        let id = registry.reserve(connection, 0).expect("room");
        let filter = ProgramFilter {
            encoding: UiAccountEncoding::Base64,
            filters,
        };
        registry.watch_program(Key { connection, id }, program, filter);
        id
    };
    let everything = watch(Vec::new());
    let three_bytes = watch(vec![RpcFilterType::DataSize(3)]);
    let starts_with_one = watch(vec![RpcFilterType::Memcmp(Memcmp::new_raw_bytes(
        0,
        vec![1],
    ))]);
    let four_bytes = watch(vec![RpcFilterType::DataSize(4)]);
    let address = Pubkey::new_unique();
    registry.committed(&Committed::Account {
        pubkey: address,
        account: account_with(program, 5, vec![1, 2, 3]),
        slot: 3,
    });
    // Another program's account reaches none of them.
    registry.committed(&Committed::Account {
        pubkey: Pubkey::new_unique(),
        account: account_with(Pubkey::new_unique(), 5, vec![1, 2, 3]),
        slot: 3,
    });

    let frames = heard(&mut outgoing);
    let told: Vec<u64> = frames.iter().flat_map(|(_, _, ids)| ids.clone()).collect();
    assert_eq!(told, [everything, three_bytes, starts_with_one]);
    assert!(!told.contains(&four_bytes));
    for (method, result, _) in &frames {
        assert_eq!(method, "programNotification");
        assert_eq!(result["value"]["pubkey"], address.to_string());
        assert_eq!(result["value"]["account"]["lamports"], 5);
    }
}

#[test]
fn after_an_unsubscribe_nothing_more_is_sent_and_only_its_holder_may_unsubscribe() {
    let registry = Registry::new(1, true, 100);
    let pubkey = Pubkey::new_unique();
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let (other, _other_outgoing) = client(&registry, ROOMY);
    let kept = subscribe_account(&registry, connection, pubkey);
    let ended = subscribe_account(&registry, connection, pubkey);
    // Another connection naming the id changes nothing.
    registry.unsubscribe(other, kept);
    registry.unsubscribe(connection, ended);
    // An id unsubscribed twice, or never given, changes nothing either.
    registry.unsubscribe(connection, ended);
    registry.unsubscribe(connection, FIRST_FRONT_ID + 1_000);
    registry.committed(&changed(pubkey, 1));

    let told: Vec<Vec<u64>> = heard(&mut outgoing).into_iter().map(|f| f.2).collect();
    assert_eq!(told, [vec![kept]]);
    assert_eq!(registry.held(connection), 1);
    assert_eq!(registry.load().subscriptions, 1);
}

#[test]
fn a_subscription_ended_before_it_is_watched_is_never_made() {
    let registry = Registry::new(1, true, 100);
    let pubkey = Pubkey::new_unique();
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let id = registry.reserve(connection, 0).expect("room");
    registry.unsubscribe(connection, id);
    registry.watch_account(Key { connection, id }, pubkey, UiAccountEncoding::Base64);
    registry.committed(&changed(pubkey, 1));
    assert!(heard(&mut outgoing).is_empty());
    assert_eq!(registry.load().subscriptions, 0);
}

#[test]
fn a_closed_connection_hears_nothing_and_leaves_nothing_behind() {
    let registry = Registry::new(1, true, 100);
    let pubkey = Pubkey::new_unique();
    let (gone, mut gone_outgoing) = client(&registry, ROOMY);
    let (staying, mut staying_outgoing) = client(&registry, ROOMY);
    subscribe_account(&registry, gone, pubkey);
    let slots = registry.reserve(gone, 0).expect("room");
    registry.watch_slots(Key {
        connection: gone,
        id: slots,
    });
    subscribe_signature(
        &registry,
        gone,
        Signature::from([3; 64]),
        SignatureLevel::Finalized,
    );
    let staying_id = subscribe_account(&registry, staying, pubkey);
    registry.close_connection(gone);
    registry.committed(&changed(pubkey, 2));
    registry.committed(&processed(Signature::from([3; 64]), 4));
    registry.committed(&Committed::SlotConfirmed { slot: 4 });

    assert!(heard(&mut gone_outgoing).is_empty());
    let told: Vec<Vec<u64>> = heard(&mut staying_outgoing)
        .into_iter()
        .map(|f| f.2)
        .collect();
    assert_eq!(told, [vec![staying_id]]);
    assert_eq!(
        registry.load(),
        PubsubLoad {
            connections: 1,
            subscriptions: 1,
            ..PubsubLoad::default()
        }
    );
}

#[test]
fn ids_count_up_from_the_fronts_first_never_shared_by_two_subscriptions() {
    let registry = Registry::new(1, true, 100);
    let (first, _first_outgoing) = client(&registry, ROOMY);
    let (second, _second_outgoing) = client(&registry, ROOMY);
    let ids = [
        registry.reserve(first, 0).expect("room"),
        registry.reserve(second, 0).expect("room"),
        registry.reserve(first, 0).expect("room"),
    ];
    assert_eq!(
        ids,
        [FIRST_FRONT_ID, FIRST_FRONT_ID + 1, FIRST_FRONT_ID + 2]
    );
    assert!(ids.iter().all(|id| Registry::is_front_id(*id)));
    assert!(!Registry::is_front_id(FIRST_FRONT_ID - 1));
}

#[test]
fn a_waiting_signature_subscription_counts_against_the_cap_until_it_is_answered() {
    let registry = Registry::new(1, true, 1);
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let signature = Signature::from([8; 64]);
    let (id, _) = subscribe_signature(&registry, connection, signature, SignatureLevel::Processed);
    assert_eq!(
        registry.reserve(connection, 0),
        Err(Refused::Full { held: 1 })
    );
    registry.committed(&processed(signature, 2));
    assert_eq!(heard(&mut outgoing)[0].2, [id]);
    assert_eq!(registry.held(connection), 0);
    assert!(registry.reserve(connection, 0).is_ok());
}

#[test]
fn a_processed_signature_is_answered_once_with_its_slot_and_result() {
    let registry = Registry::new(1, true, 100);
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let signature = Signature::from([1; 64]);
    let failed = Signature::from([2; 64]);
    let (ok_id, look_up) =
        subscribe_signature(&registry, connection, signature, SignatureLevel::Processed);
    assert!(
        !look_up,
        "a new chain's record holds every signature it commits"
    );
    let (failed_id, _) =
        subscribe_signature(&registry, connection, failed, SignatureLevel::Processed);
    registry.committed(&processed(signature, 5));
    registry.committed(&Committed::Transaction {
        signature: failed,
        slot: 6,
        err: Some(TransactionError::InsufficientFundsForFee),
    });
    // The same signature committed again, and its slot confirmed, answer nothing more.
    registry.committed(&processed(signature, 5));
    registry.committed(&Committed::SlotConfirmed { slot: 6 });

    let frames = heard(&mut outgoing);
    assert_eq!(frames.len(), 2, "{frames:?}");
    let (method, result, ids) = &frames[0];
    assert_eq!(method, "signatureNotification");
    assert_eq!(ids, &[ok_id]);
    assert_eq!(result["context"]["slot"], 5);
    assert_eq!(result["value"], json!({"err": null}));
    let (_, result, ids) = &frames[1];
    assert_eq!(ids, &[failed_id]);
    assert_eq!(result["context"]["slot"], 6);
    assert_eq!(result["value"]["err"], json!("InsufficientFundsForFee"));
    assert_eq!(registry.load().subscriptions, 0);
}

#[test]
fn a_signature_committed_before_its_subscription_is_answered_at_once() {
    let registry = Registry::new(1, true, 100);
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let signature = Signature::from([5; 64]);
    registry.committed(&processed(signature, 9));
    registry.committed(&Committed::SlotConfirmed { slot: 9 });
    let (processed_id, _) =
        subscribe_signature(&registry, connection, signature, SignatureLevel::Processed);
    let (confirmed_id, _) =
        subscribe_signature(&registry, connection, signature, SignatureLevel::Confirmed);
    // Received asks for nothing after the transaction is in: it gets the result.
    let (received_id, _) =
        subscribe_signature(&registry, connection, signature, SignatureLevel::Received);
    let (finalized_id, _) =
        subscribe_signature(&registry, connection, signature, SignatureLevel::Finalized);

    let frames = heard(&mut outgoing);
    let told: Vec<u64> = frames.iter().flat_map(|frame| frame.2.clone()).collect();
    assert_eq!(told, [processed_id, confirmed_id, received_id]);
    assert!(
        frames
            .iter()
            .all(|frame| frame.1["value"] == json!({"err": null}))
    );
    // Slot 9 is not rooted: the finalized subscription waits.
    assert_eq!(registry.held(connection), 1);
    registry.committed(&Committed::SlotRooted { slot: 9 });
    assert_eq!(heard(&mut outgoing)[0].2, [finalized_id]);
}

#[test]
fn a_confirmed_subscription_waits_for_its_slot_to_be_confirmed() {
    let registry = Registry::new(1, true, 100);
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let signature = Signature::from([6; 64]);
    let (id, _) = subscribe_signature(&registry, connection, signature, SignatureLevel::Confirmed);
    registry.committed(&processed(signature, 7));
    registry.committed(&Committed::SlotConfirmed { slot: 6 });
    assert!(heard(&mut outgoing).is_empty(), "slot 7 is not confirmed");
    registry.committed(&Committed::SlotConfirmed { slot: 7 });
    let [(_, result, ids)] = heard(&mut outgoing).try_into().expect("one answer");
    assert_eq!(ids, [id]);
    assert_eq!(result["context"]["slot"], 7);
    assert_eq!(result["value"], json!({"err": null}));
}

#[test]
fn a_finalized_subscription_waits_for_its_slot_to_be_rooted() {
    let registry = Registry::new(1, true, 100);
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let signature = Signature::from([7; 64]);
    let (id, _) = subscribe_signature(&registry, connection, signature, SignatureLevel::Finalized);
    registry.committed(&processed(signature, 7));
    registry.committed(&Committed::SlotConfirmed { slot: 7 });
    registry.committed(&Committed::SlotRooted { slot: 6 });
    assert!(heard(&mut outgoing).is_empty(), "slot 7 is not rooted");
    registry.committed(&Committed::SlotRooted { slot: 7 });
    let [(_, result, ids)] = heard(&mut outgoing).try_into().expect("one answer");
    assert_eq!(ids, [id]);
    // Answered at the slot whose confirmation rooted slot 7, as surfpool answers.
    assert_eq!(result["context"]["slot"], 7 + FINALIZATION_SLOTS);
    registry.committed(&Committed::SlotRooted { slot: 8 });
    assert!(heard(&mut outgoing).is_empty());
}

#[test]
fn a_received_subscription_hears_that_its_transaction_is_in_and_nothing_after() {
    let registry = Registry::new(1, true, 100);
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let signature = Signature::from([9; 64]);
    let (id, _) = subscribe_signature(&registry, connection, signature, SignatureLevel::Received);
    registry.committed(&processed(signature, 3));
    registry.committed(&Committed::SlotConfirmed { slot: 3 });
    registry.committed(&Committed::SlotRooted { slot: 3 });
    let [(_, result, ids)] = heard(&mut outgoing).try_into().expect("one answer");
    assert_eq!(ids, [id]);
    assert_eq!(result["value"], json!("receivedSignature"));
}

#[test]
fn on_a_loaded_chain_an_unknown_signature_is_looked_up_and_answered_by_its_import() {
    let registry = Registry::new(100, false, 100);
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let old = Signature::from([10; 64]);
    let (confirmed_id, look_up) =
        subscribe_signature(&registry, connection, old, SignatureLevel::Confirmed);
    assert!(
        look_up,
        "the record of a loaded chain misses its older signatures"
    );
    let (finalized_id, _) =
        subscribe_signature(&registry, connection, old, SignatureLevel::Finalized);
    // Slot 90 is before the chain's slot 100 as the front started: confirmed, not rooted.
    registry.import(
        old,
        SignatureStatus {
            slot: 90,
            err: None,
        },
    );
    assert_eq!(heard(&mut outgoing)[0].2, [confirmed_id]);
    registry.committed(&Committed::SlotRooted { slot: 90 });
    assert_eq!(heard(&mut outgoing)[0].2, [finalized_id]);
    // An import of a signature the record holds changes nothing.
    let recorded = Signature::from([11; 64]);
    registry.committed(&processed(recorded, 101));
    let (id, look_up) =
        subscribe_signature(&registry, connection, recorded, SignatureLevel::Processed);
    assert!(!look_up);
    assert_eq!(heard(&mut outgoing)[0].2, [id]);
    registry.import(recorded, SignatureStatus { slot: 1, err: None });
    assert!(heard(&mut outgoing).is_empty());
}

#[test]
fn slot_subscribers_hear_each_next_slot_with_its_root() {
    let registry = Registry::new(1, true, 100);
    let (connection, mut outgoing) = client(&registry, ROOMY);
    let id = registry.reserve(connection, 0).expect("room");
    registry.watch_slots(Key { connection, id });
    registry.committed(&Committed::SlotConfirmed { slot: 100 });
    registry.committed(&Committed::SlotRooted { slot: 69 });
    registry.committed(&Committed::SlotConfirmed { slot: 101 });
    let frames = heard(&mut outgoing);
    let slots: Vec<Value> = frames.iter().map(|frame| frame.1.clone()).collect();
    assert_eq!(
        slots,
        [
            json!({"parent": 100, "root": 101 - FINALIZATION_SLOTS, "slot": 101}),
            json!({"parent": 101, "root": 102 - FINALIZATION_SLOTS, "slot": 102}),
        ]
    );
    assert!(
        frames
            .iter()
            .all(|frame| frame.0 == "slotNotification" && frame.2 == [id])
    );
}
