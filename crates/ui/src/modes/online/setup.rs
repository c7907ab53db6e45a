//! A match across machines set up as it begins (`Start::Online`, joined or hosted and
//! started): the host's match as it stands at the table, this machine's seats, and the link
//! to the host ([`Online`]). The link goes (closed) when another mode is entered; the table
//! when the mode entered has none ([`crate::modes::table`]).

use super::Online;
use crate::launch::{OnlineStart, Start};
use crate::modes::table::{self, Table};
use crate::modes::{Begin, Entering};
use crate::sim::Equipment;
use crate::states::Mode;
use bevy::prelude::*;
use carrom_physics::Spec;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(begin)
        .add_systems(OnExit(Mode::Online), |mut commands: Commands| {
            commands.remove_resource::<Online>();
        });
}

fn begin(begin: On<Begin>, spec: Res<Equipment>, mut entering: Entering) {
    let launch = &begin.0;
    let Start::Online(online) = &launch.start else {
        return;
    };
    let (table, call) = match at_the_table(online, &spec.0) {
        Ok((table, call)) => (table.launched(launch), call),
        Err(e) => return entering.refuse(e),
    };
    entering
        .commands
        .insert_resource(Online::new(online, table.model.actions.len()));
    table::enter(&mut entering, launch, Mode::Online, table, call);
}

/// The host's match at the table here, with this machine's seats, and the first call: the
/// join code at the host's window, or whom this machine joined as.
fn at_the_table(online: &OnlineStart, spec: &Spec) -> Result<(Table, Vec<String>), String> {
    let guard = online.guest.lock().map_err(|_| "the network link broke")?;
    let guest = guard.as_ref().ok_or("not joined to a match")?;
    let game = guest
        .game
        .clone()
        .ok_or("the host's match has not started")?;
    let mut table = Table::resumed(spec, game)?;
    table.here = Some(guest.seats.clone());
    table.title = format!("{} (across machines)", table.title);
    let mut call = vec![match &online.hosting {
        Some(host) => format!(
            "Hosting: code {} at {}",
            host.code,
            host.addresses.first().map_or("", String::as_str)
        ),
        None => format!("Joined as {}", guest.joining.name),
    }];
    call.extend(table.model.last_call());
    Ok((table, call))
}
