//! `TOURNAMENT.md` ties every sentence of the VKK header (the text before "III. SITTING
//! POSITION") to the code that reads it and its tests, or says why software does not enforce
//! it. This test splits the header into sentences as the table's introduction says and fails
//! when a sentence has no row, when a row names no sentence or gives other words, when an
//! enforced row names no test or one that does not exist, and when a row is neither enforced
//! nor explained.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The header: the referee's copy of the text up to "III. SITTING POSITION", which must be the
/// shared rules' text where that is checked out beside the repository.
fn header() -> String {
    let file = "icf-laws-vkk-tournament.txt";
    let copy = manifest().join("../referee/tests/data").join(file);
    let text = std::fs::read_to_string(&copy).unwrap_or_else(|e| panic!("{}: {e}", copy.display()));
    let shared = manifest().join("../../../shared/rules").join(file);
    if let Ok(spec) = std::fs::read_to_string(&shared) {
        assert!(
            spec == text,
            "{} differs from {}",
            copy.display(),
            shared.display()
        );
    }
    let end = text
        .find("III. SITTING POSITION")
        .expect("the header's end");
    text[..end].to_string()
}

/// The sentences of `text`, as `crates/referee/tests/house_rules_table.rs` splits a text.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.chars().any(char::is_lowercase) {
            out.extend(split_line(line));
        }
    }
    out
}

fn split_line(line: &str) -> Vec<String> {
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

struct Row {
    id: String,
    words: String,
    read_in: String,
    tests: Vec<String>,
    reason: String,
}

fn rows() -> Vec<Row> {
    let path = manifest().join("TOURNAMENT.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| l.starts_with("| vkk."))
        .map(|l| {
            let cells: Vec<&str> = l
                .trim()
                .trim_matches('|')
                .split(" | ")
                .map(str::trim)
                .collect();
            assert_eq!(cells.len(), 5, "TOURNAMENT.md: a row has five cells: {l}");
            Row {
                id: cells[0].to_string(),
                words: cells[1].to_string(),
                read_in: cells[2].to_string(),
                tests: (cells[3].split(','))
                    .map(|t| t.trim().trim_matches('`').to_string())
                    .filter(|t| !t.is_empty())
                    .collect(),
                reason: cells[4].to_string(),
            }
        })
        .collect()
}

/// Every `fn name` in the workspace's Rust files.
fn functions() -> HashSet<String> {
    fn walk(dir: &Path, out: &mut HashSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() && p.file_name().is_some_and(|n| n != "target") {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap_or_default();
                for part in text.split("fn ").skip(1) {
                    let name = part
                        .chars()
                        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_');
                    out.insert(name.collect());
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

#[test]
fn the_header_splits_into_its_twelve_sentences() {
    let s = sentences(&header());
    assert_eq!(s.len(), 12, "{s:#?}");
    assert_eq!(s[0], "VKK Carrom Tournament Rules");
    assert_eq!(s[11], "The Coordinator/Referee decision is final.");
}

#[test]
fn every_sentence_of_the_header_has_a_row_in_tournament_md_with_its_words() {
    let ids: BTreeMap<String, String> = (sentences(&header()).into_iter().enumerate())
        .map(|(i, s)| (format!("vkk.{}", i + 1), s))
        .collect();
    let mut seen = HashSet::new();
    for row in rows() {
        let words = ids
            .get(&row.id)
            .unwrap_or_else(|| panic!("{} is no sentence", row.id));
        assert_eq!(
            &row.words, words,
            "TOURNAMENT.md: {} gives other words",
            row.id
        );
        assert!(
            seen.insert(row.id.clone()),
            "TOURNAMENT.md: {} has two rows",
            row.id
        );
    }
    let missing: Vec<_> = ids.keys().filter(|id| !seen.contains(*id)).collect();
    assert!(
        missing.is_empty(),
        "TOURNAMENT.md has no row for {missing:?}"
    );
}

#[test]
fn every_enforced_sentence_names_tests_that_exist_and_every_other_sentence_says_why() {
    let functions = functions();
    for row in rows() {
        let id = &row.id;
        if row.read_in.is_empty() {
            assert!(!row.reason.is_empty(), "{id} is neither read nor explained");
            assert!(row.tests.is_empty(), "{id} is not read but names tests");
        } else {
            assert!(!row.tests.is_empty(), "{id} is read but names no test");
            assert!(row.reason.is_empty(), "{id} is read and explained away");
        }
        for test in &row.tests {
            assert!(
                functions.contains(test),
                "{id} names `{test}`, which does not exist"
            );
        }
    }
    assert!(!functions.contains("a_test_nobody_wrote"));
}
