//! What the app's tests share: the button a person would click, found by its label, and a key
//! pressed for one frame.

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::prelude::*;

/// The button whose label `is` says: of two (a page's over the menu's, as "North:"), the one on
/// the page, which is the one a person sees and clicks.
pub fn button_where(app: &mut App, is: impl Fn(&str) -> bool) -> Option<Entity> {
    let mut q = app
        .world_mut()
        .query_filtered::<(Entity, &Children), With<Button>>();
    let buttons: Vec<(Entity, Vec<Entity>)> = q
        .iter(app.world())
        .map(|(e, c)| (e, c.iter().collect()))
        .collect();
    let labelled: Vec<Entity> = buttons
        .into_iter()
        .filter(|(_, children)| {
            (children.iter()).any(|c| app.world().get::<Text>(*c).is_some_and(|t| is(&t.0)))
        })
        .map(|(e, _)| e)
        .collect();
    (labelled.iter().copied().find(|e| on_a_page(app, *e))).or(labelled.first().copied())
}

/// Whether `e` is on a page over the menu (its root is drawn above the menu).
fn on_a_page(app: &App, mut e: Entity) -> bool {
    loop {
        if app.world().get::<GlobalZIndex>(e).is_some() {
            return true;
        }
        match app.world().get::<ChildOf>(e) {
            Some(parent) => e = parent.parent(),
            None => return false,
        }
    }
}

/// `key` pressed for one frame, then let go.
pub fn press(app: &mut App, key: KeyCode) {
    let mut input = ButtonInput::<KeyCode>::default();
    input.press(key);
    app.world_mut().insert_resource(input);
    app.update();
    app.world_mut()
        .insert_resource(ButtonInput::<KeyCode>::default());
}

/// Text typed into the field being typed in, as a person types it: each letter a key, then
/// Enter.
pub fn type_text(app: &mut App, s: &str) {
    let keys = (s.chars()).map(|ch| (KeyCode::KeyA, Key::Character(ch.to_string().into())));
    for (key_code, logical_key) in keys.chain([(KeyCode::Enter, Key::Enter)]) {
        app.world_mut().write_message(KeyboardInput {
            key_code,
            logical_key,
            state: ButtonState::Pressed,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}
