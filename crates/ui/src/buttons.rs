//! The buttons on the screen, each its label and its rectangle in the window's logical pixels
//! (CSS pixels in the page), top to bottom: where a script or a page's test presses them as a
//! person would. The page puts them in its live region (`web::status`); the desktop game logs
//! them (`debug` of `carrom_ui::buttons`) each time they change, for the play-through scripts
//! (`scripts/keys-playthrough.sh`).

use bevy::prelude::*;

/// A button on the screen: its label, its top left corner and its size.
#[derive(Debug, Clone, PartialEq)]
pub struct Shown {
    pub label: String,
    pub at: Vec2,
    pub size: Vec2,
}

/// The buttons' query: their laid-out node, where it is, its label's children, whether shown.
pub type ButtonNodes<'w, 's> = Query<
    'w,
    's,
    (
        &'static ComputedNode,
        &'static UiGlobalTransform,
        &'static Children,
        &'static InheritedVisibility,
    ),
    With<Button>,
>;

/// The buttons shown, top to bottom then left to right (the nodes' physical pixels over the
/// window's `scale_factor`).
pub fn shown(buttons: &ButtonNodes, texts: &Query<&Text>, scale_factor: f32) -> Vec<Shown> {
    let k = 1.0 / scale_factor;
    let mut found: Vec<Shown> = buttons
        .iter()
        .filter(|(node, _, _, visible)| visible.get() && node.size().x > 0.0)
        .map(|(node, at, children, _)| {
            let label = (children.iter())
                .filter_map(|c| texts.get(c).ok())
                .map(|t| t.0.clone())
                .collect::<Vec<_>>()
                .join(" ");
            let size = node.size() * k;
            let at = at.affine().translation * k - size / 2.0;
            Shown { label, at, size }
        })
        .collect();
    found.sort_by(|a, b| a.at.y.total_cmp(&b.at.y).then(a.at.x.total_cmp(&b.at.x)));
    found
}

/// The buttons as JSON: `[{"label", "x", "y", "w", "h"}, ...]`, whole pixels.
pub fn json(shown: &[Shown]) -> String {
    let items: Vec<String> = shown
        .iter()
        .map(|b| {
            format!(
                "{{\"label\":{},\"x\":{:.0},\"y\":{:.0},\"w\":{:.0},\"h\":{:.0}}}",
                serde_json::to_string(&b.label).unwrap_or_default(),
                b.at.x,
                b.at.y,
                b.size.x,
                b.size.y
            )
        })
        .collect();
    format!("[{}]", items.join(","))
}

/// The desktop game's log of its buttons, each time they change.
#[cfg(not(target_arch = "wasm32"))]
pub fn plugin(app: &mut App) {
    app.add_systems(Last, log_buttons);
}

#[cfg(not(target_arch = "wasm32"))]
fn log_buttons(
    buttons: ButtonNodes,
    texts: Query<&Text>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut last: Local<String>,
) {
    if !bevy::log::tracing::enabled!(bevy::log::Level::DEBUG) {
        return;
    }
    let Ok(window) = window.single() else { return };
    let now = json(&shown(&buttons, &texts, window.scale_factor()));
    if now != *last {
        debug!("buttons on screen: {now}");
        *last = now;
    }
}
