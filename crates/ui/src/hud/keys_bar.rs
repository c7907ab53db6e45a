//! The keys by touch: at the foot of the right panel, a button for each key of the mode being
//! played (the menu, the coach's hint and taking it, the aim guide, saving, the board's
//! turning; practice's preview, rack and break map; the demo's pause, speed and new demo; the
//! review's previous and next stroke and Try it; training's drills), and fine aim and power.
//! A button presses its key as the keyboard does (the key's message, read by every part of
//! the game that reads that key), so the keys and the buttons are one way in. The buttons are
//! small until a finger touches the window, then a finger's size (44 CSS pixels at the
//! smallest interface scale), and the keys' words, which a phone has no use for, give them
//! their room.

use crate::modes::input::TouchScreen;
use crate::states::{Playing, Screen};
use crate::theme::{Activate, button, palette};
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowEvent};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (fill_bar, words_or_buttons).run_if(in_state(Screen::Game)),
    );
}

/// The bar's row of buttons (in the right panel, at its foot).
#[derive(Component)]
pub(super) struct KeysBar;

/// The panel of the keys' words (hidden on a touch screen).
#[derive(Component)]
pub(super) struct KeysWords;

/// On a touch screen the keys' words go: the buttons say what they do.
fn words_or_buttons(touch: Res<TouchScreen>, mut words: Query<&mut Node, With<KeysWords>>) {
    let want = if touch.0 {
        Display::None
    } else {
        Display::Flex
    };
    for mut node in &mut words {
        if node.display != want {
            node.display = want;
        }
    }
}

/// The bar's node.
pub(super) fn bar() -> impl Bundle {
    (
        KeysBar,
        Node {
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(5),
            row_gap: px(5),
            width: percent(100),
            ..default()
        },
    )
}

/// What the bar has buttons for: the mode, and whether they are a finger's size.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
struct Filled(Option<Playing>, bool);

/// The keys of a mode, each with its button's label.
pub fn keys_of(mode: Option<Playing>) -> &'static [(&'static str, KeyCode)] {
    use KeyCode as K;
    const AIM: [(&str, KeyCode); 4] = [
        ("Aim <", K::KeyA),
        ("Aim >", K::KeyD),
        ("Power -", K::KeyS),
        ("Power +", K::KeyW),
    ];
    match mode {
        Some(Playing::Match) => &[
            ("Menu", K::Escape),
            ("Strike", K::Space),
            ("Hint", K::KeyH),
            ("Take it", K::KeyJ),
            ("Guide", K::KeyG),
            ("Save", K::F5),
            ("Turn board", K::KeyF),
            AIM[0],
            AIM[1],
            AIM[2],
            AIM[3],
        ],
        Some(Playing::Online) => &[
            ("Menu", K::Escape),
            ("Strike", K::Space),
            ("Guide", K::KeyG),
            ("Turn board", K::KeyF),
            AIM[0],
            AIM[1],
            AIM[2],
            AIM[3],
        ],
        Some(Playing::Practice) => &[
            ("Menu", K::Escape),
            ("Strike", K::Space),
            ("Hint", K::KeyH),
            ("Take it", K::KeyJ),
            ("Preview", K::KeyT),
            ("Rack again", K::KeyR),
            ("Break map", K::KeyM),
            ("Guide", K::KeyG),
            ("Turn board", K::KeyF),
            AIM[0],
            AIM[1],
            AIM[2],
            AIM[3],
        ],
        Some(Playing::Training) => &[
            ("Menu", K::Escape),
            ("Strike", K::Space),
            ("Coach's shot", K::KeyH),
            ("Take it", K::KeyJ),
            ("Another", K::KeyN),
            ("Progress", K::KeyP),
            ("Guide", K::KeyG),
            ("Turn board", K::KeyF),
            AIM[0],
            AIM[1],
            AIM[2],
            AIM[3],
        ],
        Some(Playing::Demo) => &[
            ("Menu", K::Escape),
            ("Pause", K::KeyP),
            ("Slower", K::Minus),
            ("Faster", K::Equal),
            ("New demo", K::KeyN),
            ("Lines", K::KeyL),
            ("Turn board", K::KeyF),
        ],
        Some(Playing::Replay) => &[
            ("Menu", K::Escape),
            ("Pause", K::KeyP),
            ("Slower", K::Minus),
            ("Faster", K::Equal),
            ("Turn board", K::KeyF),
        ],
        Some(Playing::Review) => &[
            ("Back", K::Escape),
            ("Previous", K::ArrowUp),
            ("Next", K::ArrowDown),
            ("Try it", K::KeyT),
        ],
        None => &[],
    }
}

