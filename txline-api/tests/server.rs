//! The `txline-api` binary end to end: started on a free loopback port with a state directory of
//! its own, it makes and saves its credentials, says where it serves, and `TxlineApi` (the client
//! `fulltime` uses) reads fixtures, records and one- and two-stat proofs from it; each proof
//! verifies link by link up to the catalog's posted root of its slot. Wrong credentials are
//! refused, a restart keeps the credentials, and SIGTERM stops it.

use std::path::{Path, PathBuf};
use std::process::{ExitStatus, Stdio};
use std::time::Duration;

use fulltime_client::txline::TxlineProof;
use fulltime_client::txline::api::{
    Credentials, CredentialsFile, SERVING, StatRequest, TxlineApi, TxlineError,
};
use fulltime_client::txline_interface::proof::{root_from_path, stat_leaf, summary_leaf};
use fulltime_client::txline_interface::time::{epoch_day, hour_minute_of};
use fulltime_matches::catalog::{Catalog, Fixture};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, BufReader};
use tokio::process::{Child, Command};

const START_WITHIN: Duration = Duration::from_secs(30);

/// A running `txline-api`, its base URL and its log (stderr, read as it comes); killed when
/// dropped.
struct Server {
    child: Child,
    base_url: String,
    ready_line: String,
    log: tokio::task::JoinHandle<String>,
}

impl Server {
    /// On `port` (0: a free one).
    async fn start(state_dir: &Path, port: u16) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_txline-api"))
            .args([
                "--bind",
                "127.0.0.1",
                "--port",
                &port.to_string(),
                "--state-dir",
            ])
            .arg(state_dir)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("start txline-api");
        let mut stderr = child.stderr.take().expect("its stderr");
        let log = tokio::spawn(async move {
            let mut log = String::new();
            let _ = stderr.read_to_string(&mut log).await;
            log
        });
        let stdout = child.stdout.take().expect("its stdout");
        let mut lines = BufReader::new(stdout).lines();
        let ready_line = tokio::time::timeout(START_WITHIN, lines.next_line())
            .await
            .expect("the ready line in time")
            .expect("stdout readable")
            .expect("a ready line before the output ends");
        let base_url = ready_line
            .strip_prefix(&format!("{SERVING} "))
            .unwrap_or_else(|| panic!("not the ready line: {ready_line:?}"))
            .to_owned();
        assert!(base_url.starts_with("http://127.0.0.1:"), "{base_url}");
        Self {
            child,
            base_url,
            ready_line,
            log,
        }
    }

    fn credentials(&self, state_dir: &Path) -> Option<Credentials> {
        CredentialsFile::load(state_dir)
            .expect("txline.toml")
            .get(&self.base_url)
            .cloned()
    }

    fn port(&self) -> u16 {
        self.base_url
            .rsplit(':')
            .next()
            .and_then(|port| port.parse().ok())
            .expect("a port")
    }

    /// SIGTERM; how it ended and what it logged.
    async fn terminate(mut self) -> (ExitStatus, String) {
        let pid = self.child.id().expect("running");
        let pid = libc::pid_t::try_from(pid).expect("a pid");
        // SAFETY: kill has no memory effects in this process.
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
        let status = tokio::time::timeout(START_WITHIN, self.child.wait())
            .await
            .expect("stopped in time")
            .expect("an exit status");
        let log = self.log.await.expect("the log");
        (status, log)
    }
}

