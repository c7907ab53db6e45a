//! A match set up as it begins: a new one (`Start::Match`), or a saved one resumed
//! (`Start::Resume`, its last result shown again if it stands just after a board). A match is
//! saved where the launch says, or under its own name in the saves folder, and a finished
//! match leaves its replay beside the save. Its table goes when another mode without one is
//! entered ([`crate::modes::table`]).

use crate::launch::Start;
use crate::modes::table::{self, Table};
use crate::modes::{Begin, Entering};
use crate::sim::Equipment;
use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(begin);
}

fn begin(begin: On<Begin>, spec: Res<Equipment>, mut entering: Entering) {
    let launch = &begin.0;
    let (table, call) = match &launch.start {
        Start::Match(setup) => (Table::new(&spec.0, setup.clone()), Vec::new()),
        Start::Resume(game) => {
            let table = Table::resumed(&spec.0, (**game).clone());
            let call = table
                .as_ref()
                .map(|t| t.model.last_call())
                .unwrap_or_default();
            (table, call)
        }
        _ => return,
    };
    let mut table = match table {
        Ok(table) => table.launched(launch),
        Err(e) => return entering.refuse(e),
    };
    if launch.save_path.is_none() {
        table.save_path = crate::settings::save_path_for(&table.model.setup);
    }
    // A finished match keeps its replay next to the save.
    table.replay_path = Some(table.save_path.with_extension("replay.json"));
    table::enter(&mut entering, launch, table, call);
}
