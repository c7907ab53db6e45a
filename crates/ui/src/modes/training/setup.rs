//! Training set up as it begins (`Start::Training`, or `Start::Drill`: a reviewed stroke's
//! position to try again and again): the progress of the player named first
//! in the settings (kept in the data directory when this game keeps files), and the first
//! drill; a damaged progress file is named in the first call. Its data goes when another mode
//! is entered.

use super::Training;
use crate::launch::Start;
use crate::modes::{Begin, Entering};
use crate::sim::Equipment;
use crate::states::Mode;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(begin)
        .add_systems(OnExit(Mode::Training), |mut commands: Commands| {
            commands.remove_resource::<Training>();
        });
}

fn begin(begin: On<Begin>, spec: Res<Equipment>, mut entering: Entering) {
    let launch = &begin.0;
    let tried = match &launch.start {
        Start::Training => None,
        Start::Drill(drill) => Some(drill.as_ref().clone()),
        _ => return,
    };
    let dir = entering.data_dir();
    let name = entering.settings().names[0].trim().to_string();
    let name = if name.is_empty() {
        "Player 1".to_string()
    } else {
        name
    };
    let (mut training, warning) =
        Training::new(&spec.0, dir.as_deref(), &name, rand::random::<u64>());
    if let Some(drill) = tried {
        training.try_again_and_again(drill);
    }
    let on_board = training.on_board();
    let mut call = vec![training.task_call()];
    call.extend(warning);
    entering.commands.insert_resource(training);
    entering.enter(launch, on_board, call);
}
