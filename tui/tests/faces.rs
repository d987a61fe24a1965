//! The faces of `fulltime` stand side by side on the desk: the dashboard and the command line
//! never import each other, and `timeline run`'s host (`src/timeline/`), which the command line
//! dispatches to, imports neither. The desk is another crate, so cargo keeps it from importing
//! any face; this test keeps the faces apart, as `src/lib.rs` and the README say they are.

use std::path::{Path, PathBuf};

/// Each face, and the modules of this crate it must never name.
const FACES: [(&str, &[&str]); 3] = [
    ("dashboard", &["cli", "timeline"]),
    ("cli", &["dashboard"]),
    ("timeline", &["cli", "dashboard"]),
];

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(rust_files(&path));
        } else if path.extension().is_some_and(|extension| extension == "rs") {
            files.push(path);
        }
    }
    files
}

/// The modules of this crate that `line` names through `crate::` (`crate::cli::run`,
/// `crate::{cli, output}`), outside comments.
fn crate_modules_named(line: &str) -> Vec<String> {
    let code = line.split("//").next().unwrap_or_default();
    let mut named = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or_default();
            named.extend(group.split(',').map(|item| first_name(item.trim())));
        } else {
            named.push(first_name(rest));
        }
    }
    named
}

fn first_name(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

#[test]
fn no_face_imports_another() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut crossings = Vec::new();
    for (face, others) in FACES {
        for file in rust_files(&src.join(face)) {
            let text = std::fs::read_to_string(&file).expect("a source file");
            for (number, line) in text.lines().enumerate() {
                for named in crate_modules_named(line) {
                    if others.contains(&named.as_str()) {
                        crossings.push(format!(
                            "{}:{}: the {face} face names crate::{named}",
                            file.display(),
                            number + 1
                        ));
                    }
                }
            }
        }
    }
    assert!(crossings.is_empty(), "{}", crossings.join("\n"));
}

#[test]
fn an_import_of_another_face_is_seen_in_each_form() {
    assert_eq!(crate_modules_named("use crate::cli::run;"), ["cli"]);
    assert_eq!(
        crate_modules_named("use crate::{dashboard, output::OutputFormat};"),
        ["dashboard", "output"]
    );
    assert_eq!(
        crate_modules_named("    let run = crate::timeline::run(session, &args).await?;"),
        ["timeline"]
    );
    assert!(crate_modules_named("// the recorder (`crate::timeline::record`)").is_empty());
}
