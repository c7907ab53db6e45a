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

/// Words for a touch screen: a click is a tap there ("Click a seat" is "Tap a seat", "click
/// to type" is "tap to type"); a right-click, which a finger has no way to make, and the keys
/// are left as they are (the keys' words are not shown on a touch screen). `None` when
/// nothing changes.
pub fn for_touch(words: &str) -> Option<String> {
    if !words.contains("lick") {
        return None;
    }
    const KEPT: &str = "\u{1}";
    let mut out = words.replace("right-click", KEPT);
    for (click, tap) in [
        ("Clicked", "Tapped"),
        ("clicked", "tapped"),
        ("Clicking", "Tapping"),
        ("clicking", "tapping"),
        ("Click", "Tap"),
        ("click", "tap"),
    ] {
        out = out.replace(click, tap);
    }
    let out = out.replace(KEPT, "right-click");
    (out != words).then_some(out)
}

/// Text for a narrow panel: a word longer than `max` characters (a file's path or name) may
/// break after its separators (`/`, `-`, `_`, `.`), or else every `max` characters: an
/// invisible break (a zero-width space) is put there, so the panel wraps it between its parts
/// instead of mid-name or growing past the window, and the text reads as it was written.
pub fn break_long_words(text: &str, max: usize) -> String {
    text.lines()
        .map(|line| {
            line.split(' ')
                .map(|word| breakable(word, max))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The zero-width space: where a line may break without a mark.
pub const MAY_BREAK: char = '\u{200B}';

/// `word` with a [`MAY_BREAK`] after each separator and within any run of `max` characters
/// without one; a word of `max` characters or fewer as it is.
fn breakable(word: &str, max: usize) -> String {
    if word.chars().count() <= max {
        return word.to_string();
    }
    let mut out = String::new();
    let mut run = 0;
    let mut chars = word.chars().peekable();
    while let Some(c) = chars.next() {
        out.push(c);
        run += 1;
        let separator = matches!(c, '/' | '-' | '_' | '.');
        if (separator || run >= max) && chars.peek().is_some() {
            out.push(MAY_BREAK);
            run = 0;
        }
    }
    out
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
        let parts = t.split([' ', '\n', MAY_BREAK]);
        assert!(parts.clone().all(|w| w.chars().count() <= 18), "{t}");
        assert!(parts.clone().any(|w| w == "singles-"), "{t}");
        assert!(parts.clone().any(|w| w == "Computer-"), "{t}");
        assert_eq!(
            t.replace(MAY_BREAK, ""),
            "Saved to /tmp/abc/saves/singles-You-v-Computer-3.json"
        );
        let long = break_long_words("abcdefghijklmnopqrstuvwxyz", 10);
        assert_eq!(long, "abcdefghij\u{200B}klmnopqrst\u{200B}uvwxyz");
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

    #[test]
    fn on_a_touch_screen_a_click_is_a_tap_and_a_right_click_stays() {
        assert_eq!(
            for_touch("Click a seat; click to type (clicked, clicking, clicks)").as_deref(),
            Some("Tap a seat; tap to type (tapped, tapping, taps)")
        );
        assert_eq!(for_touch("right-click cancels"), None);
        assert_eq!(for_touch("Press Esc"), None);
    }
}
