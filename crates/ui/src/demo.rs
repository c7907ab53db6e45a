//! Computer players' demos: the watcher pauses (P), speeds up or slows down (+, -) and starts
//! another match (N).

use crate::play::{Announcement, FireParams};
use crate::sim::{Equipment, SimSpeed};
use crate::{Mode, Screen, Session, in_mode};
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            speed_keys.run_if(in_mode(Mode::Demo).or_else(in_mode(Mode::Replay))),
            // Also while the pieces move: after the stroke in hand is judged, if it just
            // ended, so it is not judged in the new match.
            next_demo
                .run_if(in_mode(Mode::Demo))
                .after(crate::sim::SimSet)
                .after(crate::play::finish_stroke),
        )
            .run_if(in_state(Screen::Game)),
    );
}

/// Watching computers (demo, replay): P pauses, + and - double and halve the speed (1x-8x).
fn speed_keys(keys: Option<Res<ButtonInput<KeyCode>>>, mut speed: ResMut<SimSpeed>) {
    let Some(keys) = keys else { return };
    if keys.just_pressed(KeyCode::KeyP) {
        speed.paused = !speed.paused;
    }
    if keys.just_pressed(KeyCode::Equal) || keys.just_pressed(KeyCode::NumpadAdd) {
        speed.factor = (speed.factor * 2.0).min(8.0);
    }
    if keys.just_pressed(KeyCode::Minus) || keys.just_pressed(KeyCode::NumpadSubtract) {
        speed.factor = (speed.factor * 0.5).max(1.0);
    }
}

/// N: another demo match, seeded from this one's seed.
fn next_demo(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    session: Option<ResMut<Session>>,
    spec: Res<Equipment>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let (Some(keys), Some(mut session)) = (keys, session) else {
        return;
    };
    if !keys.just_pressed(KeyCode::KeyN) {
        return;
    }
    if let Err(e) = crate::play::play_again(&mut session, &spec.0) {
        told.write(Announcement::Note(e));
        return;
    }
    told.write(Announcement::Call(Vec::new()));
    fire.show_table(&session);
}
