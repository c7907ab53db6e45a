//! `HOUSE_RULES.md` ties every rule sentence of the three house texts (traditional, FOF 2022,
//! casual) to where its preset enforces it and the tests that exercise it, or the ICF Law the
//! preset falls back on, or says why software does not enforce it. This test splits the texts
//! into sentences as the table's introduction defines them and fails when a sentence has no
//! row, when a row names no sentence of the text or gives other words, when an enforced row
//! names no test, and when a named test does not exist.

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The three house texts by the name their rows use: the referee's copies, which must be the
/// shared rules' texts where those are checked out beside the repository.
const TEXTS: [(&str, &str); 3] = [
    ("traditional", "traditional-rules.txt"),
    ("fof2022", "fof-2022-rules.txt"),
    ("casual", "casual-rules.txt"),
];

fn house_text(file: &str) -> String {
    let copy = manifest().join("tests/data").join(file);
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
fn sentences(text: &str) -> Vec<String> {
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

/// Every rule sentence by its row's name, "traditional.12", with its words.
fn sentence_ids() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (name, file) in TEXTS {
        for (i, s) in sentences(&house_text(file)).into_iter().enumerate() {
            out.insert(format!("{name}.{}", i + 1), s);
        }
    }
    out
}

struct Row {
    id: String,
    words: String,
    enforced_in: String,
    tests: Vec<String>,
    reason: String,
}

fn table() -> Vec<Row> {
    let path = manifest().join("HOUSE_RULES.md");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| {
            TEXTS
                .iter()
                .any(|(name, _)| l.starts_with(&format!("| {name}.")))
        })
        .map(|l| {
            let cells: Vec<&str> = l
                .trim()
                .trim_matches('|')
                .split(" | ")
                .map(str::trim)
                .collect();
            assert_eq!(cells.len(), 5, "HOUSE_RULES.md: a row has five cells: {l}");
            let tests = cells[3]
                .split(',')
                .map(|t| t.trim().trim_matches('`').to_string())
                .filter(|t| !t.is_empty())
                .collect();
            Row {
                id: cells[0].to_string(),
                words: cells[1].to_string(),
                enforced_in: cells[2].to_string(),
                tests,
                reason: cells[4].to_string(),
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
fn the_house_texts_split_into_sentences_as_the_table_says() {
    let traditional = sentences(&house_text("traditional-rules.txt"));
    assert_eq!(
        traditional[0],
        "To decide who goes first, one player should hold a piece concealed in one hand."
    );
    assert!(
        traditional.contains(
            &"For the very first turn, the player is allowed three attempts to \"break\" i.e. \
              disturb the central group of counters."
                .to_string()
        ),
        "\"i.e.\" does not end a sentence"
    );
    assert!(traditional.contains(&"Fouls".to_string()), "a titled line");
    assert!(!traditional.contains(&"SCORING".to_string()), "a title");
    assert!(traditional.contains(&"The striker is pocketed.".to_string()));
    let fof = sentences(&house_text("fof-2022-rules.txt"));
    assert!(fof.contains(&"If you haven't sunk one yet, you owe one.".to_string()));
    assert!(fof.contains(&"Sinking the striker cost, you one piece and your turn.".to_string()));
    let casual = sentences(&house_text("casual-rules.txt"));
    assert_eq!(
        casual.last().map(String::as_str),
        Some("You get three tries to break before losing your turn.")
    );
    assert_eq!(
        split_line("One. Two \"three\". 'Four' i.e. five? Six"),
        ["One.", "Two \"three\".", "'Four' i.e. five?", "Six"]
    );
}

#[test]
fn every_sentence_of_the_house_texts_has_a_row_in_house_rules_md_with_its_words() {
    let ids = sentence_ids();
    let mut seen = BTreeMap::new();
    for row in table() {
        let Some(words) = ids.get(&row.id) else {
            panic!(
                "HOUSE_RULES.md: row {} is not a sentence of the texts",
                row.id
            );
        };
        assert_eq!(
            &row.words, words,
            "HOUSE_RULES.md: row {} gives other words than the text",
            row.id
        );
        assert!(
            seen.insert(row.id.clone(), ()).is_none(),
            "HOUSE_RULES.md: sentence {} has two rows",
            row.id
        );
    }
    let missing: Vec<_> = ids
        .iter()
        .filter(|(id, _)| !seen.contains_key(*id))
        .collect();
    assert!(
        missing.is_empty(),
        "HOUSE_RULES.md has no row for {missing:?}"
    );
}

#[test]
fn every_enforced_sentence_names_tests_that_exist_and_every_other_sentence_says_why() {
    let functions = functions();
    for row in table() {
        let id = &row.id;
        if row.enforced_in.is_empty() {
            assert!(
                !row.reason.is_empty(),
                "HOUSE_RULES.md: {id} is neither enforced nor explained"
            );
            assert!(
                row.tests.is_empty(),
                "HOUSE_RULES.md: {id} is not enforced but names tests"
            );
        } else {
            assert!(
                !row.tests.is_empty(),
                "HOUSE_RULES.md: {id} is enforced but names no test"
            );
            assert!(
                row.reason.is_empty(),
                "HOUSE_RULES.md: {id} is enforced and explained away"
            );
        }
        for test in &row.tests {
            assert!(
                functions.contains(test),
                "HOUSE_RULES.md: {id} names the test `{test}`, which does not exist"
            );
        }
    }
}

#[test]
fn a_row_naming_a_test_that_does_not_exist_is_found() {
    let functions = functions();
    assert!(functions.contains(
        "traditional_if_a_penalty_is_owed_the_piece_is_returned_by_the_opponent_at_the_end_of_the_turn"
    ));
    assert!(!functions.contains("traditional_a_test_nobody_wrote"));
}