/// A button's height: a finger's on a touch screen, else small.
fn height(touch: bool) -> f32 {
    if touch { 52.0 } else { 28.0 }
}

/// The bar holds the buttons of the mode played (filled again when the mode changes, or a
/// finger first touches the window).
fn fill_bar(
    mut commands: Commands,
    bars: Query<(Entity, Option<&Filled>), With<KeysBar>>,
    mode: Option<Res<State<Playing>>>,
    touch: Res<TouchScreen>,
) {
    let want = Filled(mode.map(|m| *m.get()), touch.0);
    for (bar, filled) in &bars {
        if filled == Some(&want) {
            continue;
        }
        commands.entity(bar).despawn_children().insert(want);
        commands.entity(bar).with_children(|row| {
            for &(label, key) in keys_of(want.0) {
                key_button(row, label, key, height(want.1));
            }
        });
    }
}

/// A button that presses `key`.
fn key_button(row: &mut ChildSpawnerCommands, label: &str, key: KeyCode, height: f32) {
    let size = if height > 40.0 { 17.0 } else { 13.0 };
    let words = crate::theme::text(label, size, palette::BUTTON_TEXT);
    let e = button(
        row,
        10.0,
        height,
        words,
        move |_: On<Activate>, press: KeyPress| press.tap(key),
    );
    row.commands().entity(e).insert(Node {
        width: auto(),
        height: px(height),
        min_width: px(height),
        padding: UiRect::axes(px(8), px(0)),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border: UiRect::all(px(2)),
        border_radius: BorderRadius::all(px(8)),
        ..default()
    });
}

/// The keyboard's messages, written as a key's press and release.
#[derive(bevy::ecs::system::SystemParam)]
pub struct KeyPress<'w, 's> {
    keys: MessageWriter<'w, KeyboardInput>,
    window_events: MessageWriter<'w, WindowEvent>,
    window: Query<'w, 's, Entity, With<PrimaryWindow>>,
}

impl KeyPress<'_, '_> {
    /// `key` pressed and let go, as the keyboard tells it (for the keys' state and for the
    /// taps in order).
    pub fn tap(mut self, key: KeyCode) {
        let window = self.window.single().unwrap_or(Entity::PLACEHOLDER);
        for state in [ButtonState::Pressed, ButtonState::Released] {
            let message = KeyboardInput {
                key_code: key,
                logical_key: Key::Unidentified(NativeKey::Unidentified),
                state,
                text: None,
                repeat: false,
                window,
            };
            self.window_events
                .write(WindowEvent::KeyboardInput(message.clone()));
            self.keys.write(message);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mode_played_has_a_way_back_to_the_menu_by_touch() {
        use Playing::*;
        for mode in [Match, Practice, Demo, Replay, Training, Online, Review] {
            let keys = keys_of(Some(mode));
            assert_eq!(keys[0].1, KeyCode::Escape, "{mode:?}");
        }
    }

    #[test]
    fn a_finger_gets_buttons_of_at_least_44_css_pixels_at_the_smallest_scale() {
        assert!(height(true) * 0.85 >= 44.0);
    }
}
