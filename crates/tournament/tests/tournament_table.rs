//! `TOURNAMENT.md` ties every sentence of the VKK header (the text before "III. SITTING
//! POSITION") to the code that reads it and its tests, or says why software does not enforce
//! it. This test splits the header into sentences as the table's introduction says and fails
//! when a sentence has no row, when a row names no sentence or gives other words, when an
//! enforced row names no test or one that does not exist, and when a row is neither enforced
//! nor explained.

#[path = "../../referee/tests/table/mod.rs"]
mod table;

use std::collections::{BTreeMap, HashSet};
use table::{Row, check_enforced_or_explained, functions, rules_text, sentences};

/// The header: the referee's copy of the text up to "III. SITTING POSITION", which must be the
/// shared rules' text where that is checked out beside the repository.
fn header() -> String {
    let text = rules_text("icf-laws-vkk-tournament.txt");
    let end = text
        .find("III. SITTING POSITION")
        .expect("the header's end");
    text[..end].to_string()
}

/// The rows of `TOURNAMENT.md`: a sentence, its words, where it is read, the tests, why it is
/// not enforced.
fn rows() -> Vec<Row> {
    table::table("TOURNAMENT.md", 5, |l| l.starts_with("| vkk."))
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
    check_enforced_or_explained("TOURNAMENT.md", &rows(), |row| row.id.clone());
    assert!(!functions().contains("a_test_nobody_wrote"));
}
