//! Returned pieces (dues, Law 89): placed inside the outer circle by the one who owes them, a
//! person by dragging the piece (Enter or letting go places it), a computer by its choice.

use super::calls::Announcement;
use super::input::{Pointer, Touch};
use super::table::Table;
use super::turn::{Aim, ComputerDelay, Drag, FireParams};
use crate::sim::{SimSet, SimSpeed};
use crate::states::{LiveMatch, Phase, Refereed, Watched};
use bevy::prelude::*;
use carrom_match::{Action, MatchError};

/// A person's or a computer's placement of the piece owed (a referee's time-out is taken
/// before it: [`super::online`]).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct DueInput;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        OnEnter(Phase::PlaceDue),
        begin_due.run_if(in_state(Refereed)),
    )
    .add_systems(
        Update,
        (pointer_due, computer_due.run_if(in_state(LiveMatch)))
            .chain()
            .in_set(DueInput)
            .before(SimSet)
            .run_if(in_state(Phase::PlaceDue)),
    );
}

fn begin_due(mut aim: ResMut<Aim>, table: Res<Table>, delay: Res<ComputerDelay>) {
    let at = table.model.free_due_spot(0.0);
    aim.due_at = Vec2::new(at[0], at[1]);
    aim.drag = Drag::None;
    aim.wait = delay.0 * 0.5;
    aim.due_illegal = table
        .model
        .check_place(at[0], at[1])
        .err()
        .map(|e| e.to_string());
}

/// Puts the next returned piece down at `at`, if the Laws allow it there.
pub fn place_due(table: &mut Table, at: Vec2, fire: &mut FireParams) -> Result<(), MatchError> {
    table.model.place(at.x, at.y)?;
    fire.show_table(&table.model.layout);
    Ok(())
}

/// A person places the returned piece: dragged with the pointer, put down on letting go (or
/// with Enter).
fn pointer_due(
    mut aim: ResMut<Aim>,
    pointer: Res<Pointer>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    watched: Option<Res<State<Watched>>>,
    mut table: ResMut<Table>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    if watched.is_some() || table.actor_is_computer() {
        return;
    }
    // The frame's presses, moves and releases in the order they came: a quick drag and let
    // go within one frame places the piece where it was let go.
    for event in &pointer.events {
        if event.touch == Touch::Press
            && let Some(at) = event.at
            && at.distance(aim.due_at) < 0.03
        {
            aim.drag = Drag::Due;
        }
        if aim.drag == Drag::Due
            && let Some(at) = event.at
        {
            aim.due_at = at;
        }
        if event.touch == Touch::Release
            && aim.drag == Drag::Due
            && put_down(&mut aim, &mut table, &mut fire, &mut told)
        {
            return;
        }
    }
    aim.due_illegal = table
        .model
        .check_place(aim.due_at.x, aim.due_at.y)
        .err()
        .map(|e| e.to_string());
    let confirm =
        keys.is_some_and(|k| k.just_pressed(KeyCode::Enter) || k.just_pressed(KeyCode::Space));
    if confirm {
        put_down(&mut aim, &mut table, &mut fire, &mut told);
    }
}

/// The piece let go (or confirmed) where it is shown: put down if the Laws allow it there;
/// whether it was.
fn put_down(
    aim: &mut Aim,
    table: &mut Table,
    fire: &mut FireParams,
    told: &mut MessageWriter<Announcement>,
) -> bool {
    aim.drag = Drag::None;
    aim.due_illegal = table
        .model
        .check_place(aim.due_at.x, aim.due_at.y)
        .err()
        .map(|e| e.to_string());
    if aim.due_illegal.is_some() {
        return false;
    }
    match place_due(table, aim.due_at, fire) {
        Ok(()) => true,
        Err(e) => {
            told.write(Announcement::Note(e.to_string()));
            false
        }
    }
}

/// A computer places the returned piece where it chooses, once its wait is over.
fn computer_due(
    time: Res<Time>,
    mut aim: ResMut<Aim>,
    watched: Option<Res<State<Watched>>>,
    mut table: ResMut<Table>,
    speed: Res<SimSpeed>,
    mut fire: FireParams,
    mut told: MessageWriter<Announcement>,
) {
    let computer = watched.is_some() || table.actor_is_computer();
    if !computer || table.actor_is_elsewhere() {
        return;
    }
    // The computer's aim stays on screen long enough to be seen even at 8x (the stroke itself
    // runs at the full speed factor).
    aim.wait -= time.delta_secs() * speed.factor.clamp(1.0, 2.0);
    if aim.wait > 0.0 && speed.steps_per_frame.is_none() {
        return;
    }
    let table = &mut *table;
    let action = table.computers.act(&table.model);
    if let Some(Action::Place { x, y }) = action
        && let Err(e) = place_due(table, Vec2::new(x, y), &mut fire)
    {
        told.write(Announcement::Note(e.to_string()));
    }
}
