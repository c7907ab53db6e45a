//! The board on the screen: its drawing ([`draw`]), the pieces' motion between strokes
//! ([`motion`]), where the board and the panels go in the window ([`layout`]) and the players'
//! names at their seats ([`seats`]). (The live board's bodies are [`crate::sim`].)

use bevy::prelude::*;

pub mod draw;
pub mod layout;
pub mod motion;
pub mod seats;

/// The board in the window.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((draw::plugin, layout::plugin, motion::plugin, seats::plugin));
}
