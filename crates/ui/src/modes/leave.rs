//! Esc leaves the game for the menu; the game stays at the table for Continue. In every mode a
//! person plays (a match, one across machines, practice, training) the first Esc asks
//! ([`Leave::Asked`]) and a second within a few seconds leaves; what is only watched (a demo, a
//! replay) one Esc leaves.

use super::calls::Announcement;
use super::table::Table;
use crate::states::{Leave, Playing, Screen, Watched};
use bevy::prelude::*;

/// How the question to leave begins (it goes from the call box when it lapses).
const QUESTION: &str = "Press Esc or Menu again";

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
                // A review's Esc goes back where it was opened from, and training's Esc
                // back to the review a stroke was tried from ([`super::review`]).
                escape_a_game.run_if(
                    in_state(Screen::Game)
                        .and_then(not(in_state(Watched)))
                        .and_then(not(in_state(Playing::Review)))
                        .and_then(not(resource_exists::<super::review::TriedFromReview>)),
                ),
                escape.run_if(in_state(Watched)),
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

/// Esc in a demo or a replay: back to the menu.
fn escape(keys: Option<Res<ButtonInput<KeyCode>>>, mut screen: ResMut<NextState<Screen>>) {
    if pressed_escape(keys) {
        screen.set(Screen::Menu);
    }
}

/// Esc in a game a person plays: asks first, unless the match is over.
fn escape_a_game(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    table: Option<Res<Table>>,
    playing: Res<State<Playing>>,
    leave: Res<State<Leave>>,
    mut next: ResMut<NextState<Leave>>,
    mut screen: ResMut<NextState<Screen>>,
    mut told: MessageWriter<Announcement>,
) {
    if !pressed_escape(keys) {
        return;
    }
    let over = playing.refereed() && table.is_some_and(|t| t.model.is_over());
    if *leave.get() == Leave::Asked || over {
        // The turn's phase goes with the game screen; the game stays for Continue.
        screen.set(Screen::Menu);
        return;
    }
    next.set(Leave::Asked);
    let kept = match playing.get() {
        Playing::Online => "you stay connected; Continue comes back to the match",
        Playing::Practice | Playing::Training => "Continue comes back to it",
        _ => "the match is kept (Continue)",
    };
    told.write(Announcement::Note(format!(
        "{QUESTION} to leave for the menu: {kept}."
    )));
}

/// The question lapses after [`ASKED_SECONDS`], and its words go with it.
fn forget_the_question(
    time: Res<Time>,
    mut asked: ResMut<Asked>,
    mut next: ResMut<NextState<Leave>>,
    mut log: ResMut<super::calls::CallLog>,
) {
    asked.0 += time.delta_secs();
    if asked.0 >= ASKED_SECONDS {
        next.set(Leave::Stay);
        if log.note.starts_with(QUESTION) {
            log.note.clear();
        }
    }
}
