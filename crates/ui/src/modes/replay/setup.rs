//! A replay set up as it begins (`Start::Replay`): the recorded match's table, titled "the
//! replay", and its actions on the tape ([`ReplayTape`]). The tape goes when another mode is
//! entered; the table when the mode entered has none ([`crate::modes::table`]).

use super::{Recorded, ReplayTape};
use crate::launch::Start;
use crate::modes::review::Reviewing;
use crate::modes::table::{self, Table};
use crate::modes::{Begin, Entering};
use crate::sim::Equipment;
use crate::states::Mode;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(begin)
        // A review opened from the replay's summary keeps its tape aside while it is up
        // ([`crate::modes::review`]).
        .add_systems(
            OnExit(Mode::Replay),
            (|mut commands: Commands| {
                commands.remove_resource::<ReplayTape>();
                commands.remove_resource::<Recorded>();
            })
            .run_if(not(resource_exists::<Reviewing>)),
        );
}

fn begin(begin: On<Begin>, spec: Res<Equipment>, mut entering: Entering) {
    let launch = &begin.0;
    let Start::Replay(file) = &launch.start else {
        return;
    };
    let mut table = match Table::new(&spec.0, file.setup.clone()) {
        Ok(table) => table.launched(launch),
        Err(e) => return entering.refuse(e),
    };
    table.title = "the replay".into();
    let call = vec![format!(
        "Replay: {} actions, {} rules, seed {}",
        file.actions.len(),
        file.setup.rules_name,
        file.setup.seed
    )];
    entering
        .commands
        .insert_resource(ReplayTape(file.actions.iter().copied().collect()));
    entering.commands.insert_resource(Recorded {
        setup: file.setup.clone(),
        actions: file.actions.clone(),
    });
    table::enter(&mut entering, launch, table, call);
}
