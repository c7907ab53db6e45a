//! Break practice set up as it begins (`Start::Practice`): a full rack, no breaks yet. Its
//! data goes when another mode is entered.

use super::BreakPractice;
use crate::launch::Start;
use crate::modes::{Begin, Entering};
use crate::sim::Equipment;
use crate::states::Mode;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(begin)
        .add_systems(OnExit(Mode::Practice), |mut commands: Commands| {
            commands.remove_resource::<BreakPractice>();
        });
}

fn begin(begin: On<Begin>, spec: Res<Equipment>, mut entering: Entering) {
    let launch = &begin.0;
    let Start::Practice = launch.start else {
        return;
    };
    let practice = BreakPractice::new(&spec.0);
    let on_board = practice.on_board();
    entering.commands.insert_resource(practice);
    entering.enter(launch, on_board, Vec::new());
}
