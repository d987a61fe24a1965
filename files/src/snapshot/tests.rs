use super::*;
use anchor_lang::prelude::pubkey;

fn encode(snapshot: &ChainSnapshot) -> Vec<u8> {
    snapshot.to_bytes()
}

fn decode(bytes: &[u8]) -> Result<ChainSnapshot, FrameError> {
    ChainSnapshot::from_bytes(bytes)
}

const CHECKSUM: FrameError = FrameError::Checksum {
    file: &SNAPSHOT_FILE,
};
const NOT_A_SNAPSHOT: FrameError = FrameError::OtherFormat {
    file: &SNAPSHOT_FILE,
};

pub(crate) fn sample() -> ChainSnapshot {
    ChainSnapshot {
        build: ProgramBuild::current(),
        saved_at: 1_780_000_000,
        started: 1_779_990_000,
        clock: ChainClock {
            unix_ms: 1_778_940_123_456,
            slot: 123_456,
            block_height: 789,
            transaction_count: 42,
        },
        mint: Pubkey::new_unique(),
        keys: vec![
            SnapshotKey {
                role: KeyRole::MintAuthority,
                pubkey: Pubkey::new_unique(),
                path: Some("/state/mint-authority.json".into()),
                secret: Some(vec![7; 64]),
            },
            SnapshotKey {
                role: KeyRole::Wallet,
                pubkey: Pubkey::new_unique(),
                path: None,
                secret: None,
            },
        ],
        accounts: vec![SnapshotAccount {
            address: Pubkey::new_unique(),
            lamports: 1_461_600,
            owner: settlement::ID,
            executable: false,
            rent_epoch: u64::MAX,
            data: (0..=255).collect(),
        }],
    }
}

#[test]
fn round_trips() {
    let snapshot = sample();
    let bytes = encode(&snapshot);
    assert!(bytes.starts_with(b"fulltime chain snapshot v1\n"));
    assert_eq!(decode(&bytes), Ok(snapshot));
}

/// A snapshot file as the build before the frame was shared by snapshots and bundles wrote it
/// (`client/src/snapshot/encoding.rs`), of [`written_before`]: it still loads, and is written
/// again byte for byte.
const WRITTEN_BEFORE_HEX: &str = "\
    66756c6c74696d6520636861696e20736e617073686f742076310a01010101010101010101010101010101010101\
    01010101010101010101010101020202020202020202020202020202020202020202020202020202020202020203\
    0303030303030303030303030303030303030303030303030303030303030300a5186a00000000f07d186a000000\
    00401918319e01000040e201000000000015030000000000002a0000000000000004040404040404040404040404\
    04040404040404040404040404040404040404010000000205050505050505050505050505050505050505050505\
    0505050505050505050501090000002f732f772e6a736f6e01040000000606060601000000070707070707070707\
    0707070707070707070707070707070707070707070707604d160000000000080808080808080808080808080808\
    080808080808080808080808080808080800ffffffffffffffff03000000090a0b39df69042096c9c8e9ec35c987\
    019992866c51a492afd0631630b158e5dafb7c";

pub(crate) fn written_before() -> ChainSnapshot {
    let address = |byte: u8| Pubkey::new_from_array([byte; 32]);
    ChainSnapshot {
        build: ProgramBuild {
            settlement_program: address(1),
            oracle_program: address(2),
            layouts: [3; 32],
        },
        saved_at: 1_780_000_000,
        started: 1_779_990_000,
        clock: ChainClock {
            unix_ms: 1_778_940_123_456,
            slot: 123_456,
            block_height: 789,
            transaction_count: 42,
        },
        mint: address(4),
        keys: vec![SnapshotKey {
            role: KeyRole::Wallet,
            pubkey: address(5),
            path: Some("/s/w.json".into()),
            secret: Some(vec![6; 4]),
        }],
        accounts: vec![SnapshotAccount {
            address: address(7),
            lamports: 1_461_600,
            owner: address(8),
            executable: false,
            rent_epoch: u64::MAX,
            data: vec![9, 10, 11],
        }],
    }
}

pub(crate) fn written_before_bytes() -> Vec<u8> {
    hex::decode(WRITTEN_BEFORE_HEX).expect("hex")
}

#[test]
fn a_file_written_before_the_shared_frame_loads_and_is_written_the_same() {
    let bytes = written_before_bytes();
    assert_eq!(decode(&bytes), Ok(written_before()));
    assert_eq!(encode(&written_before()), bytes);
}

#[test]
fn a_truncated_file_is_refused_at_every_length() {
    let bytes = encode(&sample());
    let line = SNAPSHOT_FILE.format_line.len() + 2;
    for len in line..bytes.len() {
        assert_eq!(decode(&bytes[..len]), Err(CHECKSUM), "{len}");
    }
    for len in 0..line {
        assert_eq!(decode(&bytes[..len]), Err(NOT_A_SNAPSHOT), "{len}");
    }
}

