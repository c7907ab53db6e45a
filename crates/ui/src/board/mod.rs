//! The board on the screen: the board painted ([`paint`]), the pieces drawn ([`draw`]), the pieces' motion between strokes
//! ([`motion`]), where the board and the panels go in the window ([`layout`]) and the players'
//! names at their seats ([`seats`]). (The live board's bodies are [`crate::sim`].)

use bevy::prelude::*;

pub mod draw;
pub mod layout;
pub mod motion;
pub mod paint;
pub mod piece_art;
pub mod seats;

/// The board in the window.
pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        paint::plugin,
        draw::plugin,
        layout::plugin,
        motion::plugin,
        seats::plugin,
    ));
}
