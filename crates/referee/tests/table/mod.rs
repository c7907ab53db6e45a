//! What the tables' tests share (`tests/laws_table.rs` for `LAWS.md`,
//! `tests/house_rules_table.rs` for `HOUSE_RULES.md`, and the tournament crate's
//! `tests/tournament_table.rs` for its `TOURNAMENT.md`): the referee's copy of a rules text, its
//! sentences, the table's rows, every function of the workspace, and the check that a row is
//! either enforced and tested, or explained.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A rules text: the referee's copy in its `tests/data` (`../referee/tests/data` from the
/// manifest of the referee or of a crate beside it), which must be the shared rules' text where
/// that is checked out beside the repository.
pub fn rules_text(file: &str) -> String {
    let copy = manifest().join("../referee/tests/data").join(file);
    let text = std::fs::read_to_string(&copy).unwrap_or_else(|e| panic!("{}: {e}", copy.display()));
    let shared = manifest().join("../../../shared/rules").join(file);
    if let Ok(spec) = std::fs::read_to_string(&shared) {
        assert!(
            spec == text,
            "{} differs from the rules in {}: copy the text again",
            copy.display(),
            shared.display()
        );
    }
    text
}

/// The rule sentences of a text, in order. Each line is a paragraph or a list item (a leading
/// "- ", "* " or "# " is dropped); a line with no lowercase letter is a title and has none. A
/// sentence ends at the end of its line, or at a '.', '!' or '?' (with any closing quotes) that
/// is followed by a space and a capital letter or an opening quote: "i.e. disturb" goes on.
#[allow(
    dead_code,
    reason = "read by the house rules' and the tournament's tests: LAWS.md numbers its Laws"
)]
pub fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut line = line.trim();
        for marker in ["- ", "* ", "# "] {
            if let Some(rest) = line.strip_prefix(marker) {
                line = rest.trim();
            }
        }
        if line.chars().any(char::is_lowercase) {
            out.extend(split_line(line));
        }
    }
    out
}

/// The sentences of one line, as [`sentences`] splits them.
#[allow(
    dead_code,
    reason = "read by the house rules' and the tournament's tests: LAWS.md numbers its Laws"
)]
pub fn split_line(line: &str) -> Vec<String> {
    let c: Vec<char> = line.chars().collect();
    let closing = |ch: char| matches!(ch, '.' | '!' | '?' | '"' | '\'' | '\u{201d}' | '\u{2019}');
    let opens = |ch: char| ch.is_uppercase() || matches!(ch, '"' | '\'' | '\u{201c}' | '\u{2018}');
    let mut out = Vec::new();
    let (mut start, mut i) = (0, 0);
    while i < c.len() {
        if !matches!(c[i], '.' | '!' | '?') {
            i += 1;
            continue;
        }
        let mut end = i + 1;
        while end < c.len() && closing(c[end]) {
            end += 1;
        }
        let mut next = end;
        while next < c.len() && c[next] == ' ' {
            next += 1;
        }
        if next > end && next < c.len() && opens(c[next]) {
            out.push(c[start..end].iter().collect::<String>().trim().to_string());
            start = next;
        }
        i = end;
    }
    let rest: String = c[start..].iter().collect();
    if !rest.trim().is_empty() {
        out.push(rest.trim().to_string());
    }
    out
}

/// A row of a table: the Law or sentence it is about, the text's words where the table gives
/// them (empty in `LAWS.md`), where the software enforces it, the tests, and why it is not
/// enforced.
pub struct Row {
    pub id: String,
    #[allow(
        dead_code,
        reason = "read by the house rules' and the tournament's tests: LAWS.md gives no words"
    )]
    pub words: String,
    pub enforced_in: String,
    pub tests: Vec<String>,
    pub reason: String,
}

/// The rows of the table in `file` (beside the referee's manifest): the lines `is_row` picks,
/// each of `cells` cells, the last three where it is enforced, its tests (a list of `name`s) and
/// why it is not.
pub fn table(file: &str, cells: usize, is_row: impl Fn(&str) -> bool) -> Vec<Row> {
    let path = manifest().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| is_row(l))
        .map(|l| {
            let row: Vec<&str> = l
                .trim()
                .trim_matches('|')
                .split(" | ")
                .map(str::trim)
                .collect();
            assert_eq!(row.len(), cells, "{file}: a row has {cells} cells: {l}");
            let tests = row[cells - 2]
                .split(',')
                .map(|t| t.trim().trim_matches('`').to_string())
                .filter(|t| !t.is_empty())
                .collect();
            Row {
                id: row[0].to_string(),
                words: row[1..cells - 3].join(" | "),
                enforced_in: row[cells - 3].to_string(),
                tests,
                reason: row[cells - 1].to_string(),
            }
        })
        .collect()
}

/// Every `fn name` in the workspace's Rust files (sources and tests of every crate and of the
/// binary).
pub fn functions() -> HashSet<String> {
    fn walk(dir: &Path, out: &mut HashSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "target") {
                    walk(&p, out);
                }
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap_or_default();
                for part in text.split("fn ").skip(1) {
                    let name: String = part
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                        .collect();
                    out.insert(name);
                }
            }
        }
    }
    let root = manifest().join("../..");
    let mut out = HashSet::new();
    for dir in ["crates", "src", "tests"] {
        walk(&root.join(dir), &mut out);
    }
    out
}

/// Fails unless every row of the table in `file` either is enforced and names tests that exist,
/// or is not enforced, names no test and says why. `name` says a row in the messages: "Law 72",
/// "traditional.12".
pub fn check_enforced_or_explained(file: &str, rows: &[Row], name: impl Fn(&Row) -> String) {
    let functions = functions();
    for row in rows {
        let id = name(row);
        if row.enforced_in.is_empty() {
            assert!(
                !row.reason.is_empty(),
                "{file}: {id} is neither enforced nor explained"
            );
            assert!(
                row.tests.is_empty(),
                "{file}: {id} is not enforced but names tests"
            );
        } else {
            assert!(
                !row.tests.is_empty(),
                "{file}: {id} is enforced but names no test"
            );
            assert!(
                row.reason.is_empty(),
                "{file}: {id} is enforced and explained away"
            );
        }
        for test in &row.tests {
            assert!(
                functions.contains(test),
                "{file}: {id} names the test `{test}`, which does not exist"
            );
        }
    }
}
