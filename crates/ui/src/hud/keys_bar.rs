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
use crate::states::{Phase, Playing, Screen};
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

/// A bar of buttons: the mode's keys (at the foot of the right column) or the stroke's
/// (Strike, aim and power, at the foot of the left: the two halves fit a short window).
#[derive(Component, Clone, Copy, PartialEq, Eq, Debug)]
pub enum KeysBar {
    Mode,
    Stroke,
}

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

/// A bar's node.
pub(super) fn bar(part: KeysBar) -> impl Bundle {
    (
        part,
        Node {
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(5),
            row_gap: px(5),
            width: percent(100),
            // The buttons keep their room in a short column.
            flex_shrink: 0.0,
            ..default()
        },
    )
}

/// What the bar has buttons for: the mode, whether a returned piece is being placed, and
/// whether they are a finger's size.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
struct Filled(Option<Playing>, bool, bool);

/// The stroke's keys, where a person strikes, in two rows of a third of the bar each (a
/// narrow panel keeps them so): aim a step at a time and Strike, then power a step at a time.
const STROKE: [(&str, KeyCode); 5] = [
    ("Aim <", KeyCode::KeyA),
    ("Aim >", KeyCode::KeyD),
    ("Strike", KeyCode::Space),
    ("Softer", KeyCode::KeyS),
    ("Harder", KeyCode::KeyW),
];

/// While a returned piece is placed (Law 89) the stroke's bar has one button: the piece,
/// dragged by a finger, is put down where it is shown (as Enter or Space puts it down).
const DUE: [(&str, KeyCode); 1] = [("Put it down", KeyCode::Space)];

/// Whether a person strikes in `mode` (the stroke's keys are his).
fn strikes(mode: Playing) -> bool {
    matches!(
        mode,
        Playing::Match | Playing::Online | Playing::Practice | Playing::Training
    )
}

/// The keys of a bar in `mode` (`due`: while a returned piece is placed), each with its
/// button's label.
pub fn keys_of(part: KeysBar, mode: Option<Playing>, due: bool) -> Vec<(&'static str, KeyCode)> {
    match (part, mode) {
        (_, None) => Vec::new(),
        (KeysBar::Mode, Some(mode)) => mode_keys(mode),
        (KeysBar::Stroke, Some(mode)) if strikes(mode) && due => DUE.to_vec(),
        (KeysBar::Stroke, Some(mode)) if strikes(mode) => STROKE.to_vec(),
        (KeysBar::Stroke, Some(_)) => Vec::new(),
    }
}

/// The mode's own keys: the way back first, then where a person strikes the mode's and the
/// guide and the board's turning; where he watches, the pace, the mode's and the turning.
fn mode_keys(mode: Playing) -> Vec<(&'static str, KeyCode)> {
    use KeyCode as K;
    const WATCHED: [(&str, KeyCode); 3] = [
        ("Pause", K::KeyP),
        ("Slower", K::Minus),
        ("Faster", K::Equal),
    ];
    let own: &[(&str, KeyCode)] = match mode {
        Playing::Match => &[("Hint", K::KeyH), ("Take it", K::KeyJ), ("Save", K::F5)],
        Playing::Online | Playing::Replay => &[],
        Playing::Practice => &[
            ("Hint", K::KeyH),
            ("Take it", K::KeyJ),
            ("Preview", K::KeyT),
            ("Rack again", K::KeyR),
            ("Break map", K::KeyM),
        ],
        Playing::Training => &[
            ("Coach's shot", K::KeyH),
            ("Take it", K::KeyJ),
            ("Another", K::KeyN),
            ("Progress", K::KeyP),
        ],
        Playing::Demo => &[("New demo", K::KeyN), ("Lines", K::KeyL)],
        Playing::Review => &[
            ("Previous", K::ArrowUp),
            ("Next", K::ArrowDown),
            ("Try it", K::KeyT),
        ],
    };
    let back = if mode == Playing::Review {
        "Back"
    } else {
        "Menu"
    };
    let mut keys = vec![(back, K::Escape)];
    if strikes(mode) {
        keys.extend(own);
        keys.extend([("Guide", K::KeyG), ("Turn board", K::KeyF)]);
    } else if mode != Playing::Review {
        keys.extend(WATCHED);
        keys.extend(own);
        keys.push(("Turn board", K::KeyF));
    } else {
        keys.extend(own);
    }
    keys
}

/// A button's height: a finger's on a touch screen, else small.
fn height(touch: bool) -> f32 {
    if touch { 52.0 } else { 28.0 }
}

