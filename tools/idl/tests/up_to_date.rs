//! The committed `idl/*.json` must be exactly what the programs generate (`idl --check`).

use std::process::Command;

#[test]
fn committed_idl_matches_the_programs() {
    let output = Command::new(env!("CARGO_BIN_EXE_idl"))
        .arg("--check")
        .output()
        .expect("run idl --check");
    assert!(
        output.status.success(),
        "idl --check failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
