//! A page taller than the window scrolls: the wheel, PgUp and PgDn, and a finger dragged on a
//! touch screen move every [`Scrolled`] node (a page over the menu, training's progress), kept
//! between its top and its foot. One way to scroll for every page.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;

/// How far a line of the wheel scrolls a page (its pixels).
const WHEEL_LINE: f32 = 24.0;

/// A node that scrolls when its content is taller than it (its `Overflow` scrolls in y, and
/// it has a `ScrollPosition`: [`scrolling`]).
#[derive(Component, Default)]
pub struct Scrolled;

pub(crate) fn plugin(app: &mut App) {
    // The wheel's messages are the window's; a test's app without a window has none to send.
    app.add_message::<MouseWheel>()
        .add_systems(Update, scroll_pages);
}

/// The wheel, PgUp, PgDn and a dragged finger scroll each page.
fn scroll_pages(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    touches: Option<Res<Touches>>,
    mut wheel: MessageReader<MouseWheel>,
    mut pages: Query<(&mut ScrollPosition, &ComputedNode, &InheritedVisibility), With<Scrolled>>,
) {
    let lines: f32 = wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => -w.y * WHEEL_LINE,
            MouseScrollUnit::Pixel => -w.y,
        })
        .sum();
    for (mut at, node, shown) in &mut pages {
        // A page under another (the menu under its pages) keeps its place.
        if !shown.get() {
            continue;
        }
        let k = node.inverse_scale_factor();
        let shown = node.size().y * k;
        // A finger dragged up moves the page up: its content follows the finger.
        let dragged = touches.as_ref().map_or(0.0, |t| -finger_moved(t) * k);
        let by = lines + dragged + keys.as_ref().map_or(0.0, |k| page_keys(k, shown));
        let most = (node.content_size().y * k - shown).max(0.0);
        let want = scrolled(at.0.y, by, most);
        if at.0.y != want {
            at.0.y = want;
        }
    }
}

/// A page that scrolls: its node's overflow scrolls in y, from the top.
pub fn scrolling(node: Node) -> impl Bundle {
    (
        Scrolled,
        ScrollPosition::default(),
        Node {
            overflow: Overflow::scroll_y(),
            ..node
        },
    )
}

/// How far one finger held on the screen moved down since the last frame (physical pixels).
fn finger_moved(touches: &Touches) -> f32 {
    let mut held = touches.iter();
    match (held.next(), held.next()) {
        (Some(one), None) => one.delta().y,
        _ => 0.0,
    }
}

/// PgDn and PgUp: most of a page (`shown` high) down or up.
pub(crate) fn page_keys(keys: &ButtonInput<KeyCode>, shown: f32) -> f32 {
    let step = 0.8 * shown;
    let mut by = 0.0;
    if keys.just_pressed(KeyCode::PageDown) {
        by += step;
    }
    if keys.just_pressed(KeyCode::PageUp) {
        by -= step;
    }
    by
}

/// A scroll position `at` moved `by`, kept between the top and `most`.
pub(crate) fn scrolled(at: f32, by: f32, most: f32) -> f32 {
    (at + by).clamp(0.0, most)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The page scrolls by what it is asked, never above its top nor below its foot.
    #[test]
    fn the_page_scrolls_between_its_top_and_its_foot() {
        assert_eq!(scrolled(0.0, 120.0, 300.0), 120.0);
        assert_eq!(scrolled(250.0, 120.0, 300.0), 300.0);
        assert_eq!(scrolled(100.0, -240.0, 300.0), 0.0);
        assert_eq!(
            scrolled(0.0, 120.0, 0.0),
            0.0,
            "a page that fits does not scroll"
        );
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::PageDown);
        assert_eq!(page_keys(&keys, 500.0), 400.0);
        let mut keys = ButtonInput::<KeyCode>::default();
        keys.press(KeyCode::PageUp);
        assert_eq!(page_keys(&keys, 500.0), -400.0);
    }
}
