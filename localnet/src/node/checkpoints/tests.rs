use solana_account::Account;

use super::*;
use crate::native::{Deployment, FalsePredicate};
use crate::node::surfpool::NewChain;

/// A chain of `count` accounts of `data` bytes each.
fn chain(count: usize, data: usize) -> HashMap<Pubkey, AccountSharedData> {
    (0..count)
        .map(|_| {
            let mut account = AccountSharedData::new(1, data, &Pubkey::new_unique());
            account.set_data_from_slice(&vec![7; data]);
            (Pubkey::new_unique(), account)
        })
        .collect()
}

fn ids(kept: &Kept) -> Vec<u64> {
    kept.states.iter().map(|state| state.summary.id).collect()
}

const MIB: u64 = 1024 * 1024;

#[test]
fn the_newest_are_kept_within_the_count() {
    let mut kept = Kept::new(CheckpointLimits::default());
    for slot in 0..70 {
        kept.keep(chain(3, 10), 1_000, slot);
    }
    assert_eq!(ids(&kept), (7..=70).collect::<Vec<_>>());
}

/// 64 checkpoints of a chain of 1 MiB once held up to 64 MiB, whatever the memory; now the
/// oldest go as soon as the kept ones pass the bound, and the bytes counted follow.
#[test]
fn the_newest_are_kept_within_the_memory_bound() {
    let mut kept = Kept::new(CheckpointLimits::with_mib(4));
    for slot in 0..10 {
        kept.keep(chain(64, 16 * 1024), 1_000, slot);
    }
    let one = limits::size_of(&chain(64, 16 * 1024));
    assert!(one > MIB && one < MIB + MIB / 64, "{one}");
    assert_eq!(ids(&kept), [8, 9, 10]);
    assert_eq!(kept.bytes, 3 * one);
    assert!(kept.bytes <= 4 * MIB);
    let refused = RestoreError::Unknown {
        id: 1,
        kept: Some((8, 10)),
        limits: kept.limits,
    };
    assert_eq!(
        refused.to_string(),
        "no checkpoint 1: this node keeps checkpoints 8 to 10 (the newest 64 that fit in 4 \
         MiB, for as long as it runs)"
    );
}

#[test]
fn a_checkpoint_larger_than_the_bound_is_kept_alone() {
    let mut kept = Kept::new(CheckpointLimits::with_mib(1));
    kept.keep(chain(1, 100), 1_000, 0);
    kept.keep(chain(2, MIB as usize), 1_000, 1);
    assert_eq!(ids(&kept), [2]);
    kept.keep(chain(1, 100), 1_000, 2);
    assert_eq!(ids(&kept), [3]);
    assert_eq!(kept.bytes, 128 + 100);
}

// Saves and restores of a chain as a node starts one (the programs loaded, in process, served
// by no runloop: only the runtime's lock is used), its accounts written as cheat codes write
// them.

/// 2026-05-16T12:00:00Z.
const START_MS: u64 = 1_778_932_800_000;

/// Checkpoints of a new chain kept within `limits`, and the chain.
fn checkpoints_of_new_chain(limits: CheckpointLimits) -> (Checkpoints, Chain) {
    let deployment = Deployment {
        settlement_authority: Pubkey::new_unique(),
        oracle_authority: Pubkey::new_unique(),
    };
    let mut new = NewChain::new(&deployment, FalsePredicate::default()).expect("a chain");
    new.writer().start_clock_at(START_MS);
    let node_accounts = NodeAccounts::of(&new.view());
    let (chain, _commits, _runloop) = new.into_chain();
    let checkpoints = Checkpoints::new(chain.clone(), node_accounts, ClockHold::default(), limits);
    (checkpoints, chain)
}

fn data_account(owner: Pubkey, lamports: u64, data: &[u8]) -> Account {
    Account {
        lamports,
        data: data.to_vec(),
        owner,
        ..Account::default()
    }
}

fn write(chain: &Chain, address: Pubkey, account: Account) {
    chain
        .write(move |chain| chain.set_account(&address, account))
        .expect("written");
}

fn read(chain: &Chain, address: Pubkey) -> Option<Account> {
    chain
        .read(|chain| chain.account(&address))
        .expect("readable")
}

fn unknown(checkpoints: &Checkpoints, id: u64) -> Option<(u64, u64)> {
    match checkpoints.restore(id) {
        Err(RestoreError::Unknown {
            id: named, kept, ..
        }) if named == id => kept,
        other => panic!("checkpoint {id} restored: {other:?}"),
    }
}

