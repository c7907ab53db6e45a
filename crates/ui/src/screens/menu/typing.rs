//! Typing into a text of the menu (a player's name, an address, a join code): the old text
//! starts selected, so the first letter typed replaces it and Backspace clears it; Enter or Tab
//! keeps what was typed, Esc puts the old text back. The forms' fields ([`Fields`]) are typed
//! by [`start_typing`] and [`type_into`], and shown by [`field_words`] (the caret, the
//! selection).

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

/// A form's field being typed: which, what it held before (Esc puts it back), and whether
/// that old text is still selected (the first letter typed replaces it).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Editing<F> {
    pub field: F,
    pub old: String,
    pub selected: bool,
}

/// A form whose fields are typed ([`start_typing`], [`type_into`]): its texts by field, each
/// with its most characters, and the field being typed.
pub(super) trait Fields {
    type Field: Copy + PartialEq;
    fn editing(&mut self) -> &mut Option<Editing<Self::Field>>;
    fn text_mut(&mut self, field: Self::Field) -> &mut String;
    fn max(field: Self::Field) -> usize;
}

/// The typing of a field ended: the field, its old text, and whether Esc asked for it back.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Ended<F> {
    pub field: F,
    pub old: String,
    pub undo: bool,
}

/// A click on `field`'s button: typing into it starts, its old text selected.
pub(super) fn start_typing<F: Fields>(form: &mut F, field: F::Field) {
    let old = form.text_mut(field).clone();
    *form.editing() = Some(Editing {
        field,
        old,
        selected: true,
    });
}

/// `key` typed into the field being typed, if any, up to its most characters. When the typing
/// ends (Enter or Tab keep the text, Esc asks for the old one), the field is no longer typed
/// and what ended is returned, for the form to keep (or put back) as it keeps its texts.
pub(super) fn type_into<F: Fields>(form: &mut F, key: &Key) -> Option<Ended<F::Field>> {
    let Editing {
        field,
        mut selected,
        ..
    } = form.editing().clone()?;
    let typed = type_key(key, form.text_mut(field), &mut selected, F::max(field));
    if typed == Typed::Going {
        if let Some(e) = form.editing() {
            e.selected = selected;
        }
        return None;
    }
    let undo = typed == Typed::Undone;
    form.editing().take().map(|e| Ended {
        field: e.field,
        old: e.old,
        undo,
    })
}

/// The typing ends without a key (a click elsewhere): what was typed is kept.
pub(super) fn stop_typing<F: Fields>(form: &mut F) -> Option<Ended<F::Field>> {
    form.editing().take().map(|e| Ended {
        field: e.field,
        old: e.old,
        undo: false,
    })
}

/// A field's words on its button: its title and its text, the text selected in brackets, a
/// caret after it while it is typed, and how to type it while it is empty.
pub(super) fn field_words<F: PartialEq>(
    editing: Option<&Editing<F>>,
    field: F,
    title: &str,
    text: &str,
) -> String {
    match editing {
        Some(e) if e.field == field && e.selected => format!("{title}: [{text}]"),
        Some(e) if e.field == field => format!("{title}: {text}_"),
        _ if text.is_empty() => format!("{title}: (click to type)"),
        _ => format!("{title}: {text}"),
    }
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

    /// A form of two fields, of 4 and 6 characters.
    #[derive(Default)]
    struct TwoFields {
        texts: [String; 2],
        editing: Option<Editing<usize>>,
    }

    impl Fields for TwoFields {
        type Field = usize;
        fn editing(&mut self) -> &mut Option<Editing<usize>> {
            &mut self.editing
        }
        fn text_mut(&mut self, field: usize) -> &mut String {
            &mut self.texts[field]
        }
        fn max(field: usize) -> usize {
            4 + 2 * field
        }
    }

    #[test]
    fn a_forms_field_is_typed_to_its_length_and_shown_with_the_caret() {
        let mut form = TwoFields {
            texts: ["old".into(), String::new()],
            ..TwoFields::default()
        };
        let words = |f: &TwoFields, field: usize| {
            field_words(f.editing.as_ref(), field, "T", &f.texts[field])
        };
        assert_eq!(words(&form, 1), "T: (click to type)");
        start_typing(&mut form, 0);
        assert_eq!(words(&form, 0), "T: [old]");
        assert_eq!(type_into(&mut form, &Key::Character("abcdef".into())), None);
        assert_eq!(words(&form, 0), "T: abcd_");
        assert_eq!(type_into(&mut form, &Key::Backspace), None);
        let ended = type_into(&mut form, &Key::Escape).unwrap();
        assert_eq!(
            (ended.field, ended.old.as_str(), ended.undo),
            (0, "old", true)
        );
        assert_eq!(words(&form, 0), "T: abc");
        start_typing(&mut form, 1);
        type_into(&mut form, &Key::Character("123456789".into()));
        let ended = stop_typing(&mut form).unwrap();
        assert_eq!((form.texts[1].as_str(), ended.undo), ("123456", false));
        assert_eq!(type_into(&mut form, &Key::Enter), None, "nothing typed");
    }

    #[test]
    fn a_text_stops_at_its_length_and_esc_asks_for_the_old_one() {
        let keys = [Key::Character("1234567890".into()), Key::Escape];
        assert_eq!(typed("", &keys), ("123456".into(), Typed::Undone));
    }
}
