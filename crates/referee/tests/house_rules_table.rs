//! `HOUSE_RULES.md` ties every rule sentence of the three house texts (traditional, FOF 2022,
//! casual) to where its preset enforces it and the tests that exercise it, or the ICF Law the
//! preset falls back on, or says why software does not enforce it. This test splits the texts
//! into sentences as the table's introduction defines them and fails when a sentence has no
//! row, when a row names no sentence of the text or gives other words, when an enforced row
//! names no test, and when a named test does not exist.

mod table;

use std::collections::BTreeMap;
use table::{Row, check_enforced_or_explained, functions, rules_text, sentences, split_line};

/// The three house texts by the name their rows use: the referee's copies, which must be the
/// shared rules' texts where those are checked out beside the repository.
const TEXTS: [(&str, &str); 3] = [
    ("traditional", "traditional-rules.txt"),
    ("fof2022", "fof-2022-rules.txt"),
    ("casual", "casual-rules.txt"),
];

/// Every rule sentence by its row's name, "traditional.12", with its words.
fn sentence_ids() -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for (name, file) in TEXTS {
        for (i, s) in sentences(&rules_text(file)).into_iter().enumerate() {
            out.insert(format!("{name}.{}", i + 1), s);
        }
    }
    out
}

/// The rows of `HOUSE_RULES.md`: a sentence, its words, where it is enforced, the tests, why it
/// is not.
fn house_table() -> Vec<Row> {
    table::table("HOUSE_RULES.md", 5, |l| {
        TEXTS
            .iter()
            .any(|(name, _)| l.starts_with(&format!("| {name}.")))
    })
}

#[test]
fn the_house_texts_split_into_sentences_as_the_table_says() {
    let traditional = sentences(&rules_text("traditional-rules.txt"));
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
    let fof = sentences(&rules_text("fof-2022-rules.txt"));
    assert!(fof.contains(&"If you haven't sunk one yet, you owe one.".to_string()));
    assert!(fof.contains(&"Sinking the striker cost, you one piece and your turn.".to_string()));
    let casual = sentences(&rules_text("casual-rules.txt"));
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
    for row in house_table() {
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
    check_enforced_or_explained("HOUSE_RULES.md", &house_table(), |row| row.id.clone());
}

#[test]
fn a_row_naming_a_test_that_does_not_exist_is_found() {
    let functions = functions();
    assert!(functions.contains(
        "traditional_if_a_penalty_is_owed_the_piece_is_returned_by_the_opponent_at_the_end_of_the_turn"
    ));
    assert!(!functions.contains("traditional_a_test_nobody_wrote"));
}
