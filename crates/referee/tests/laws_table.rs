//! `LAWS.md` ties every Law and clause of Laws 27-151 to where the software enforces it and the
//! tests that exercise it, or says why software does not enforce it. This test reads the Laws'
//! text and the table and fails when a Law or clause has no row, when a row names no Law of the
//! text, when an enforced row names no test, and when a named test does not exist.

mod table;

use std::collections::BTreeSet;
use table::{Row, check_enforced_or_explained, functions, rules_text};

/// The Laws' text (the referee's copy, checked against the shared rules).
fn laws_text() -> String {
    rules_text("icf-laws-vkk-tournament.txt")
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

/// The rows of `LAWS.md`: a Law, where it is enforced, the tests, why it is not.
fn laws_table() -> Vec<Row> {
    table::table("LAWS.md", 4, |l| {
        l.starts_with("| ") && l.as_bytes().get(2).is_some_and(u8::is_ascii_digit)
    })
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
    let rows = laws_table();
    let mut seen = BTreeSet::new();
    for row in &rows {
        assert!(
            seen.insert(row.id.clone()),
            "LAWS.md: Law {} has two rows",
            row.id
        );
        assert!(
            leaves.contains(&row.id),
            "LAWS.md: row {} is not a Law or clause of the text",
            row.id
        );
    }
    let missing: Vec<_> = leaves.difference(&seen).collect();
    assert!(missing.is_empty(), "LAWS.md has no row for {missing:?}");
}

#[test]
fn every_enforced_law_names_tests_that_exist_and_every_other_law_says_why() {
    check_enforced_or_explained("LAWS.md", &laws_table(), |row| format!("Law {}", row.id));
}

#[test]
fn a_row_naming_a_test_that_does_not_exist_is_found() {
    let functions = functions();
    assert!(functions.contains("law_72a_striker_pocketed_alone_is_one_due_and_turn_passes"));
    assert!(!functions.contains("law_72a_a_test_nobody_wrote"));
}
