//! `localnet --bundle`: a bundle opens a chain with its wallet book and its timeline's step, and
//! one that is damaged, from another build or holding an account at a program id is refused
//! whole, naming the file and why, with the state directory byte for byte as it was.

mod common;

use std::path::{Path, PathBuf};

use anchor_lang::prelude::Pubkey;
use common::{binary, picture, refused_start, save_snapshot, unique_dir, write_wallet};
use fulltime_files::bundle::opened::{OPENED_DIR, OpenedInfo, PROOFS_DIR, TIMELINE_FILE};
use fulltime_files::bundle::{
    Bundle, BundleBuild, BundleCast, BundleFile, BundleTimeline, BundleWallet,
};
use fulltime_files::snapshot::{ChainClock, ChainSnapshot, SnapshotAccount};
use fulltime_files::wallet_book::WalletBook;
use fulltime_testkit::process::LocalnetProcess;
use solana_keypair::{Keypair, write_keypair_file};
use solana_signer::Signer;

const WALLET: &str = "wallet.json";

/// A bundle of `chain` with the wallet `alice`, one proof file and a timeline at `settle`.
fn bundle_of(chain: &ChainSnapshot, alice: &Keypair) -> Bundle {
    Bundle {
        build: BundleBuild::current(),
        saved_at: 1_780_000_000,
        snapshot: chain.to_bytes(),
        wallets: vec![BundleWallet {
            name: "alice".into(),
            keypair: alice.to_bytes().to_vec(),
        }],
        proof_files: vec![BundleFile {
            name: "arsenal-home-goals-over-1.json".into(),
            text: "{\"case\": 1}".into(),
        }],
        timeline: Some(BundleTimeline {
            file_name: "pro-rata-payouts.toml".into(),
            text: "# the timeline\n".into(),
            step: "settle".into(),
            cast: BundleCast::default(),
        }),
    }
}

fn write(dir: &Path, name: &str, bundle: &Bundle) -> PathBuf {
    let path = dir.join(format!("{name}.bundle"));
    bundle.write(&path).expect("write the bundle");
    path
}

/// `localnet --bundle path` in `state_dir`, refused with every file as it was; its stderr.
fn refused_unchanged(state_dir: &Path, path: &Path) -> String {
    let before = picture(state_dir);
    let stderr = refused_start(state_dir, &["--bundle", path.to_str().expect("UTF-8")]);
    assert_eq!(picture(state_dir), before, "{stderr}");
    assert!(
        stderr.contains(&format!("the bundle {} cannot be opened", path.display())),
        "{stderr}"
    );
    stderr
}

