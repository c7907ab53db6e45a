//! Esc leaves the game for the menu; the game stays at the table for Continue. In a match being
//! played the first Esc asks ([`Leave::Asked`]) and a second within a few seconds leaves.

use super::calls::Announcement;
use super::table::Table;
use crate::states::{Leave, Playing, Screen};
use bevy::prelude::*;

/// Seconds the question stands.
const ASKED_SECONDS: f32 = 4.0;

/// Seconds since Esc asked.
#[derive(Resource, Default)]
struct Asked(f32);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Asked>()
        .add_systems(OnEnter(Leave::Asked), |mut asked: ResMut<Asked>| {
            asked.0 = 0.0
        })
        .add_systems(
            Update,
            (
                escape_a_match.run_if(in_state(Playing::Match)),
                escape.run_if(in_state(Screen::Game).and_then(not(in_state(Playing::Match)))),
                forget_the_question.run_if(in_state(Leave::Asked)),
            ),
        )
        .add_systems(
            PostUpdate,
            crate::pace::stay_awake("the question to leave").run_if(in_state(Leave::Asked)),
        );
}

fn pressed_escape(keys: Option<Res<ButtonInput<KeyCode>>>) -> bool {
    keys.is_some_and(|k| k.just_pressed(KeyCode::Escape))
}

/// Esc in a demo, a replay or practice: back to the menu.
fn escape(keys: Option<Res<ButtonInput<KeyCode>>>, mut screen: ResMut<NextState<Screen>>) {
    if pressed_escape(keys) {
        screen.set(Screen::Menu);
    }
}

/// Esc in a match: asks first while the match is being played.
fn escape_a_match(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    table: Res<Table>,
    leave: Res<State<Leave>>,
    mut next: ResMut<NextState<Leave>>,
    mut screen: ResMut<NextState<Screen>>,
    mut told: MessageWriter<Announcement>,
) {
    if !pressed_escape(keys) {
        return;
    }
    if *leave.get() == Leave::Asked || table.model.is_over() {
        // The turn's phase goes with the game screen; the table stays for Continue.
        screen.set(Screen::Menu);
        return;
    }
    next.set(Leave::Asked);
    told.write(Announcement::Note(
        "Press Esc again to leave for the menu: the match is kept (Continue).".into(),
    ));
}

fn forget_the_question(
    time: Res<Time>,
    mut asked: ResMut<Asked>,
    mut next: ResMut<NextState<Leave>>,
) {
    asked.0 += time.delta_secs();
    if asked.0 >= ASKED_SECONDS {
        next.set(Leave::Stay);
    }
}
