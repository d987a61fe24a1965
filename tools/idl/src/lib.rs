//! The Anchor IDL of the Fulltime programs, generated without the Anchor CLI.
//!
//! With anchor-lang's `idl-build` feature, `#[program]`, `#[error_code]`, `#[constant]` and
//! `#[event]` each add a `__anchor_private_print_idl_*` test to their crate that prints one piece
//! of the IDL. `anchor build` runs those tests and puts the pieces together; so does this crate:
//! [`harness`] builds and runs the tests, [`pieces`] reads what they print and assembles the IDL
//! the way anchor-lang-idl's `IdlBuilder` does.
//!
//! Unlike `IdlBuilder`, the build keeps the caller's `RUSTFLAGS` (so it shares the workspace's
//! compiled dependencies instead of rebuilding every one of them) and can take a program's errors
//! from another crate: the mock oracle raises `txline_interface::OracleError`, whose print test
//! only exists in the `txline-interface` test harness.

pub mod error;
pub mod harness;
pub mod pieces;

use std::fs;
use std::path::{Path, PathBuf};

pub use error::IdlError;

/// A program whose IDL is generated.
#[derive(Debug, Clone, Copy)]
pub struct Program {
    /// Its Cargo package.
    pub package: &'static str,
    /// The IDL file under `idl/`.
    pub file: &'static str,
    /// Packages whose `#[error_code]` enum the program raises as its own errors.
    pub error_crates: &'static [&'static str],
}

/// The programs with a committed IDL. The mainnet-id build of the mock oracle differs from the
/// devnet one only in its address, so it has none.
pub const PROGRAMS: [Program; 2] = [
    Program {
        package: "settlement",
        file: "settlement.json",
        error_crates: &[],
    },
    Program {
        package: "mock-oracle",
        file: "mock_oracle.json",
        error_crates: &["txline-interface"],
    },
];

/// One generated IDL file: its name under `idl/` and its contents.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdlFile {
    pub name: &'static str,
    pub contents: String,
}

/// Where the IDL files are committed.
pub fn idl_dir(workspace: &Path) -> PathBuf {
    workspace.join("idl")
}

/// Builds the programs with `idl-build`, runs their IDL print tests and returns every program's
/// IDL as pretty JSON with a trailing newline.
pub fn generate(workspace: &Path) -> Result<Vec<IdlFile>, IdlError> {
    let mut packages: Vec<&str> = Vec::new();
    for program in &PROGRAMS {
        for package in std::iter::once(&program.package).chain(program.error_crates) {
            if !packages.contains(package) {
                packages.push(package);
            }
        }
    }
    let harnesses = harness::build(workspace, &packages)?;
    PROGRAMS
        .iter()
        .map(|program| {
            let mut pieces = harnesses.print(program.package)?;
            for package in program.error_crates {
                pieces.take_errors_of(harnesses.print(package)?)?;
            }
            let idl = pieces.into_idl(program.package)?;
            let mut contents = serde_json::to_string_pretty(&idl)?;
            contents.push('\n');
            Ok(IdlFile {
                name: program.file,
                contents,
            })
        })
        .collect()
}

/// How a committed IDL file differs from the generated one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stale {
    Missing(&'static str),
    Differs(&'static str),
}

impl Stale {
    pub fn name(self) -> &'static str {
        match self {
            Stale::Missing(name) | Stale::Differs(name) => name,
        }
    }
}

impl std::fmt::Display for Stale {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stale::Missing(name) => write!(f, "idl/{name} is missing"),
            Stale::Differs(name) => write!(
                f,
                "idl/{name} is stale: it differs from what the program generates"
            ),
        }
    }
}

/// The files in `dir` that are missing or differ from `files`.
pub fn stale(dir: &Path, files: &[IdlFile]) -> Result<Vec<Stale>, IdlError> {
    let mut stale = Vec::new();
    for file in files {
        let path = dir.join(file.name);
        match fs::read_to_string(&path) {
            Ok(committed) if committed == file.contents => {}
            Ok(_) => stale.push(Stale::Differs(file.name)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
                stale.push(Stale::Missing(file.name));
            }
            Err(source) => return Err(IdlError::Io { path, source }),
        }
    }
    Ok(stale)
}

/// Writes `files` into `dir`, returning the names of those that changed.
pub fn write(dir: &Path, files: &[IdlFile]) -> Result<Vec<&'static str>, IdlError> {
    let changed: Vec<&str> = stale(dir, files)?.into_iter().map(Stale::name).collect();
    fs::create_dir_all(dir).map_err(|source| IdlError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    for file in files.iter().filter(|file| changed.contains(&file.name)) {
        let path = dir.join(file.name);
        fs::write(&path, &file.contents).map_err(|source| IdlError::Io { path, source })?;
    }
    Ok(changed)
}