#[tokio::test]
async fn a_bundle_opens_with_its_wallets_and_step_and_a_bad_one_changes_nothing() {
    let source_dir = unique_dir("bundle-source");
    let wallet = source_dir.join(WALLET);
    write_wallet(&wallet);
    let node = LocalnetProcess::start_in_dir(binary(), &source_dir, &wallet, &[]).expect("ready");
    let saved = save_snapshot(&node, "whole").await;
    node.terminate().expect("stops");
    let chain = ChainSnapshot::read(&saved).expect("the saved snapshot");
    let files = unique_dir("bundle-files");
    std::fs::create_dir_all(&files).expect("a directory");
    let alice = Keypair::new();
    let good = bundle_of(&chain, &alice);

    // Damaged: one byte flipped in the middle.
    let mut damaged = std::fs::read(write(&files, "damaged", &good)).expect("read");
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0x01;
    let damaged_path = files.join("damaged.bundle");
    std::fs::write(&damaged_path, damaged).expect("write");
    // Another build: its fingerprint changed.
    let mut other_build = good.clone();
    other_build.build.fingerprint[0] ^= 0xff;
    let other_build = write(&files, "other-build", &other_build);
    // An account at the settlement program's id, data only but where the program is.
    let mut at_program = chain.clone();
    at_program.accounts.push(SnapshotAccount {
        address: settlement::ID,
        lamports: 1_000_000,
        owner: Pubkey::new_unique(),
        executable: false,
        rent_epoch: 0,
        data: vec![1, 2, 3],
    });
    at_program.accounts.sort_by_key(|account| account.address);
    let at_program = write(&files, "at-program", &bundle_of(&at_program, &alice));

    // A state directory with a kept chain, a wallet book and an earlier bundle's directory, and
    // one that does not exist.
    let kept = unique_dir("bundle-target");
    std::fs::create_dir_all(kept.join(OPENED_DIR)).expect("a directory");
    std::fs::copy(&saved, kept.join("chain.snapshot")).expect("a kept chain");
    std::fs::write(kept.join(OPENED_DIR).join("bundle.json"), "{}").expect("an earlier one");
    let book = WalletBook::in_state_dir(&kept);
    std::fs::create_dir_all(book.dir()).expect("the wallet book");
    write_keypair_file(&Keypair::new(), book.dir().join("carol.json")).expect("carol");
    let absent = unique_dir("bundle-absent");
    for state_dir in [&kept, &absent] {
        let stderr = refused_unchanged(state_dir, &damaged_path);
        assert!(stderr.contains("its checksum does not match"), "{stderr}");
        let stderr = refused_unchanged(state_dir, &other_build);
        assert!(stderr.contains("it comes from another build"), "{stderr}");
        let stderr = refused_unchanged(state_dir, &at_program);
        assert!(
            stderr.contains(&format!("it holds an account at {}", settlement::ID)),
            "{stderr}"
        );
    }
    assert!(!absent.exists());

    // The wallet book here gives `alice` another key: refused, the key is never replaced.
    write_keypair_file(&Keypair::new(), book.dir().join("alice.json")).expect("another alice");
    let good_path = write(&files, "good", &good);
    let stderr = refused_unchanged(&kept, &good_path);
    assert!(stderr.contains("its wallet `alice`"), "{stderr}");
    std::fs::remove_file(book.dir().join("alice.json")).expect("remove it");

    // The good one opens: its chain, `alice` in the book, the timeline and step in bundle/.
    let target_wallet = kept.join(WALLET);
    write_wallet(&target_wallet);
    let opened = LocalnetProcess::start_in_dir(
        binary(),
        &kept,
        &target_wallet,
        &["--bundle", good_path.to_str().expect("UTF-8")],
    )
    .expect("the bundle opens");
    let env = opened.env().expect("env.json");
    assert_eq!(env.mint, chain.mint);
    let alice_entry = book
        .get(&"alice".parse().expect("a name"))
        .expect("alice in the book");
    assert_eq!(alice_entry.address, alice.pubkey());
    assert!(book.get(&"carol".parse().expect("a name")).is_ok());
    let info = OpenedInfo::load(&kept)
        .expect("bundle.json")
        .expect("a bundle opened");
    assert_eq!(info.bundle, good_path.display().to_string());
    assert_eq!(info.wallets, ["alice"]);
    assert_eq!(info.timeline.expect("a timeline").step, "settle");
    let opened_dir = kept.join(OPENED_DIR);
    assert_eq!(
        std::fs::read_to_string(opened_dir.join(TIMELINE_FILE)).expect("the timeline"),
        "# the timeline\n"
    );
    assert!(
        opened_dir
            .join(PROOFS_DIR)
            .join("arsenal-home-goals-over-1.json")
            .is_file()
    );
    opened.terminate().expect("stops");

    // A start that replaces the chain otherwise takes the bundle's directory with it.
    let reset = LocalnetProcess::start_in_dir(binary(), &kept, &target_wallet, &["--reset"])
        .expect("a new chain");
    assert!(!opened_dir.exists());
    reset.terminate().expect("stops");
    for dir in [source_dir, files, kept] {
        std::fs::remove_dir_all(dir).expect("clean up");
    }
}

/// ESC clearing the screen, OSC 52 setting the clipboard (ended by BEL), a right-to-left
/// override; and how `localnet` prints them.
const HOSTILE: &str = "\u{1b}[2J\u{1b}]52;c;cm0gLXJmIH4=\u{7}\u{202e}evil";
const SHOWN: &str = "\\u{1b}[2J\\u{1b}]52;c;cm0gLXJmIH4=\\u{7}\\u{202e}evil";

#[test]
fn a_bundle_past_the_chains_bounds_or_with_hostile_names_is_refused_and_printed_escaped() {
    let files = unique_dir("bundle-hostile");
    std::fs::create_dir_all(&files).expect("a directory");
    let state_dir = unique_dir("bundle-hostile-target");
    let sane = ChainClock {
        unix_ms: 1_778_940_000_000,
        slot: 5_000,
        block_height: 40,
        transaction_count: 39,
    };
    let good = bundle_of(
        &common::hand_made_snapshot(sane, Vec::new()),
        &Keypair::new(),
    );

    let mut named = good.clone();
    named.wallets[0].name = format!("alice{HOSTILE}");
    let mut versioned = good.clone();
    versioned.build.version = format!("0.1.0{HOSTILE}");
    let late = bundle_of(
        &common::hand_made_snapshot(
            ChainClock {
                unix_ms: u64::MAX - 5,
                ..sane
            },
            Vec::new(),
        ),
        &Keypair::new(),
    );
    for (name, bundle, says) in [
        (
            "hostile-wallet",
            named,
            format!("its wallet `alice{SHOWN}`"),
        ),
        (
            "hostile-version",
            versioned,
            format!("Fulltime 0.1.0{SHOWN}"),
        ),
        (
            "late-clock",
            late,
            "its clock is 18446744073709551610 unix milliseconds, past the latest a chain may \
             be at, 253402300799999"
                .to_owned(),
        ),
    ] {
        let path = write(&files, name, &bundle);
        let stderr = refused_unchanged(&state_dir, &path);
        assert!(stderr.contains(&says), "{name}: {says:?} not in {stderr:?}");
        let steering = stderr
            .chars()
            .find(|char| (char.is_control() && *char != '\n') || *char == '\u{202e}');
        assert_eq!(steering, None, "{name}: {stderr:?}");
    }
    assert!(!state_dir.exists());
    std::fs::remove_dir_all(&files).expect("clean up");
}
