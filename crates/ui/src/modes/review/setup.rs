//! A review set up as it begins (`Start::Review`): the match at the table, if it was opened
//! from there, kept aside with its mode; the coach set to work; the review's mode entered. Back
//! puts the match back at the table as it was (its summary or its board's result shows again),
//! or returns to the saved matches page.

use super::{BackFromReview, OpenedFrom, Reviewing, first_layout};
use crate::launch::Start;
use crate::modes::replay::{Recorded, ReplayTape};
use crate::modes::table::Table;
use crate::modes::turn::FireParams;
use crate::modes::{Begin, Entering, OnBoard};
use crate::sim::Equipment;
use crate::states::{Mode, Screen};
use bevy::prelude::*;

/// The menu opens on the saved matches page (Back from a review opened there; the page is the
/// menu's, [`crate::screens::library`]).
#[derive(Resource)]
pub struct ReturnToLibrary;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(begin)
        .add_observer(back)
        .add_systems(OnExit(Mode::Review), leave_the_review);
}

fn begin(
    begin: On<Begin>,
    spec: Res<Equipment>,
    mode: Res<State<Mode>>,
    mut entering: Entering,
    mut fire: FireParams,
) {
    let launch = &begin.0;
    let Start::Review(start) = &launch.start else {
        return;
    };
    let work = crate::work::review(&spec.0, start.save.clone(), start.path.clone());
    let mut reviewing = Reviewing::new(start, Some(work));
    // The match at the table stays aside (the table's and the replay's set-ups leave it when
    // a review is entered), to go back to.
    reviewing.back_to = (start.from == OpenedFrom::Table).then_some(*mode.get());
    let layout = first_layout(&spec, &start.save);
    let on_board = OnBoard {
        pieces: layout.clone(),
        title: "the review".into(),
        ..OnBoard::default()
    };
    let call = vec!["Review: the coach judges every stroke".to_string()];
    entering.commands.insert_resource(reviewing);
    entering.enter(launch, on_board, call);
    // The summary or the result card goes with its phase; the board shows the rack.
    fire.show_table(&layout);
}

/// Back: the match put back at the table as it was, or the saved matches page.
fn back(
    _: On<BackFromReview>,
    mut commands: Commands,
    reviewing: Option<Res<Reviewing>>,
    table: Option<ResMut<Table>>,
    mut screen: ResMut<NextState<Screen>>,
    mut mode: ResMut<NextState<Mode>>,
    mut fire: FireParams,
) {
    let Some(r) = reviewing else { return };
    match (r.back_to, table) {
        (Some(back_to), Some(mut table)) => {
            mode.set(back_to);
            // Loaded, the table goes on to its summary or its board's result.
            fire.show_table(&table.model.layout);
            table.set_changed();
        }
        _ => {
            if r.from == OpenedFrom::Library {
                commands.insert_resource(ReturnToLibrary);
            }
            screen.set(Screen::Menu);
        }
    }
}

/// Out of the review: into another mode than the match's it was opened from, that match's
/// table (kept aside) goes too.
fn leave_the_review(
    mut commands: Commands,
    mode: Res<State<Mode>>,
    tried: Option<Res<super::TriedFromReview>>,
) {
    // Trying a stroke in training: all is kept to come back to ([`super::tried`]).
    if tried.is_some() && *mode.get() == Mode::Training {
        return;
    }
    commands.remove_resource::<super::TriedFromReview>();
    commands.remove_resource::<Reviewing>();
    if !mode
        .get()
        .playing()
        .is_some_and(crate::states::Playing::refereed)
    {
        commands.remove_resource::<Table>();
        commands.remove_resource::<ReplayTape>();
        commands.remove_resource::<Recorded>();
    }
}
