//! Try it and back: a reviewed stroke's position opened in training keeps the review (and the
//! match it was opened from, at the table) aside; Esc in training comes back to the review at
//! that stroke, as it was left (still judging, if the coach was). Leaving training any other
//! way lets the review go.

use super::Reviewing;
use crate::modes::OnBoard;
use crate::modes::calls::Announcement;
use crate::modes::replay::{Recorded, ReplayTape};
use crate::modes::table::Table;
use crate::modes::turn::FireParams;
use crate::states::{Mode, Playing};
use bevy::prelude::*;

/// A review's stroke is being tried in training: the review is kept to come back to.
#[derive(Resource, Debug, Clone, Copy)]
pub struct TriedFromReview;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        back_to_the_review
            .run_if(in_state(Playing::Training).and_then(resource_exists::<TriedFromReview>)),
    )
    .add_systems(OnExit(Mode::Training), let_the_review_go);
}

/// Esc in training tried from a review: the review again, at the stroke tried.
fn back_to_the_review(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut commands: Commands,
    mut reviewing: ResMut<Reviewing>,
    mut mode: ResMut<NextState<Mode>>,
    mut told: MessageWriter<Announcement>,
    mut fire: FireParams,
) {
    if !keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        return;
    }
    commands.remove_resource::<TriedFromReview>();
    let layout = reviewing
        .chosen()
        .map_or_else(Vec::new, |(at, _)| at.layout.clone());
    // The chosen stroke is shown again as the review comes back.
    reviewing.shown = None;
    commands.insert_resource(OnBoard {
        pieces: layout.clone(),
        title: "the review".into(),
        ..OnBoard::default()
    });
    fire.show_table(&layout);
    told.write(Announcement::Call(vec![
        "Review: back from trying the stroke".into(),
    ]));
    mode.set(Mode::Review);
}

/// Out of training to anything but the review: the review kept aside goes, with the match it
/// was opened from.
fn let_the_review_go(
    mut commands: Commands,
    mode: Res<State<Mode>>,
    tried: Option<Res<TriedFromReview>>,
) {
    if tried.is_none() || *mode.get() == Mode::Review {
        return;
    }
    commands.remove_resource::<TriedFromReview>();
    commands.remove_resource::<Reviewing>();
    commands.remove_resource::<Table>();
    commands.remove_resource::<ReplayTape>();
    commands.remove_resource::<Recorded>();
}
