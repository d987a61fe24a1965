use solana_signer::Signer;

use super::*;
use crate::framed::FrameError;
use crate::snapshot::tests::{sample, written_before as snapshot_written_before};

fn encode(bundle: &Bundle) -> Vec<u8> {
    BUNDLE_FILE.encode(bundle)
}

const CHECKSUM: BundleError = BundleError::Frame(FrameError::Checksum { file: &BUNDLE_FILE });

fn bundle() -> Bundle {
    Bundle {
        build: BundleBuild::current(),
        saved_at: 1_780_000_000,
        snapshot: sample().to_bytes(),
        wallets: vec![BundleWallet {
            name: "alice".into(),
            keypair: Keypair::new().to_bytes().to_vec(),
        }],
        proof_files: vec![BundleFile {
            name: "arsenal-home-goals-over-1.json".into(),
            text: "{}".into(),
        }],
        timeline: Some(BundleTimeline {
            file_name: "pro-rata-payouts.toml".into(),
            text: "match = \"arsenal-home-goals-over-1\"\n".into(),
            step: "settle".into(),
            cast: BundleCast::default(),
        }),
    }
}

/// `bundle` written to a file of this test's own and read back.
fn written_and_read(test: &str, bytes: &[u8]) -> Result<CheckedBundle, BundleError> {
    let path = std::env::temp_dir().join(format!(
        "fulltime-bundle-{test}-{}.bundle",
        std::process::id()
    ));
    std::fs::write(&path, bytes).expect("write");
    let read = Bundle::read(&path);
    std::fs::remove_file(&path).expect("clean up");
    read.map_err(|error| match error {
        BundleFileError::Invalid { error, .. } => error,
        other => panic!("{other}"),
    })
}

#[test]
fn a_bundle_reads_back_whole() {
    let bundle = bundle();
    let read = written_and_read("whole", &encode(&bundle)).expect("a bundle");
    assert_eq!(read.chain, sample_with(&bundle));
    assert_eq!(read.wallets.len(), 1);
    assert_eq!(read.wallets[0].0.as_str(), "alice");
    assert_eq!(
        read.wallets[0].1.pubkey(),
        Keypair::try_from(bundle.wallets[0].keypair.as_slice())
            .expect("keypair")
            .pubkey()
    );
    assert_eq!(read.proof_files, bundle.proof_files);
    assert_eq!(read.timeline, bundle.timeline);
}

fn sample_with(bundle: &Bundle) -> ChainSnapshot {
    ChainSnapshot::from_bytes(&bundle.snapshot).expect("the snapshot inside")
}

#[test]
fn any_byte_flipped_is_found_by_the_checksum() {
    let bytes = encode(&bundle());
    let body_start = BUNDLE_FILE.format_line.len() + 2;
    for index in (body_start..bytes.len()).step_by(97) {
        let mut damaged = bytes.clone();
        damaged[index] ^= 0x01;
        assert_eq!(
            written_and_read("flipped", &damaged).unwrap_err(),
            CHECKSUM,
            "byte {index}"
        );
    }
    let truncated = &bytes[..bytes.len() - 1];
    assert_eq!(
        written_and_read("truncated", truncated).unwrap_err(),
        CHECKSUM
    );
    assert_eq!(
        written_and_read("snapshot", &sample().to_bytes()).unwrap_err(),
        BundleError::Frame(FrameError::OtherFormat { file: &BUNDLE_FILE })
    );
}

#[test]
fn another_build_is_refused_naming_both() {
    let mut other = bundle();
    other.build.fingerprint[0] ^= 0xff;
    let error = written_and_read("other-build", &encode(&other)).unwrap_err();
    assert!(matches!(error, BundleError::OtherBuild { .. }), "{error}");
    let text = error.to_string();
    assert!(text.contains(&other.build.short_fingerprint()), "{text}");
    assert!(
        text.contains(&BundleBuild::current().short_fingerprint()),
        "{text}"
    );
}

#[test]
fn what_is_inside_is_checked_before_anything_is_used() {
    let mut bad_name = bundle();
    bad_name.wallets[0].name = "../alice".into();
    let mut bad_key = bundle();
    bad_key.wallets[0].keypair = vec![1; 10];
    let mut bad_file = bundle();
    bad_file.proof_files[0].name = "../../wallets/alice.json".into();
    let mut bad_snapshot = bundle();
    bad_snapshot.snapshot.truncate(40);
    let cases = [
        ("wallet name", bad_name, "its wallet `../alice`"),
        ("wallet key", bad_key, "its wallet `alice`: not a keypair"),
        (
            "file name",
            bad_file,
            "it names a file `../../wallets/alice.json`",
        ),
        (
            "snapshot",
            bad_snapshot,
            "its chain snapshot: corrupt or truncated",
        ),
    ];
    for (what, bundle, said) in cases {
        let error = written_and_read("inside", &encode(&bundle)).unwrap_err();
        assert!(error.to_string().contains(said), "{what}: {error}");
    }
}

