//! Keeping a message short: every message the program shows quotes at most a few hundred
//! characters of what it was given (a bad 50 MB string is named, not echoed).

/// A quoted text longer than this is cut.
const LONGEST_QUOTE: usize = 60;
/// What is kept of a cut quote.
const KEPT: usize = 40;
/// An unquoted word longer than this is cut (a path is rarely longer).
const LONGEST_WORD: usize = 200;
/// No message is longer than this many characters.
const LONGEST_MESSAGE: usize = 1000;

/// The one place that keeps a message short: every quoted text in it (between backticks,
/// double quotes or single quotes) longer than 60 characters is cut to its first 40 and its
/// length, an unquoted word longer than 200 characters the same, and a message still longer
/// than 1000 characters is cut there. A bad 50 MB string is named, not echoed. Line breaks
/// become spaces: a message is one line.
pub fn abbreviate(message: &str) -> String {
    let one_line = message.trim().replace(['\n', '\r'], " ");
    let quoted = cut_quotes(&one_line);
    let worded = cut_words(&quoted);
    cut(&worded, LONGEST_MESSAGE, LONGEST_MESSAGE - 40)
}

/// `text` itself when it has at most `longest` characters, else its first `kept` characters
/// and its length.
fn cut(text: &str, longest: usize, kept: usize) -> String {
    match text.char_indices().nth(longest) {
        None => text.to_string(),
        Some(_) => {
            let at = text.char_indices().nth(kept).map_or(text.len(), |(i, _)| i);
            format!("{}... ({} characters)", &text[..at], text.chars().count())
        }
    }
}

/// Where the quote that opens at byte `open` of `text` closes (the byte of the closing
/// quote), if it does. A single quote opens only at the start of a word and closes only at
/// the end of one, so that an apostrophe (`doesn't`) is not a quote.
fn closing(text: &str, open: usize, quote: char) -> Option<usize> {
    let after = open + quote.len_utf8();
    if quote != '\'' {
        return text[after..].find(quote).map(|i| after + i);
    }
    let mut from = after;
    while let Some(i) = text[from..].find('\'') {
        let at = from + i;
        let next = text[at + 1..].chars().next();
        if !next.is_some_and(char::is_alphanumeric) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}

fn cut_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    let mut rest = message;
    loop {
        // The next character that opens a quote.
        let open = rest.char_indices().find(|&(i, c)| match c {
            '`' | '"' => true,
            '\'' => !rest[..i]
                .chars()
                .next_back()
                .is_some_and(char::is_alphanumeric),
            _ => false,
        });
        let Some((open, quote)) = open else {
            out.push_str(rest);
            return out;
        };
        let Some(close) = closing(rest, open, quote) else {
            // An unclosed quote (the message itself cut): the words are cut below.
            out.push_str(rest);
            return out;
        };
        let inner = &rest[open + 1..close];
        out.push_str(&rest[..=open]);
        out.push_str(&cut(inner, LONGEST_QUOTE, KEPT));
        out.push(quote);
        rest = &rest[close + 1..];
    }
}

fn cut_words(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(4096));
    let mut word_start = None;
    for (i, c) in message.char_indices() {
        match (c.is_whitespace(), word_start) {
            (false, None) => word_start = Some(i),
            (true, Some(start)) => {
                out.push_str(&cut(&message[start..i], LONGEST_WORD, KEPT));
                out.push(c);
                word_start = None;
            }
            (true, None) => out.push(c),
            (false, Some(_)) => {}
        }
    }
    if let Some(start) = word_start {
        out.push_str(&cut(&message[start..], LONGEST_WORD, KEPT));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::abbreviate;
    use proptest::prelude::*;

    #[test]
    fn a_long_quoted_text_is_cut_to_its_start_and_length_and_the_rest_is_kept() {
        let long = "x".repeat(100_000);
        let message = format!(
            "stdin: field `pieces[0].kind`: unknown variant `{long}`, expected one of `white`, \
             `black`, `queen` at line 1 column 100034"
        );
        let short = abbreviate(&message);
        assert_eq!(
            short,
            format!(
                "stdin: field `pieces[0].kind`: unknown variant `{}... (100000 characters)`, \
                 expected one of `white`, `black`, `queen` at line 1 column 100034",
                "x".repeat(40)
            )
        );
    }

    #[test]
    fn short_quotes_apostrophes_and_unquoted_text_are_left_alone() {
        for m in [
            "no quotes here",
            "a `short` and a \"quoted\" word",
            "an `unclosed quote",
            "the computer's level: 'hard' isn't 'easy'",
        ] {
            assert_eq!(abbreviate(m), m);
        }
    }

    #[test]
    fn an_argument_the_parser_quotes_in_single_quotes_is_cut() {
        let long = "y".repeat(100_000);
        let short = abbreviate(&format!(
            "invalid value '{long}' for '--boards <BOARDS>': invalid digit found in string"
        ));
        assert_eq!(
            short,
            format!(
                "invalid value '{}... (100000 characters)' for '--boards <BOARDS>': invalid \
                 digit found in string",
                "y".repeat(40)
            )
        );
    }

    #[test]
    fn a_long_unquoted_word_and_a_snippet_underline_are_cut() {
        let message = format!(
            "spec.toml: TOML parse error at line 2, column 18\n  |\n2 | board_friction = \"{}\n  |                  {}\ninvalid type",
            "z".repeat(50_000),
            "^".repeat(50_001)
        );
        let short = abbreviate(&message);
        assert!(short.len() < 400, "{short}");
        assert!(short.contains("board_friction") && short.contains("line 2"));
        assert!(short.contains("(50001 characters)"), "{short}");
    }

    proptest! {
        /// Whatever a message quotes, it stays one line of at most about a thousand characters.
        #[test]
        fn every_message_is_one_short_line(
            head in "[a-z `'\"]{0,40}",
            body in proptest::collection::vec("[a-z `'\"\n]{0,300}", 0..40),
        ) {
            let message = format!("{head}{}", body.concat());
            let short = abbreviate(&message);
            prop_assert!(!short.contains('\n'));
            prop_assert!(short.chars().count() <= 1030, "{} characters", short.chars().count());
        }
    }
}