#[test]
fn a_changed_byte_is_refused() {
    let mut bytes = encode(&sample());
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    assert_eq!(decode(&bytes), Err(CHECKSUM));
}

#[test]
fn another_format_is_named() {
    assert_eq!(decode(b"{\"accounts\": []}"), Err(NOT_A_SNAPSHOT));
    let mut future = b"fulltime chain snapshot v2\n".to_vec();
    future.extend_from_slice(&[0; 40]);
    assert_eq!(
        decode(&future),
        Err(FrameError::Version {
            file: &SNAPSHOT_FILE,
            found: "2".into()
        })
    );
}

#[test]
fn a_body_that_is_not_a_snapshot_is_corrupt_even_with_its_checksum() {
    use sha2::{Digest, Sha256};
    let body = [1u8, 2, 3];
    let mut bytes = b"fulltime chain snapshot v1\n".to_vec();
    bytes.extend_from_slice(&body);
    bytes.extend_from_slice(&Sha256::digest(body));
    assert!(matches!(decode(&bytes), Err(FrameError::Decode { .. })));
}

#[test]
fn files_are_written_whole_and_named_when_bad() {
    let dir = std::env::temp_dir().join(format!("fulltime-snapshot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("chain.snapshot");
    let snapshot = sample();
    let size = snapshot.write(&path).expect("write");
    assert_eq!(std::fs::metadata(&path).expect("written").len(), size);
    assert_eq!(ChainSnapshot::read(&path).expect("read"), snapshot);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).expect("mode").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    let bytes = std::fs::read(&path).expect("bytes");
    std::fs::write(&path, &bytes[..bytes.len() / 3]).expect("truncate");
    let error = ChainSnapshot::read(&path).expect_err("truncated");
    assert!(
        error.to_string().starts_with(&path.display().to_string()),
        "{error}"
    );
    assert!(
        error.to_string().contains("corrupt or truncated"),
        "{error}"
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn the_clock_never_goes_back() {
    let earlier = sample().clock;
    let later = ChainClock {
        unix_ms: earlier.unix_ms + 1_000,
        slot: earlier.slot + 100,
        ..earlier
    };
    assert_eq!(earlier.latest(later), later);
    assert_eq!(later.latest(earlier), later);
    assert_eq!(later.unix_timestamp(), 1_778_940_124);
}

const CLOCK_SYSVAR_OWNER: Pubkey = pubkey!("Sysvar1111111111111111111111111111111111111");

#[test]
fn a_snapshot_holds_data_and_no_account_a_start_writes() {
    use anchor_lang::solana_program::bpf_loader_upgradeable;
    const BPF_LOADER: Pubkey = pubkey!("BPFLoader2111111111111111111111111111111111");
    assert!(belongs_in_snapshot(&settlement::ID, false, 1));
    assert!(belongs_in_snapshot(&Pubkey::default(), false, 1));
    assert!(!belongs_in_snapshot(&settlement::ID, false, 0));
    assert!(!belongs_in_snapshot(&settlement::ID, true, 1));
    assert!(!belongs_in_snapshot(&bpf_loader_upgradeable::ID, false, 1));
    assert!(!belongs_in_snapshot(&CLOCK_SYSVAR_OWNER, false, 1));
    assert_eq!(node_written(&Pubkey::default(), false), None);
    assert_eq!(
        node_written(&Pubkey::default(), true).map(|why| why.to_string()),
        Some("executable (a program)".into())
    );
    assert_eq!(
        node_written(&BPF_LOADER, false).map(|why| why.to_string()),
        Some(format!("owned by BPF loader v2 ({BPF_LOADER})"))
    );
}

#[test]
fn concurrent_writers_each_replace_the_file_whole() {
    const WRITERS: u8 = 4;
    const WRITES: usize = 100;
    let dir = std::env::temp_dir().join(format!(
        "fulltime-replace-{}-{}",
        std::process::id(),
        Pubkey::new_unique()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("chain.snapshot");
    // Each writer's file is one byte repeated, long enough that a torn write would mix bytes.
    let contents = |writer: u8| vec![writer; 256 * 1024];
    std::thread::scope(|scope| {
        for writer in 0..WRITERS {
            let (path, bytes) = (&path, contents(writer));
            scope.spawn(move || {
                for _ in 0..WRITES {
                    write_atomically(path, &bytes).expect("each write succeeds");
                    let read = std::fs::read(path).expect("the file exists");
                    assert!(
                        (0..WRITERS).any(|writer| read == contents(writer)),
                        "a torn file of {} bytes",
                        read.len()
                    );
                }
            });
        }
    });
    let left: Vec<_> = std::fs::read_dir(&dir)
        .expect("dir")
        .map(|entry| entry.expect("entry").file_name())
        .collect();
    assert_eq!(left, vec![std::ffi::OsString::from("chain.snapshot")]);
    std::fs::remove_dir_all(&dir).expect("clean up");
}