#[test]
fn the_opened_directory_names_the_bundle_timeline_and_step() {
    let bundle = bundle();
    let read = written_and_read("opened", &encode(&bundle)).expect("a bundle");
    let files = read.opened_files(Path::new("/reports/bug-17.bundle"));
    let names: Vec<String> = files
        .iter()
        .map(|(path, _)| path.display().to_string())
        .collect();
    assert_eq!(
        names,
        [
            "bundle.json",
            "timeline.toml",
            "proofs/arsenal-home-goals-over-1.json"
        ]
    );
    let info: opened::OpenedInfo = serde_json::from_slice(&files[0].1).expect("bundle.json");
    assert_eq!(info.bundle, "/reports/bug-17.bundle");
    assert_eq!(info.wallets, ["alice"]);
    let timeline = info.timeline.expect("a timeline");
    assert_eq!(
        (timeline.file_name.as_str(), timeline.step.as_str()),
        ("pro-rata-payouts.toml", "settle")
    );
}

/// A bundle file as the build before the frame was shared by snapshots and bundles wrote it
/// (`client/src/bundle/encoding.rs`), of [`written_before`], around the snapshot file written
/// before: it still decodes, and is written again byte for byte.
const WRITTEN_BEFORE_HEX: &str = "\
    66756c6c74696d652062756e646c652076310a05000000302e312e300c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c\
    0c0c0c0c0c0c0c0c0c0c0c0c0c0c01a5186a000000008301000066756c6c74696d6520636861696e20736e617073\
    686f742076310a010101010101010101010101010101010101010101010101010101010101010102020202020202\
    02020202020202020202020202020202020202020202020202030303030303030303030303030303030303030303\
    030303030303030303030300a5186a00000000f07d186a00000000401918319e01000040e2010000000000150300\
    00000000002a00000000000000040404040404040404040404040404040404040404040404040404040404040401\
    00000002050505050505050505050505050505050505050505050505050505050505050501090000002f732f772e\
    6a736f6e010400000006060606010000000707070707070707070707070707070707070707070707070707070707\
    070707604d160000000000080808080808080808080808080808080808080808080808080808080808080800ffff\
    ffffffffffff03000000090a0b39df69042096c9c8e9ec35c987019992866c51a492afd0631630b158e5dafb7c01\
    00000005000000616c696365040000000d0d0d0d010000000a000000726f6f74732e6a736f6e020000007b7d0106\
    000000742e746f6d6c0600000078203d20310a06000000736574746c650100000003000000626f6205000000616c\
    69636501000000010000006d0300000000000000f80b18864c4277d6f8274d02fb904538c12086335e1f4142756b\
    b39dca53db2d";

fn written_before() -> Bundle {
    Bundle {
        build: BundleBuild {
            version: "0.1.0".into(),
            fingerprint: [12; 32],
        },
        saved_at: 1_780_000_001,
        snapshot: snapshot_written_before().to_bytes(),
        wallets: vec![BundleWallet {
            name: "alice".into(),
            keypair: vec![13; 4],
        }],
        proof_files: vec![BundleFile {
            name: "roots.json".into(),
            text: "{}".into(),
        }],
        timeline: Some(BundleTimeline {
            file_name: "t.toml".into(),
            text: "x = 1\n".into(),
            step: "settle".into(),
            cast: BundleCast {
                wallets: vec![("bob".into(), "alice".into())],
                markets: vec![("m".into(), 3)],
            },
        }),
    }
}

#[test]
fn a_file_written_before_the_shared_frame_decodes_and_is_written_the_same() {
    let bytes = hex::decode(WRITTEN_BEFORE_HEX).expect("hex");
    assert_eq!(BUNDLE_FILE.decode::<Bundle>(&bytes), Ok(written_before()));
    assert_eq!(encode(&written_before()), bytes);
    let inside = ChainSnapshot::from_bytes(&written_before().snapshot);
    assert_eq!(inside, Ok(snapshot_written_before()));
}