/// The bar holds the buttons of the mode played (filled again when the mode changes, a
/// returned piece is to be placed or has been, or a finger first touches the window).
fn fill_bar(
    mut commands: Commands,
    bars: Query<(Entity, &KeysBar, Option<&Filled>)>,
    mode: Option<Res<State<Playing>>>,
    phase: Option<Res<State<Phase>>>,
    touch: Res<TouchScreen>,
) {
    let due = phase.is_some_and(|p| *p.get() == Phase::PlaceDue);
    let want = Filled(mode.map(|m| *m.get()), due, touch.0);
    for (bar, part, filled) in &bars {
        if filled == Some(&want) {
            continue;
        }
        commands.entity(bar).despawn_children().insert(want);
        commands.entity(bar).with_children(|row| {
            for (label, key) in keys_of(*part, want.0, want.1) {
                key_button(row, label, key, height(want.2), *part);
            }
        });
    }
}

/// A button of `part`'s bar that presses `key`, `height` tall.
fn key_button(
    row: &mut ChildSpawnerCommands,
    label: &str,
    key: KeyCode,
    height: f32,
    part: KeysBar,
) {
    let size = if height > 40.0 { 17.0 } else { 13.0 };
    let words = crate::theme::text(label, size, palette::BUTTON_TEXT);
    let e = button(
        row,
        10.0,
        height,
        words,
        move |_: On<Activate>, press: KeyPress| press.tap(key),
    );
    row.commands().entity(e).insert(key_node(height, part));
}

/// A key's button, `height` tall: as wide as its label in the mode's bar; a third of the bar
/// in the stroke's.
fn key_node(height: f32, part: KeysBar) -> Node {
    let (width, padding) = match part {
        KeysBar::Mode => (auto(), px(8)),
        KeysBar::Stroke => (percent(31), px(2)),
    };
    Node {
        width,
        height: px(height),
        min_width: px(height),
        padding: UiRect::axes(padding, px(0)),
        justify_content: JustifyContent::Center,
        align_items: AlignItems::Center,
        border: UiRect::all(px(2)),
        border_radius: BorderRadius::all(px(8)),
        ..default()
    }
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
        self.press(key, Key::Unidentified(NativeKey::Unidentified));
    }

    /// The keys of `typed` pressed and let go in order, as the keyboard tells what they type
    /// (for a form's field: letters, Backspace, Enter, Esc).
    // (Only the browser's typing on a touch screen calls it.)
    #[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
    pub fn type_keys(mut self, typed: impl IntoIterator<Item = Key>) {
        let code = KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified);
        for key in typed {
            self.press(code, key);
        }
    }

    fn press(&mut self, key_code: KeyCode, logical_key: Key) {
        let window = self.window.single().unwrap_or(Entity::PLACEHOLDER);
        for state in [ButtonState::Pressed, ButtonState::Released] {
            let message = KeyboardInput {
                key_code,
                logical_key: logical_key.clone(),
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
            let keys = keys_of(KeysBar::Mode, Some(mode), false);
            assert_eq!(keys[0].1, KeyCode::Escape, "{mode:?}");
        }
    }

    #[test]
    fn a_player_who_strikes_has_the_strike_and_aim_and_power_a_step_at_a_time() {
        use Playing::*;
        for mode in [Match, Practice, Training, Online] {
            let keys = keys_of(KeysBar::Stroke, Some(mode), false);
            let codes: Vec<KeyCode> = keys.iter().map(|k| k.1).collect();
            for key in [
                KeyCode::Space,
                KeyCode::KeyA,
                KeyCode::KeyD,
                KeyCode::KeyS,
                KeyCode::KeyW,
            ] {
                assert!(codes.contains(&key), "{mode:?} {key:?}");
            }
        }
        for mode in [Demo, Replay, Review] {
            assert!(
                keys_of(KeysBar::Stroke, Some(mode), false).is_empty(),
                "{mode:?}"
            );
        }
    }

    #[test]
    fn a_returned_piece_is_put_down_by_touch_as_by_the_keyboard() {
        use Playing::*;
        for mode in [Match, Practice, Training, Online] {
            let keys = keys_of(KeysBar::Stroke, Some(mode), true);
            assert_eq!(keys, vec![("Put it down", KeyCode::Space)], "{mode:?}");
        }
    }

    #[test]
    fn a_finger_gets_buttons_of_at_least_44_css_pixels_at_the_smallest_scale() {
        assert!(height(true) * 0.85 >= 44.0);
    }
}
