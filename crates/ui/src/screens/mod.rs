//! The screens around the board: the menu ([`menu`]) with how to play over it
//! ([`how_to_play`]) and the saved matches and replays ([`library`]), a board's result card
//! ([`results`]), the match summary ([`summary`]) and a match's review ([`review`]). Each
//! screen's entities go with its state.

pub mod how_to_play;
pub mod library;
pub mod menu;
pub mod results;
pub mod review;
pub mod summary;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        menu::plugin,
        how_to_play::plugin,
        library::plugin,
        results::plugin,
        review::plugin,
        summary::plugin,
    ));
}

/// A layer over the whole window, in `background` and at `z` over the rest, that centres its
/// one child: a board's result card, the summary, how to play. It takes every press on it:
/// nothing under it is pressed through it.
pub(crate) fn over_window(background: Color, z: i32) -> impl Bundle {
    (
        bevy::ui::FocusPolicy::Block,
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(background),
        GlobalZIndex(z),
    )
}
