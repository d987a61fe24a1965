//! A keypair file whose writer is killed (SIGKILL) at varied moments, again and again: after
//! each kill the file is absent or a whole keypair, never empty or half written. The writer is
//! this test binary itself, run as the ignored test below, so no other program is built.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fulltime_client::keypair::read_keypair_file;
use fulltime_files::keypair_file::write_keypair_file;
use fulltime_files::whole_file::Existing;
use solana_keypair::Keypair;

/// Tells the writer which file to write.
const WRITER_PATH: &str = "FULLTIME_KEYPAIR_WRITER_PATH";
const WRITER_TEST: &str = "writes_one_keypair_file_until_killed";
const KILLS: u32 = 60;
/// An upper bound against a hang, never a measure: a writer that has not written by then failed.
const FIRST_WRITE_WITHIN: Duration = Duration::from_secs(60);

/// The writer: replaces one keypair file as fast as it can until it is killed.
#[test]
#[ignore = "the child process of a_writer_killed_at_any_moment_leaves_a_whole_keypair_or_none"]
fn writes_one_keypair_file_until_killed() {
    let path = std::env::var_os(WRITER_PATH)
        .map(PathBuf::from)
        .expect("run by a_writer_killed_at_any_moment_leaves_a_whole_keypair_or_none");
    // One keypair: the loop is all writing, so a kill lands in a write nearly every time.
    let keypair = Keypair::new();
    loop {
        write_keypair_file(&keypair, &path, Existing::Replace).expect("a write");
    }
}

fn spawn_writer(path: &Path) -> Child {
    Command::new(std::env::current_exe().expect("this test binary"))
        .args([WRITER_TEST, "--exact", "--ignored", "--quiet"])
        .env(WRITER_PATH, path)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn the writer")
}

#[test]
fn a_writer_killed_at_any_moment_leaves_a_whole_keypair_or_none() {
    let dir = std::env::temp_dir().join(format!("fulltime-keypair-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("test dir");
    let path = dir.join("id.json");
    for kill in 0..KILLS {
        let mut writer = spawn_writer(&path);
        // Every other round from a file of the last round's, the others from none; the kill
        // comes once the writer has written, after 0 to 1.9 ms more of writing.
        if kill % 2 == 0 {
            let _ = std::fs::remove_file(&path);
            let started = Instant::now();
            while !path.exists() {
                assert!(
                    started.elapsed() < FIRST_WRITE_WITHIN,
                    "the writer never wrote"
                );
                std::thread::sleep(Duration::from_micros(200));
            }
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
        std::thread::sleep(Duration::from_micros(u64::from(kill % 20) * 100));
        writer.kill().expect("SIGKILL the writer");
        writer.wait().expect("the writer ended");

        match std::fs::read(&path) {
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
            Err(error) => panic!("kill {kill}: cannot read {}: {error}", path.display()),
            Ok(bytes) => {
                assert!(
                    read_keypair_file(&path).is_ok(),
                    "kill {kill}: {} holds {} bytes that are no keypair: {:?}",
                    path.display(),
                    bytes.len(),
                    String::from_utf8_lossy(&bytes)
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).expect("clean up");
}
