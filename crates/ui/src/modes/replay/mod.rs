//! A recorded match played back on the board: each recorded stroke is shown like a computer's
//! decision and struck, each recorded placement made, until the record ends. Watched again from
//! its summary, it plays from its first stroke once more.

mod setup;

use crate::modes::calls::Announcement;
use crate::modes::dues::place_due;
use crate::modes::table::{PlayAgain, Table, begin_again};
use crate::modes::turn::{FireParams, Thinking, TurnBegins};
use crate::states::{Phase, Playing};
use bevy::prelude::*;
use bevy::tasks::AsyncComputeTaskPool;
use carrom_match::{Action, MatchSetup};
use std::collections::VecDeque;

/// The recorded actions still to play.
#[derive(Resource, Debug, Clone, Default)]
pub struct ReplayTape(pub VecDeque<Action>);

/// The whole record being replayed: its match's set-up and every action, to watch it again.
#[derive(Resource, Debug, Clone)]
pub struct Recorded {
    pub setup: MatchSetup,
    pub actions: Vec<Action>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_plugins(setup::plugin)
        .add_systems(
            OnEnter(Phase::Aim),
            recorded_stroke
                .after(TurnBegins)
                .run_if(in_state(Playing::Replay)),
        )
        .add_systems(
            Update,
            recorded_placement
                .before(crate::sim::SimSet)
                .run_if(in_state(Phase::PlaceDue).and_then(in_state(Playing::Replay))),
        )
        .add_observer(watch_again.run_if(in_state(Playing::Replay)));
}

/// The recorded stroke (or pass) of the turn, handed over as the turn's decision.
fn recorded_stroke(
    mut tape: ResMut<ReplayTape>,
    mut thinking: ResMut<Thinking>,
    mut told: MessageWriter<Announcement>,
) {
    match tape.0.pop_front() {
        Some(action @ (Action::Stroke { .. } | Action::Pass | Action::TimeOut)) => {
            thinking.start(AsyncComputeTaskPool::get().spawn(async move { (Some(action), None) }));
        }
        Some(Action::Place { .. }) => {
            told.write(Announcement::Note(
                "The replay does not fit the match (a placement where a stroke was recorded)."
                    .into(),
            ));
            tape.0.clear();
        }
        None => {
            told.write(Announcement::Note("End of the replay.".into()));
        }
    }
}

/// The recorded placement of a returned piece.
fn recorded_placement(
    mut tape: ResMut<ReplayTape>,
    mut table: ResMut<Table>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    match tape.0.pop_front() {
        Some(Action::Place { x, y }) => {
            if let Err(e) = place_due(&mut table, Vec2::new(x, y), &mut fire) {
                told.write(Announcement::Note(e.to_string()));
            }
        }
        _ => {
            told.write(Announcement::Note(
                "The replay does not fit the match (no placement where one was due).".into(),
            ));
            tape.0.clear();
        }
    }
}

/// A replay watched again: the recorded match from its start, its whole tape to play.
fn watch_again(
    _: On<PlayAgain>,
    mut commands: Commands,
    record: Res<Recorded>,
    mut table: ResMut<Table>,
    spec: Res<crate::sim::Equipment>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    match begin_again(&mut table, &spec.0, record.setup.clone(), true) {
        Ok(()) => {
            commands.insert_resource(ReplayTape(record.actions.iter().copied().collect()));
            told.write(Announcement::Call(Vec::new()));
            fire.show_table(&table.model.layout);
        }
        Err(e) => {
            told.write(Announcement::Note(e.to_string()));
        }
    }
}
