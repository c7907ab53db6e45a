//! Text as the screen shows it: the bundled font's stand-ins for dashes and arrows, long words
//! (a file's path) broken for a narrow panel, a rule set's name.

/// A rule set's name for display: a preset's in capitals (`ICF`), a rules file's stem
/// (`one-board` for `/tmp/one-board.toml`).
pub fn rules_title(name: &str) -> String {
    let path = std::path::Path::new(name);
    if path.extension().is_some() || name.contains('/') {
        path.file_stem()
            .map_or(name.to_string(), |s| s.to_string_lossy().into_owned())
    } else {
        name.to_uppercase()
    }
}

/// Text for a narrow panel: a word longer than `max` characters (a file's path) is broken
/// after its slashes, or else every `max` characters, so the panel wraps it instead of
/// growing past the window.
pub fn break_long_words(text: &str, max: usize) -> String {
    text.lines()
        .map(|line| {
            line.split(' ')
                .map(|word| {
                    if word.chars().count() <= max {
                        return word.to_string();
                    }
                    // Pieces ending at each slash, packed into chunks of at most `max`.
                    let mut pieces: Vec<String> = Vec::new();
                    let mut piece = String::new();
                    for c in word.chars() {
                        piece.push(c);
                        if c == '/' || piece.chars().count() >= max {
                            pieces.push(std::mem::take(&mut piece));
                        }
                    }
                    if !piece.is_empty() {
                        pieces.push(piece);
                    }
                    let mut chunks: Vec<String> = vec![String::new()];
                    for p in pieces {
                        let last = chunks.last_mut().expect("one chunk");
                        if last.chars().count() + p.chars().count() > max {
                            chunks.push(p);
                        } else {
                            last.push_str(&p);
                        }
                    }
                    chunks.join(" ")
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The bundled font has no dashes, ellipses, arrows or degree sign: the referee's sentences
/// ("Foul — striker pocketed alone") and the trainer's ("a cut of about 30°") are shown with
/// plain stand-ins.
pub fn for_display(text: &str) -> String {
    text.replace(['\u{2014}', '\u{2013}'], "-")
        .replace('\u{2026}', "...")
        .replace('\u{2190}', "<-")
        .replace('\u{2192}', "->")
        .replace('\u{00b0}', " degrees")
}

/// A folder as a person reads it: the home directory as `~` ("~/.local/share/carrom/saves").
pub fn home_as_tilde(dir: &std::path::Path) -> String {
    match std::env::var_os("HOME").map(std::path::PathBuf::from) {
        Some(home) if !home.as_os_str().is_empty() && dir.starts_with(&home) => {
            let rest = dir.strip_prefix(&home).unwrap_or(dir);
            if rest.as_os_str().is_empty() {
                "~".into()
            } else {
                format!("~/{}", rest.display())
            }
        }
        _ => dir.display().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_path_is_broken_so_a_narrow_panel_can_wrap_it() {
        let t = break_long_words("Saved to /tmp/abc/saves/singles-You-v-Computer-3.json", 18);
        assert!(t.split([' ', '\n']).all(|w| w.chars().count() <= 18), "{t}");
        assert!(t.starts_with("Saved to /tmp/abc/saves/ singles-"), "{t}");
        assert_eq!(
            break_long_words("Turn passes.\nLaw 48", 18),
            "Turn passes.\nLaw 48"
        );
    }

    #[test]
    fn what_the_font_lacks_is_shown_with_stand_ins() {
        assert_eq!(
            for_display("Foul \u{2014} a cut of about 30\u{b0}"),
            "Foul - a cut of about 30 degrees"
        );
    }

    #[test]
    fn a_rules_file_is_shown_by_its_name() {
        assert_eq!(rules_title("icf"), "ICF");
        assert_eq!(rules_title("/tmp/x/one-board.toml"), "one-board");
    }
}