#[test]
fn a_restore_puts_back_every_account_and_the_clock_as_saved() {
    let (checkpoints, chain) = checkpoints_of_new_chain(CheckpointLimits::default());
    let owner = Pubkey::new_unique();
    let (market, position, made_later) = (
        Pubkey::new_unique(),
        Pubkey::new_unique(),
        Pubkey::new_unique(),
    );
    let before = checkpoints.save();
    write(&chain, market, data_account(owner, 10, &[1, 2, 3]));
    write(&chain, position, data_account(owner, 20, &[4]));
    let slot = chain.read(|chain| chain.slot());
    let saved = checkpoints.save();
    assert_eq!(
        saved,
        Checkpoint {
            id: 2,
            slot,
            unix_timestamp: (START_MS / 1_000) as i64,
            // The programs, their data and the sysvars are the node's, not the checkpoint's.
            accounts: before.accounts + 2,
        }
    );

    // The market changes, the position closes, an account is made, an hour passes.
    write(&chain, market, data_account(owner, 11, &[9, 9, 9, 9]));
    write(&chain, position, Account::default());
    write(&chain, made_later, data_account(owner, 5, &[7]));
    chain.write(|chain| chain.put_clock_at(START_MS + 3_600_000));
    let restored = checkpoints.restore(saved.id).expect("restored");

    assert_eq!(
        restored,
        RestoredCheckpoint {
            checkpoint: saved,
            slot,
            changed: 3,
        }
    );
    assert_eq!(
        read(&chain, market),
        Some(data_account(owner, 10, &[1, 2, 3]))
    );
    assert_eq!(read(&chain, position), Some(data_account(owner, 20, &[4])));
    assert_eq!(read(&chain, made_later), None);
    assert_eq!(chain.read(|chain| chain.unix_ms()), START_MS);
    // The one before: both accounts made since are gone.
    assert_eq!(checkpoints.restore(before.id).expect("restored").changed, 2);
    assert_eq!(read(&chain, market), None);
    assert_eq!(read(&chain, position), None);
}

#[test]
fn the_slot_goes_on_through_a_restore_and_a_second_restore_changes_nothing() {
    let (checkpoints, chain) = checkpoints_of_new_chain(CheckpointLimits::default());
    let account = Pubkey::new_unique();
    write(&chain, account, data_account(Pubkey::new_unique(), 1, &[1]));
    let saved = checkpoints.save();
    write(&chain, account, data_account(Pubkey::new_unique(), 2, &[2]));
    // 500 blocks later.
    let later = chain.read(|chain| {
        let mut clock = chain.clock();
        clock.slot += 500;
        clock.block_height += 500;
        clock
    });
    chain.write(move |chain| chain.continue_from(later));

    let first = checkpoints.restore(saved.id).expect("restored");
    assert_eq!((first.slot, first.changed), (saved.slot + 500, 1));
    assert_eq!(chain.read(|chain| chain.slot()), saved.slot + 500);
    let second = checkpoints.restore(saved.id).expect("restored again");
    assert_eq!((second.slot, second.changed), (saved.slot + 500, 0));
    assert_eq!(
        read(&chain, account).map(|account| account.lamports),
        Some(1)
    );
}

#[test]
fn ids_count_from_one_and_an_unknown_id_is_refused_naming_the_kept_ones() {
    let (checkpoints, chain) = checkpoints_of_new_chain(CheckpointLimits::default());
    assert_eq!(unknown(&checkpoints, 1), None);
    assert_eq!(
        checkpoints.restore(1).unwrap_err().to_string(),
        "no checkpoint 1: this node keeps none (localnet_saveCheckpoint makes one)"
    );
    let ids: Vec<u64> = (0..3).map(|_| checkpoints.save().id).collect();
    assert_eq!(ids, [1, 2, 3]);
    let account = Pubkey::new_unique();
    write(&chain, account, data_account(Pubkey::new_unique(), 9, &[9]));
    for id in [0, 4, u64::MAX] {
        assert_eq!(unknown(&checkpoints, id), Some((1, 3)));
    }
    assert_eq!(
        checkpoints.restore(4).unwrap_err().to_string(),
        "no checkpoint 4: this node keeps checkpoints 1 to 3 (the newest 64 that fit in 256 MiB, \
         for as long as it runs)"
    );
    // A refused restore writes nothing.
    assert_eq!(
        read(&chain, account).map(|account| account.lamports),
        Some(9)
    );
}

#[test]
fn past_the_count_the_oldest_is_dropped_and_can_no_longer_be_restored() {
    let limits = CheckpointLimits {
        count: 2,
        ..CheckpointLimits::default()
    };
    let (checkpoints, chain) = checkpoints_of_new_chain(limits);
    let (market, owner) = (Pubkey::new_unique(), Pubkey::new_unique());
    for lamports in 1..=3 {
        write(&chain, market, data_account(owner, lamports, &[]));
        checkpoints.save();
    }
    assert_eq!(unknown(&checkpoints, 1), Some((2, 3)));
    checkpoints.restore(2).expect("kept");
    assert_eq!(
        read(&chain, market).map(|account| account.lamports),
        Some(2)
    );
    checkpoints.restore(3).expect("kept");
    assert_eq!(
        read(&chain, market).map(|account| account.lamports),
        Some(3)
    );
}

#[test]
fn past_the_memory_bound_the_oldest_are_dropped_and_the_newest_is_always_kept() {
    let (checkpoints, chain) = checkpoints_of_new_chain(CheckpointLimits::with_mib(1));
    let owner = Pubkey::new_unique();
    let big = Pubkey::new_unique();
    write(&chain, big, data_account(owner, 1, &vec![1; 600 * 1024]));
    checkpoints.save();
    checkpoints.save();
    // Two of 600 KiB each pass 1 MiB: only the newer is kept.
    assert_eq!(unknown(&checkpoints, 1), Some((2, 2)));
    let huge = Pubkey::new_unique();
    write(
        &chain,
        huge,
        data_account(owner, 1, &vec![2; 2 * MIB as usize]),
    );
    let alone = checkpoints.save();
    assert_eq!(unknown(&checkpoints, 2), Some((3, 3)));
    write(&chain, huge, Account::default());
    let restored = checkpoints.restore(alone.id).expect("the newest is kept");
    assert_eq!(restored.changed, 1);
    assert_eq!(
        read(&chain, huge).map(|account| account.data.len()),
        Some(2 * MIB as usize)
    );
}
