use solana_signer::Signer;

use super::*;
use crate::snapshot::tests::sample;

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
    let read = written_and_read("whole", &encoding::encode(&bundle)).expect("a bundle");
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
    let bytes = encoding::encode(&bundle());
    let body_start = FORMAT_LINE.len() + 2;
    for index in (body_start..bytes.len()).step_by(97) {
        let mut damaged = bytes.clone();
        damaged[index] ^= 0x01;
        assert_eq!(
            written_and_read("flipped", &damaged).unwrap_err(),
            BundleError::Checksum,
            "byte {index}"
        );
    }
    let truncated = &bytes[..bytes.len() - 1];
    assert_eq!(
        written_and_read("truncated", truncated).unwrap_err(),
        BundleError::Checksum
    );
    assert_eq!(
        written_and_read("snapshot", &sample().to_bytes()).unwrap_err(),
        BundleError::NotABundle
    );
}

#[test]
fn another_build_is_refused_naming_both() {
    let mut other = bundle();
    other.build.fingerprint[0] ^= 0xff;
    let error = written_and_read("other-build", &encoding::encode(&other)).unwrap_err();
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
        let error = written_and_read("inside", &encoding::encode(&bundle)).unwrap_err();
        assert!(error.to_string().contains(said), "{what}: {error}");
    }
}

#[test]
fn the_opened_directory_names_the_bundle_timeline_and_step() {
    let bundle = bundle();
    let read = written_and_read("opened", &encoding::encode(&bundle)).expect("a bundle");
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
