//! A match across machines set up as it begins (`Start::Online`, joined or hosted and
//! started): the host's match as it stands at the table, this machine's seats, and the link
//! to the host ([`Online`]). The link goes (closed) when another mode is entered; the table
//! when the mode entered has none ([`crate::modes::table`]).

use super::Online;
use crate::launch::{OnlineStart, Start};
use crate::modes::table::{self, Table, TableError};
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

/// Why a match across machines cannot be put on the table here.
#[derive(Debug, thiserror::Error)]
pub enum NotAtTheTable {
    #[error("the network link broke")]
    LinkBroke,
    #[error("not joined to a match")]
    NotJoined,
    #[error("the host's match has not started")]
    HostNotStarted,
    #[error(transparent)]
    Table(#[from] TableError),
}

/// The host's match at the table here, with this machine's seats, and the first call: the
/// join code at the host's window, or whom this machine joined as.
fn at_the_table(online: &OnlineStart, spec: &Spec) -> Result<(Table, Vec<String>), NotAtTheTable> {
    let guard = online.guest.lock().map_err(|_| NotAtTheTable::LinkBroke)?;
    let guest = guard.as_ref().ok_or(NotAtTheTable::NotJoined)?;
    let game = guest.game.clone().ok_or(NotAtTheTable::HostNotStarted)?;
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
