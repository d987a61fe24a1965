use sha2::{Digest, Sha256};

use super::*;

static TEST_FILE: FramedFile = FramedFile {
    format_line: "fulltime test file v",
    version: 3,
    name: "test file",
    short_name: "test file",
    damaged: "broken",
};

#[test]
fn a_value_is_its_line_its_borsh_encoding_and_their_checksum() {
    let body = 7u32.to_le_bytes();
    let mut expected = b"fulltime test file v3\n".to_vec();
    expected.extend_from_slice(&body);
    expected.extend_from_slice(&Sha256::digest(body));
    assert_eq!(TEST_FILE.encode(&7u32), expected);
    assert_eq!(TEST_FILE.decode::<u32>(&expected), Ok(7));
}

#[test]
fn each_fault_is_told_in_the_formats_words() {
    let bytes = TEST_FILE.encode(&7u32);
    let fault = |bytes: &[u8]| {
        TEST_FILE
            .decode::<u32>(bytes)
            .expect_err("not a whole file")
            .to_string()
    };
    assert_eq!(
        fault(b"fulltime chain snapshot v1\n"),
        "not a Fulltime test file (it does not start with `fulltime test file v3`)"
    );
    assert_eq!(
        fault(b"fulltime test file v12\n"),
        "a test file of format version 12; this build reads version 3"
    );
    assert_eq!(
        fault(&bytes[..bytes.len() - 1]),
        "broken or truncated: its checksum does not match its contents"
    );
    let mut long = b"fulltime test file v3\n".to_vec();
    let body = [1u8, 2, 3, 4, 5];
    long.extend_from_slice(&body);
    long.extend_from_slice(&Sha256::digest(body));
    assert_eq!(fault(&long), "broken: Not all bytes read");
}

#[test]
fn a_version_line_without_its_newline_is_another_format() {
    let mut bytes = b"fulltime test file v".to_vec();
    bytes.extend_from_slice(&[b'3'; VERSION_LINE_MAX]);
    assert_eq!(
        TEST_FILE.decode::<u32>(&bytes),
        Err(FrameError::OtherFormat { file: &TEST_FILE })
    );
}

#[test]
fn snapshots_and_bundles_tell_their_faults_as_before_the_frame_was_shared() {
    use crate::bundle::BUNDLE_FILE;
    use crate::snapshot::SNAPSHOT_FILE;
    let faults = |file: &'static FramedFile| {
        let found = "2".to_owned();
        let reason = "Unexpected length of input".to_owned();
        [
            FrameError::OtherFormat { file },
            FrameError::Version { file, found },
            FrameError::Checksum { file },
            FrameError::Decode { file, reason },
        ]
        .map(|fault| fault.to_string())
    };
    assert_eq!(
        faults(&SNAPSHOT_FILE),
        [
            "not a Fulltime chain snapshot (it does not start with `fulltime chain snapshot v1`)",
            "a snapshot of format version 2; this build reads version 1",
            "corrupt or truncated: its checksum does not match its contents",
            "corrupt: Unexpected length of input",
        ]
    );
    assert_eq!(
        faults(&BUNDLE_FILE),
        [
            "not a Fulltime bundle (it does not start with `fulltime bundle v1`)",
            "a bundle of format version 2; this build reads version 1",
            "damaged or truncated: its checksum does not match its contents",
            "damaged: Unexpected length of input",
        ]
    );
}
