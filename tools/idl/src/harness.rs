//! Builds the crates' lib test harnesses with `idl-build` and runs their IDL print tests.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde::Deserialize;

use crate::error::IdlError;
use crate::pieces::Pieces;

/// The filter that selects every IDL print test and nothing else.
const PRINT_TESTS: &str = "__anchor_private_print_idl";

/// The lib test harness of each package, built with its `idl-build` feature.
#[derive(Debug)]
pub struct Harnesses {
    executables: BTreeMap<String, PathBuf>,
}

/// Builds the lib test harnesses of `packages` in one cargo run, with each package's `idl-build`
/// feature, into the workspace's own target directory. Cargo's progress goes to stderr.
pub fn build(workspace: &Path, packages: &[&str]) -> Result<Harnesses, IdlError> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| OsString::from("cargo"));
    let features: Vec<String> = packages
        .iter()
        .map(|package| format!("{package}/idl-build"))
        .collect();
    let mut command = Command::new(cargo);
    command
        .current_dir(workspace)
        .args(["test", "--locked", "--lib", "--no-run"])
        .arg("--message-format=json-render-diagnostics")
        .args(packages.iter().flat_map(|package| ["-p", package]))
        .args(["--features", &features.join(",")])
        // What `anchor build` sets: account resolution (PDAs, relations) and docs in the IDL.
        // anchor-syn reads both when it is compiled, so they must never change between runs.
        .env("ANCHOR_IDL_BUILD_RESOLUTION", "TRUE")
        .env("ANCHOR_IDL_BUILD_NO_DOCS", "FALSE")
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit());
    let output = run(&mut command)?;

    let mut executables = BTreeMap::new();
    for line in output.lines().filter(|line| line.starts_with('{')) {
        let message: Message = serde_json::from_str(line).map_err(IdlError::CargoMessage)?;
        let (Some(target), Some(profile), Some(executable)) =
            (message.target, message.profile, message.executable)
        else {
            continue;
        };
        if message.reason != "compiler-artifact" || !profile.test {
            continue;
        }
        if let Some(package) = packages
            .iter()
            .find(|package| package.replace('-', "_") == target.name)
        {
            executables.insert((*package).to_owned(), executable);
        }
    }
    if let Some(package) = packages.iter().find(|p| !executables.contains_key(**p)) {
        return Err(IdlError::NoHarness {
            package: (*package).to_owned(),
        });
    }
    Ok(Harnesses { executables })
}

impl Harnesses {
    /// Runs the IDL print tests of `package` and reads what they print.
    pub fn print(&self, package: &str) -> Result<Pieces, IdlError> {
        let executable = self
            .executables
            .get(package)
            .ok_or_else(|| IdlError::NoHarness {
                package: package.to_owned(),
            })?;
        let mut command = Command::new(executable);
        command
            .args([PRINT_TESTS, "--show-output", "--quiet", "--test-threads=1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        Pieces::parse(package, &run(&mut command)?)
    }
}

/// Runs `command` and returns its stdout; a failure carries all it printed.
fn run(command: &mut Command) -> Result<String, IdlError> {
    let display = format!("{command:?}");
    let output = command.output().map_err(|source| IdlError::Spawn {
        command: display.clone(),
        source,
    })?;
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    if output.status.success() {
        return Ok(stdout);
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let printed = format!("{stdout}{stderr}");
    Err(IdlError::Failed {
        command: display,
        status: output.status,
        output: if printed.trim().is_empty() {
            String::new()
        } else {
            format!(":\n{}", printed.trim_end())
        },
    })
}

/// The part of a cargo JSON message that names a built test executable.
#[derive(Deserialize)]
struct Message {
    reason: String,
    target: Option<Target>,
    profile: Option<Profile>,
    executable: Option<PathBuf>,
}

#[derive(Deserialize)]
struct Target {
    name: String,
}

#[derive(Deserialize)]
struct Profile {
    test: bool,
}
