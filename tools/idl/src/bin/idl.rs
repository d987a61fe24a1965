//! Regenerates the programs' IDL files under `idl/`, or with `--check` only reports which
//! committed files differ from what the programs generate.

use std::error::Error;
use std::process::ExitCode;

use clap::Parser;

use fulltime_idl::{PROGRAMS, generate, idl_dir, stale, write};
use fulltime_workspace::workspace_root;

/// Builds the programs with anchor-lang's idl-build feature and writes their IDL to idl/.
#[derive(Debug, Parser)]
struct Args {
    /// Change nothing; exit 1 naming every IDL file that is stale.
    #[arg(long)]
    check: bool,
}

fn main() -> ExitCode {
    let Args { check } = Args::parse();
    match run(check) {
        Ok(code) => code,
        Err(error) => {
            eprintln!("idl: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(check: bool) -> Result<ExitCode, Box<dyn Error>> {
    let workspace = workspace_root();
    let files = generate(&workspace)?;
    let dir = idl_dir(&workspace);
    if check {
        let stale = stale(&dir, &files)?;
        if stale.is_empty() {
            println!("idl/ is up to date ({} files)", files.len());
            return Ok(ExitCode::SUCCESS);
        }
        for file in stale {
            eprintln!("{file}");
        }
        eprintln!("run `just idl` and commit idl/");
        return Ok(ExitCode::FAILURE);
    }
    let changed = write(&dir, &files)?;
    for program in PROGRAMS {
        let state = if changed.contains(&program.file) {
            "wrote"
        } else {
            "unchanged"
        };
        println!("  {state} idl/{} ({})", program.file, program.package);
    }
    Ok(ExitCode::SUCCESS)
}
