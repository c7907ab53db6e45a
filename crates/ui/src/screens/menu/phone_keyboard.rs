//! Typing on a touch screen: a phone has no keys, and the game's fields are drawn on the
//! canvas, which never opens the phone's keyboard. So in the browser, once a finger has
//! touched the window, a field of the menu that starts being typed (a player's name, the
//! online name, the server, a room's code) is asked for in the browser's own text box
//! (`prompt`, which opens the phone's keyboard), and its answer is typed into the field as
//! the keys would type it: the old text cleared, the answer, Enter; Esc when it is cancelled.
//! The forms' typing stays one way in.

use bevy::input::keyboard::Key;

/// The keys that type `answer` into a field whose old text is selected (the first key clears
/// it); a cancelled box (`None`) is Esc, which puts the old text back.
// (On the desktop only its test calls it.)
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub(super) fn keys_for(answer: Option<&str>) -> Vec<Key> {
    match answer {
        None => vec![Key::Escape],
        Some(text) => vec![Key::Backspace, Key::Character(text.into()), Key::Enter],
    }
}

#[cfg(target_arch = "wasm32")]
pub(super) use browser::plugin;

#[cfg(target_arch = "wasm32")]
mod browser {
    use super::super::online::OnlineForm;
    use super::super::players::MenuPlayers;
    use super::super::tournament::form::TournamentForm;
    use crate::hud::keys_bar::KeyPress;
    use crate::modes::input::TouchScreen;
    use crate::states::Screen;
    use bevy::prelude::*;

    pub fn plugin(app: &mut App) {
        app.add_systems(Update, ask_the_browser.run_if(in_state(Screen::Menu)));
    }

    /// The field being typed, if any: its title and its old text.
    fn typed_now(
        players: &MenuPlayers,
        online: &OnlineForm,
        tournament: &TournamentForm,
    ) -> Option<(String, String)> {
        if let Some((row, old)) = &players.editing {
            return Some((format!("Player {}'s name", row + 1), old.clone()));
        }
        if let Some(old) = tournament.typed_now() {
            return Some(("Players (names, or computer:LEVEL)".into(), old));
        }
        online
            .typed_now()
            .map(|(f, old)| (f.title().to_string(), old))
    }

    /// A field that starts being typed on a touch screen is asked for in the browser's box;
    /// its answer goes to the field as keys.
    fn ask_the_browser(
        players: Res<MenuPlayers>,
        online: Res<OnlineForm>,
        tournament: Res<TournamentForm>,
        touch: Res<TouchScreen>,
        mut asked: Local<bool>,
        press: KeyPress,
    ) {
        let Some((title, old)) = typed_now(&players, &online, &tournament) else {
            *asked = false;
            return;
        };
        if *asked || !touch.0 {
            return;
        }
        *asked = true;
        let answer = web_sys::window()
            .and_then(|w| w.prompt_with_message_and_default(&title, &old).ok())
            .flatten();
        press.type_keys(super::keys_for(answer.as_deref()));
    }
}

#[cfg(test)]
mod tests {
    use super::super::typing::{Typed, type_key};
    use super::*;

    fn typed(old: &str, answer: Option<&str>) -> (String, Typed) {
        let (mut text, mut selected) = (old.to_string(), true);
        let mut last = Typed::Going;
        for key in keys_for(answer) {
            last = type_key(&key, &mut text, &mut selected, 24);
        }
        (text, last)
    }

    #[test]
    fn the_browsers_answer_replaces_the_old_text_and_is_kept() {
        assert_eq!(
            typed("Player 1", Some("Asha")),
            ("Asha".into(), Typed::Kept)
        );
    }

    #[test]
    fn a_cancelled_box_asks_for_the_old_text_back() {
        assert_eq!(typed("Player 1", None).1, Typed::Undone);
    }
}
