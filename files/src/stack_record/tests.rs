use super::*;

fn process(pid: u32, program: &str) -> ProcessRecord {
    ProcessRecord {
        pid,
        program: program.into(),
    }
}

fn record() -> StackRecord {
    StackRecord {
        supervisor: process(10, "fulltime-stack"),
        node: process(11, "localnet"),
        faucet: process(12, "faucet"),
        txline: Some(process(13, "txline-api")),
        rpc_url: "http://127.0.0.1:8899".into(),
        ws_url: "ws://127.0.0.1:8900".into(),
        faucet_url: "http://127.0.0.1:8080".into(),
        txline_url: Some("http://127.0.0.1:8090".into()),
        wallet: "/state/wallet.json".into(),
        logs: vec!["/state/localnet.log".into()],
    }
}

fn state_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "fulltime-stack-record-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("state dir");
    dir
}

/// This test process, as a record names a live part.
fn this_process() -> ProcessRecord {
    let pid = std::process::id();
    process(pid, &running_process::program_name(pid).unwrap_or_default())
}

#[test]
fn the_record_names_the_txline_api_and_its_url_and_reads_back() {
    let record = record();
    let json = serde_json::to_value(&record).expect("serializes");
    assert_eq!(json["txline_url"], "http://127.0.0.1:8090");
    assert_eq!(json["txline"]["program"], "txline-api");
    assert_eq!(
        serde_json::from_value::<StackRecord>(json).expect("reads back"),
        record
    );
    let names: Vec<&str> = record.processes().iter().map(|(name, _)| *name).collect();
    assert_eq!(names, ["supervisor", "faucet", "txline-api", "localnet"]);
}

#[test]
fn a_record_from_before_the_txline_api_still_reads() {
    let mut json = serde_json::to_value(record()).expect("serializes");
    let object = json.as_object_mut().expect("an object");
    object.remove("txline");
    object.remove("txline_url");
    let old: StackRecord = serde_json::from_value(json).expect("reads");
    assert_eq!(old.processes().len(), 3);
    assert_eq!((old.txline, old.txline_url), (None, None));
}

/// The bytes the supervisor wrote while the format lived in `fulltime-stack`: scripts read them.
#[test]
fn the_file_is_written_as_before_and_loads_back() {
    let dir = state_dir("bytes");
    assert_eq!(StackRecord::load(&dir).expect("no file is no error"), None);
    let record = record();
    record.save(&dir).expect("save");
    let written = std::fs::read_to_string(dir.join(STACK_FILE)).expect("stack.json");
    assert_eq!(
        written,
        r#"{
  "supervisor": {
    "pid": 10,
    "program": "fulltime-stack"
  },
  "node": {
    "pid": 11,
    "program": "localnet"
  },
  "faucet": {
    "pid": 12,
    "program": "faucet"
  },
  "txline": {
    "pid": 13,
    "program": "txline-api"
  },
  "rpc_url": "http://127.0.0.1:8899",
  "ws_url": "ws://127.0.0.1:8900",
  "faucet_url": "http://127.0.0.1:8080",
  "txline_url": "http://127.0.0.1:8090",
  "wallet": "/state/wallet.json",
  "logs": [
    "/state/localnet.log"
  ]
}
"#
    );
    assert_eq!(StackRecord::load(&dir).expect("loads"), Some(record));
    std::fs::write(dir.join(STACK_FILE), "{}").expect("write");
    let error = StackRecord::load(&dir).expect_err("not a record");
    assert!(
        error
            .to_string()
            .contains("stack.json is not a stack record"),
        "{error}"
    );
    StackRecord::remove(&dir);
    assert_eq!(StackRecord::load(&dir).expect("removed"), None);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_faucet_url_counts_only_while_the_faucet_runs() {
    let mut record = record();
    record.faucet = this_process();
    record.faucet_url = "http://127.0.0.1:18080".into();
    assert_eq!(record.running_faucet_url(), Some("http://127.0.0.1:18080"));

    let mut child = std::process::Command::new("true")
        .spawn()
        .expect("spawn true");
    record.faucet = process(child.id(), "true");
    child.wait().expect("reap true");
    assert_eq!(record.running_faucet_url(), None);
}
