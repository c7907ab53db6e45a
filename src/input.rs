//! Reading requests: from a file or stdin, parsed with errors that name the field.

use serde::de::DeserializeOwned;
use std::io::Read;
use std::path::Path;

/// Reads FILE, or stdin when there is no file (or it is `-`). Returns the text and a name for
/// error messages. A UTF-8 byte-order mark at the start (some editors write one) is dropped.
pub fn read_input(file: Option<&Path>) -> Result<(String, String), String> {
    read_text(file).map(|(text, name)| match text.strip_prefix('\u{feff}') {
        Some(rest) => (rest.to_string(), name),
        None => (text, name),
    })
}

fn read_text(file: Option<&Path>) -> Result<(String, String), String> {
    match file {
        Some(path) if path != Path::new("-") => {
            let name = path.display().to_string();
            std::fs::read_to_string(path)
                .map(|text| (text, name.clone()))
                .map_err(|e| format!("{name}: {e}"))
        }
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| format!("stdin: {e}"))?;
            Ok((text, "stdin".to_string()))
        }
    }
}

/// Parses JSON; an error names the source, the field path, the line and column and the reason.
pub fn parse_json<T: DeserializeOwned>(text: &str, source: &str) -> Result<T, String> {
    let de = &mut serde_json::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        if path == "." || path.is_empty() {
            format!("{source}: {inner}")
        } else {
            format!("{source}: field `{path}`: {inner}")
        }
    })
}

/// An error message with every quoted text in it (between backticks or double quotes) longer
/// than 60 characters cut to its first 40 and its length: a bad 50 MB string in a request is
/// named, not echoed.
pub fn abbreviate_quotes(message: &str) -> String {
    const LONGEST: usize = 60;
    const KEPT: usize = 40;
    let mut out = String::with_capacity(message.len().min(1024));
    let mut rest = message;
    while let Some(open) = rest.find(['`', '"']) {
        let quote = rest[open..].chars().next().unwrap_or('"');
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find(quote) else {
            rest = after;
            break;
        };
        let quoted = &after[..close];
        let chars = quoted.chars().count();
        if chars > LONGEST {
            let cut = quoted
                .char_indices()
                .nth(KEPT)
                .map_or(quoted.len(), |(i, _)| i);
            out.push_str(&quoted[..cut]);
            out.push_str(&format!("... ({chars} characters)"));
        } else {
            out.push_str(quoted);
        }
        out.push(quote);
        rest = &after[close + 1..];
    }
    // An unclosed quote (the message itself cut) is cut the same way.
    if rest.chars().count() > 4 * LONGEST {
        let cut = rest
            .char_indices()
            .nth(4 * LONGEST)
            .map_or(rest.len(), |(i, _)| i);
        out.push_str(&rest[..cut]);
        out.push_str(&format!("... ({} characters)", rest.chars().count()));
    } else {
        out.push_str(rest);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::abbreviate_quotes;

    #[test]
    fn a_long_quoted_text_is_cut_to_its_start_and_length_and_the_rest_is_kept() {
        let long = "x".repeat(100_000);
        let message = format!(
            "stdin: field `pieces[0].kind`: unknown variant `{long}`, expected one of `white`, \
             `black`, `queen` at line 1 column 100034"
        );
        let short = abbreviate_quotes(&message);
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
    fn short_quotes_and_unquoted_text_are_left_alone() {
        for m in [
            "no quotes here",
            "a `short` and a \"quoted\" word",
            "an `unclosed quote",
        ] {
            assert_eq!(abbreviate_quotes(m), m);
        }
    }
}
