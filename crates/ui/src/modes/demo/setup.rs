//! A demo set up as it begins (`Start::Demo`): computers play a match at the table, titled
//! "the demo" for the menu. Its table goes when another mode without one is entered
//! ([`crate::modes::table`]).

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
    let Start::Demo(setup) = &launch.start else {
        return;
    };
    match Table::new(&spec.0, setup.clone()) {
        Ok(mut table) => {
            table.title = "the demo".into();
            let table = table.launched(launch);
            table::enter(&mut entering, launch, table, Vec::new());
        }
        Err(e) => entering.refuse(e),
    }
}
