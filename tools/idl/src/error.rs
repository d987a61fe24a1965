use std::path::PathBuf;

/// Why the IDL could not be generated, checked or written.
#[derive(Debug, thiserror::Error)]
pub enum IdlError {
    #[error("cannot run `{command}`: {source}")]
    Spawn {
        command: String,
        source: std::io::Error,
    },
    /// The command's own output says why; it is included when it was captured.
    #[error("`{command}` failed ({status}){output}")]
    Failed {
        command: String,
        status: std::process::ExitStatus,
        output: String,
    },
    #[error("cargo printed a message that is not JSON: {0}")]
    CargoMessage(serde_json::Error),
    #[error("cargo built no lib test harness for {package}")]
    NoHarness { package: String },
    #[error("{package}: the IDL section `{section}` is not valid JSON: {source}")]
    Section {
        package: String,
        section: String,
        source: serde_json::Error,
    },
    #[error("{package}: the IDL section `{section}` has no end line")]
    Unterminated { package: String, section: String },
    #[error("{package}: unknown IDL section `{section}` (is anchor-lang still 1.2.2?)")]
    UnknownSection { package: String, section: String },
    #[error("{package}: no IDL {piece} was printed (does the crate have an idl-build feature?)")]
    Missing {
        package: String,
        piece: &'static str,
    },
    #[error("{package}: more than one #[error_code] enum; a program's IDL has one error list")]
    MultipleErrorEnums { package: String },
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("serializing the IDL: {0}")]
    Serialize(#[from] serde_json::Error),
}