fn state_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("fulltime-txline-api-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Checks each link of `proof`: the stats up to the record's stat root, that root up to the
/// fixture's events root, the summary up to the posted root of the batch's slot.
fn assert_verifies(proof: &TxlineProof) {
    for proven in std::iter::once(&proof.stat).chain(&proof.stat_b) {
        assert_eq!(
            root_from_path(stat_leaf(&proven.stat), &proven.path),
            proof.event_stat_root,
            "stat {} up to the record's stat root",
            proven.stat.key
        );
    }
    let summary = &proof.fixture_summary;
    assert_eq!(
        root_from_path(proof.event_stat_root, &proof.fixture_proof),
        summary.events_sub_tree_root,
        "the record up to the fixture's events root"
    );
    assert_eq!(proof.ts, summary.update_stats.min_timestamp);
    let root = root_from_path(summary_leaf(summary), &proof.main_tree_proof);
    let day = epoch_day(proof.ts).expect("a day the oracle files");
    let (hour, minute) = hour_minute_of(proof.ts);
    let posted = Catalog::committed()
        .roots()
        .roots
        .into_iter()
        .find(|posted| {
            (posted.epoch_day, posted.hour_of_day, posted.minute_of_hour) == (day, hour, minute)
        })
        .expect("the slot's root is posted");
    assert_eq!(
        root, posted.root,
        "the summary up to the slot's posted root"
    );
}

/// A fixture whose last record has two stats and lies in a posted slot.
fn proven_fixture() -> (&'static Fixture, u32, u32, u32) {
    let roots = Catalog::committed().roots().roots;
    Catalog::committed()
        .fixtures()
        .iter()
        .find_map(|fixture| {
            let record = fixture.records.last()?;
            let (hour, minute) = hour_minute_of(record.ts);
            let posted = roots.iter().any(|root| {
                Some(root.epoch_day) == epoch_day(record.ts)
                    && (root.hour_of_day, root.minute_of_hour) == (hour, minute)
            });
            (posted && record.stats.len() >= 2).then(|| {
                (
                    fixture,
                    record.seq,
                    record.stats[0].key,
                    record.stats[1].key,
                )
            })
        })
        .expect("a fixture to prove")
}

#[tokio::test]
async fn the_client_reads_fixtures_records_and_proofs_that_verify_up_to_the_posted_root() {
    let dir = state_dir("client");
    let server = Server::start(&dir, 0).await;
    let credentials = server
        .credentials(&dir)
        .expect("the server saved its credentials under its base URL");
    let api = TxlineApi::new(&server.base_url, credentials.clone()).expect("a client");
    let catalog = Catalog::committed();

    let fixtures = api.fixtures().await.expect("fixtures");
    assert_eq!(fixtures.len(), catalog.fixtures().len());
    let (fixture, seq, first, second) = proven_fixture();
    assert_eq!(
        api.fixture(fixture.fixture_id).await.expect("the fixture"),
        fixture.to_json()
    );
    let records = api.scores(fixture.fixture_id).await.expect("its records");
    let expected: Vec<_> = fixture
        .records
        .iter()
        .map(|record| record.to_score_record(fixture.fixture_id))
        .collect();
    assert_eq!(records, expected);

    for stat_key2 in [None, Some(second)] {
        let request = StatRequest {
            fixture_id: fixture.fixture_id,
            seq,
            stat_key: first,
            stat_key2,
        };
        let proof = api.stat_validation(request).await.expect("a proof");
        assert_eq!(proof.stat_keys(), (first, stat_key2));
        assert_verifies(&proof);
        assert_eq!(proof, catalog.prove(request).expect("the catalog's"));
    }

    let missing = api
        .stat_validation(StatRequest {
            fixture_id: fixture.fixture_id,
            seq,
            stat_key: 9_999_999,
            stat_key2: None,
        })
        .await
        .expect_err("no such stat");
    assert!(
        matches!(missing, TxlineError::NotFound { .. }),
        "{missing:?}"
    );

    let wrong = TxlineApi::new(
        &server.base_url,
        Credentials {
            jwt: credentials.jwt.clone(),
            api_token: "not-the-token".into(),
        },
    )
    .expect("a client");
    let refused = wrong.fixtures().await.expect_err("wrong token");
    assert!(
        matches!(refused, TxlineError::Refused { status: 403, .. }),
        "{refused:?}"
    );

    let (status, _) = server.terminate().await;
    assert!(status.success(), "SIGTERM ends it cleanly: {status}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_restart_keeps_the_credentials_and_nothing_prints_them() {
    let dir = state_dir("restart");
    let server = Server::start(&dir, 0).await;
    let credentials = server.credentials(&dir).expect("saved");
    let port = server.port();
    let mut printed = server.ready_line.clone();
    let (status, log) = server.terminate().await;
    assert!(status.success(), "{status}");
    assert!(log.contains("generated into"), "{log}");
    printed.push_str(&log);

    // The same base URL again: its entry is found, not replaced.
    let again = Server::start(&dir, port).await;
    assert_eq!(again.credentials(&dir).as_ref(), Some(&credentials));
    let api = TxlineApi::new(&again.base_url, credentials.clone()).expect("a client");
    api.fixtures()
        .await
        .expect("the kept credentials still work");
    printed.push_str(&again.ready_line);
    let (status, log) = again.terminate().await;
    assert!(status.success(), "{status}");
    assert!(log.contains("kept in"), "{log}");
    printed.push_str(&log);

    for secret in [&credentials.jwt, &credentials.api_token] {
        assert!(
            !printed.contains(secret.as_str()),
            "a credential was printed:\n{printed}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
