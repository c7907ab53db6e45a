//! `LAWS.md` ties every Law and clause of Laws 27-151 to where the software enforces it and the
//! tests that exercise it, or says why software does not enforce it. This test reads the Laws'
//! text and the table and fails when a Law or clause has no row, when a row names no Law of the
//! text, when an enforced row names no test, and when a named test does not exist.

use std::collections::{BTreeSet, HashSet};
use std::path::{Path, PathBuf};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Laws' text: the referee's copy, which must be the shared rules' text where that is
/// checked out beside the repository.
fn laws_text() -> String {
    let copy = manifest().join("tests/data/icf-laws-vkk-tournament.txt");
    let text = std::fs::read_to_string(&copy).unwrap_or_else(|e| panic!("{}: {e}", copy.display()));
    let shared = manifest().join("../../../shared/rules/icf-laws-vkk-tournament.txt");
    if let Ok(spec) = std::fs::read_to_string(&shared) {
        assert!(
            spec == text,
            "{} differs from the rules in {}: copy the spec again",
            copy.display(),
            shared.display()
        );
    }
    text
}

/// The markers `27)`, `a)`, `ii)` of the text, in order: a run of letters or digits before a
/// `)`, standing after a space or a line start, followed by a space or a capital.
fn markers(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    for (p, &c) in b.iter().enumerate() {
        if c != b')' {
            continue;
        }
        let mut s = p;
        while s > 0 && b[s - 1].is_ascii_alphanumeric() {
            s -= 1;
        }
        let before_ok = s == 0 || b[s - 1].is_ascii_whitespace();
        let after_ok =
            p + 1 == b.len() || b[p + 1].is_ascii_whitespace() || b[p + 1].is_ascii_uppercase();
        if s < p && before_ok && after_ok {
            out.push(&text[s..p]);
        }
    }
    out
}

const ROMAN: [&str; 4] = ["i", "ii", "iii", "iv"];

/// Every Law and clause of the text ("72", "72(a)", "49(a)(ii)"), the Laws in rising order from
/// 27 to 151 (numbers elsewhere, "15 seconds", are not markers or not in order).
fn law_ids(text: &str) -> Vec<String> {
    let mut ids = Vec::new();
    let mut law: Option<u16> = None;
    let mut letter: Option<&str> = None;
    for m in markers(text) {
        if m.len() >= 2 && m.len() <= 3 && m.bytes().all(|c| c.is_ascii_digit()) {
            let n: u16 = m.parse().unwrap();
            if (27..=151).contains(&n) && law.is_none_or(|l| n > l) {
                law = Some(n);
                letter = None;
                ids.push(n.to_string());
            }
            continue;
        }
        let Some(n) = law else { continue };
        let is_letter = m.len() == 1 && (b'a'..=b'h').contains(&m.as_bytes()[0]);
        let after_h = letter == Some("h") && m == "i";
        if let Some(l) = letter.filter(|_| ROMAN.contains(&m) && !after_h) {
            ids.push(format!("{n}({l})({m})"));
        } else if is_letter || after_h {
            letter = Some(m);
            ids.push(format!("{n}({m})"));
        }
    }
    // The copy has lost the number of Law 97: its clauses follow Law 96 as "a)" and "b)".
    for id in &mut ids {
        if let Some(clause) = id.strip_prefix("96(") {
            *id = format!("97({clause}");
        }
    }
    ids
}

/// The Laws and clauses that have no clauses of their own: one row each.
fn leaves(ids: &[String]) -> BTreeSet<String> {
    ids.iter()
        .filter(|id| !ids.iter().any(|j| j.starts_with(&format!("{id}("))))
        .cloned()
        .collect()
}

struct Row {
    law: String,
    enforced_in: String,
    tests: Vec<String>,
    reason: String,
}

fn table() -> Vec<Row> {
    let path = manifest().join("LAWS.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| l.starts_with("| ") && l.as_bytes().get(2).is_some_and(u8::is_ascii_digit))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            assert_eq!(cells.len(), 4, "LAWS.md: a row has four cells: {l}");
            let tests = cells[2]
                .split(',')
                .map(|t| t.trim().trim_matches('`').to_string())
                .filter(|t| !t.is_empty())
                .collect();
            Row {
                law: cells[0].to_string(),
                enforced_in: cells[1].to_string(),
                tests,
                reason: cells[3].to_string(),
            }
        })
        .collect()
}

/// Every `fn name` in the workspace's Rust files (sources and tests of every crate and of the
/// binary).
fn functions() -> HashSet<String> {
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

#[test]
fn the_laws_text_reads_as_laws_27_to_151_with_their_clauses() {
    let ids = law_ids(&laws_text());
    let numbers: BTreeSet<u16> = ids
        .iter()
        .map(|id| id.split('(').next().unwrap().parse().unwrap())
        .collect();
    assert_eq!(numbers, (27..=151).collect(), "every Law from 27 to 151");
    for id in [
        "45(c)",
        "49(a)(iii)",
        "78(b)(ii)",
        "97(b)",
        "122(b)(iii)",
        "143(i)",
        "151(c)",
    ] {
        assert!(ids.iter().any(|x| x == id), "{id} in {ids:?}");
    }
    assert!(!ids.iter().any(|x| x == "96(a)"));
}

#[test]
fn every_law_and_clause_has_a_row_in_laws_md_and_every_row_a_law() {
    let leaves = leaves(&law_ids(&laws_text()));
    let rows = table();
    let mut seen = BTreeSet::new();
    for row in &rows {
        assert!(
            seen.insert(row.law.clone()),
            "LAWS.md: Law {} has two rows",
            row.law
        );
        assert!(
            leaves.contains(&row.law),
            "LAWS.md: row {} is not a Law or clause of the text",
            row.law
        );
    }
    let missing: Vec<_> = leaves.difference(&seen).collect();
    assert!(missing.is_empty(), "LAWS.md has no row for {missing:?}");
}

#[test]
fn every_enforced_law_names_tests_that_exist_and_every_other_law_says_why() {
    let functions = functions();
    for row in table() {
        let law = &row.law;
        if row.enforced_in.is_empty() {
            assert!(
                !row.reason.is_empty(),
                "LAWS.md: Law {law} is neither enforced nor explained"
            );
            assert!(
                row.tests.is_empty(),
                "LAWS.md: Law {law} is not enforced but names tests"
            );
        } else {
            assert!(
                !row.tests.is_empty(),
                "LAWS.md: Law {law} is enforced but names no test"
            );
            assert!(
                row.reason.is_empty(),
                "LAWS.md: Law {law} is enforced and explained away"
            );
        }
        for test in &row.tests {
            assert!(
                functions.contains(test),
                "LAWS.md: Law {law} names the test `{test}`, which does not exist"
            );
        }
    }
}

#[test]
fn a_row_naming_a_test_that_does_not_exist_is_found() {
    let functions = functions();
    assert!(functions.contains("law_72a_striker_pocketed_alone_is_one_due_and_turn_passes"));
    assert!(!functions.contains("law_72a_a_test_nobody_wrote"));
}
