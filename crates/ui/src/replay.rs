//! A recorded match played back on the board: each recorded stroke is shown like a computer's
//! decision and struck, each recorded placement made, until the record ends.

use crate::play::{Announcement, FireParams, Thinking, TurnBegins, place_due};
use crate::{Mode, Phase, Screen, Session, in_mode};
use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;
use carrom_match::Action;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Phase::Aim),
        recorded_stroke
            .after(TurnBegins)
            .run_if(in_mode(Mode::Replay)),
    )
    .add_systems(
        Update,
        recorded_placement
            .run_if(in_state(Screen::Game).and_then(in_state(Phase::PlaceDue)))
            .run_if(in_mode(Mode::Replay)),
    );
}

/// The recorded stroke (or pass) of the turn, handed over as the turn's decision.
fn recorded_stroke(
    session: Option<ResMut<Session>>,
    mut thinking: ResMut<Thinking>,
    mut told: MessageWriter<Announcement>,
) {
    let Some(mut session) = session else { return };
    match session.replay_actions.pop_front() {
        Some(action @ (Action::Stroke { .. } | Action::Pass)) => {
            thinking.start(AsyncComputeTaskPool::get().spawn(async move { (Some(action), None) }));
        }
        Some(Action::Place { .. }) => {
            told.write(Announcement::Note(
                "The replay does not fit the match (a placement where a stroke was recorded)."
                    .into(),
            ));
            session.replay_actions.clear();
        }
        None => {
            told.write(Announcement::Note("End of the replay.".into()));
        }
    }
}

/// The recorded placement of a returned piece.
fn recorded_placement(
    session: Option<ResMut<Session>>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let Some(mut session) = session else { return };
    match session.replay_actions.pop_front() {
        Some(Action::Place { x, y }) => {
            if let Err(e) = place_due(&mut session, Vec2::new(x, y), &mut fire) {
                told.write(Announcement::Note(e));
            }
        }
        _ => {
            told.write(Announcement::Note(
                "The replay does not fit the match (no placement where one was due).".into(),
            ));
            session.replay_actions.clear();
        }
    }
}
