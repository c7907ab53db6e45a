//! Typing into a text of the menu (a player's name, an address, a join code): the old text
//! starts selected, so the first letter typed replaces it and Backspace clears it; Enter or Tab
//! keeps what was typed, Esc puts the old text back.

use bevy::input::keyboard::Key;

/// What a key did to the text being typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Typed {
    /// The text changed or stayed; typing goes on.
    Going,
    /// Enter or Tab: the text is kept (the caller checks it).
    Kept,
    /// Esc: the old text is to be put back.
    Undone,
}

/// `key` typed into `text`, which holds at most `max` characters; `selected`, the old text is
/// still selected (the first letter replaces it).
pub(super) fn type_key(key: &Key, text: &mut String, selected: &mut bool, max: usize) -> Typed {
    match key {
        Key::Enter | Key::Tab => {
            *selected = false;
            return Typed::Kept;
        }
        Key::Escape => {
            *selected = false;
            return Typed::Undone;
        }
        Key::Backspace if *selected => text.clear(),
        Key::Backspace => {
            text.pop();
        }
        Key::Character(_) | Key::Space => {
            if *selected {
                text.clear();
            }
            type_letter(text, key, max);
        }
        _ => return Typed::Going,
    }
    *selected = false;
    Typed::Going
}

/// A letter (or a space) typed at the end of `text`, up to `max` characters.
fn type_letter(text: &mut String, key: &Key, max: usize) {
    match key {
        Key::Character(c) => {
            for ch in c.chars().filter(|ch| !ch.is_control()) {
                if text.chars().count() < max {
                    text.push(ch);
                }
            }
        }
        Key::Space if text.chars().count() < max => text.push(' '),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(start: &str, keys: &[Key]) -> (String, Typed) {
        let mut text = start.to_string();
        let mut selected = true;
        let mut last = Typed::Going;
        for k in keys {
            last = type_key(k, &mut text, &mut selected, 6);
        }
        (text, last)
    }

    #[test]
    fn the_first_letter_replaces_the_selected_text_and_the_rest_follow_it() {
        let keys = [Key::Character("a".into()), Key::Character("b".into())];
        assert_eq!(typed("old", &keys), ("ab".into(), Typed::Going));
    }

    #[test]
    fn backspace_clears_the_selected_text_then_takes_one_letter() {
        let keys = [
            Key::Backspace,
            Key::Character("xyz".into()),
            Key::Backspace,
            Key::Enter,
        ];
        assert_eq!(typed("old", &keys), ("xy".into(), Typed::Kept));
    }

    #[test]
    fn a_text_stops_at_its_length_and_esc_asks_for_the_old_one() {
        let keys = [Key::Character("1234567890".into()), Key::Escape];
        assert_eq!(typed("", &keys), ("123456".into(), Typed::Undone));
    }
}
