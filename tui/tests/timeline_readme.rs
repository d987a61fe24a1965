//! The READMEs show real runs of `fulltime timeline run`: the block after each `<!-- output:
//! fulltime timeline run ARGS -->` comment is what the command prints.

use std::path::{Path, PathBuf};
use std::process::Command;

use fulltime_testkit::process::timeline_parts_beside;

fn fulltime() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_fulltime"))
}

/// `localnet`, `faucet` and `txline-api` beside `fulltime`, built when missing.
fn parts_built() {
    timeline_parts_beside(&fulltime()).expect("localnet, faucet and txline-api beside fulltime");
}

/// The READMEs show real runs: the block after each `<!-- output: fulltime timeline run ARGS -->`
/// comment is what the command prints, line for line. Times are left out of the comparison (a
/// step's clock, which a step counted `+1s` from the one before may move on a slow machine, and
/// the seconds a timeline and the suite took).
#[test]
fn the_readmes_show_what_a_run_prints() {
    const MARKER: &str = "<!-- output: fulltime timeline run ";
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    parts_built();
    let mut shown_runs = 0;
    for readme in ["README.md", "tui/README.md"] {
        let text = std::fs::read_to_string(root.join(readme)).expect(readme);
        for (_, after) in text.match_indices(MARKER).map(|(at, _)| text.split_at(at)) {
            let after = &after[MARKER.len()..];
            let (args, after) = after.split_once(" -->").expect("the comment's end");
            let shown = after.split("```").nth(1).expect("a fenced block after it");
            let output = Command::new(fulltime())
                .args(["timeline", "run"])
                .args(args.split_whitespace())
                .current_dir(&root)
                .output()
                .expect("run fulltime");
            assert_eq!(output.status.code(), Some(0), "{readme}: {output:?}");
            let printed = String::from_utf8_lossy(&output.stdout);
            assert_eq!(
                without_times(shown.trim()),
                without_times(printed.trim()),
                "{readme}, {args}"
            );
            shown_runs += 1;
        }
    }
    assert!(shown_runs >= 2, "{shown_runs} runs shown");
}

/// Each line's words without clock times (`2026-05-16T13:30:00Z`) and durations (`0.41 s`).
fn without_times(text: &str) -> Vec<String> {
    text.lines()
        .map(|line| {
            let words: Vec<&str> = line.split_whitespace().collect();
            let mut kept = Vec::new();
            let mut index = 0;
            while index < words.len() {
                let word = words[index];
                let clock = word.len() == 20 && word.ends_with('Z') && word.as_bytes()[10] == b'T';
                let seconds = words
                    .get(index + 1)
                    .is_some_and(|next| next.trim_end_matches(',') == "s")
                    && word.parse::<f64>().is_ok()
                    && word.contains('.');
                if seconds {
                    index += 2;
                    continue;
                }
                if !clock {
                    kept.push(word);
                }
                index += 1;
            }
            kept.join(" ")
        })
        .collect()
}
